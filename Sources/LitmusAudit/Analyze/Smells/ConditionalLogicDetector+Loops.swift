import SwiftSyntax

/// What the loops of a test go over: the tables the test wrote out (a literal, a range of literals, a name
/// bound to one, a stored property of its type holding one, `allCases`), which always iterate and whose
/// elements a branch may filter, and sequences of a size the test fixed (`stride(from: 0, to:
/// buffer.count, by: 4)` over `let buffer = [UInt8](repeating: 0, count: 16)`).
extension ConditionalLogicDetector {
    /// Whether `sequence` is a table the test wrote out: a non-empty array literal, a range between
    /// integer literals (`-5...5`, `0..<3`), a name the test bound to a literal collection or a parameter
    /// (`literalNames`), or `allCases`.
    static func isWrittenTable(_ sequence: ExprSyntax, literalNames: Set<String>) -> Bool {
        if let array = sequence.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        if let name = sequence.as(DeclReferenceExprSyntax.self)?.baseName.text { return literalNames.contains(name) }
        if let member = sequence.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return name == "allCases"
                || (["self", "Self"].contains(member.base?.trimmedDescription ?? "") && literalNames.contains(name))
        }
        let isInteger = { (expression: ExprSyntax) -> Bool in
            if expression.is(IntegerLiteralExprSyntax.self) { return true }
            guard let prefix = expression.as(PrefixOperatorExprSyntax.self) else { return false }
            return prefix.operator.text == "-" && prefix.expression.is(IntegerLiteralExprSyntax.self)
        }
        guard let (low, op, high) = EqualityShapeDetector.comparison(sequence) else { return false }
        return ["...", "..<"].contains(op) && isInteger(low) && isInteger(high)
    }

    /// Whether a loop over `sequence` always iterates, as far as the test decides: a table the test wrote
    /// (a literal collection, a range, a name, `self.cases`, `Self.table`, `allCases`, what a method or
    /// helper makes of them), or `zip`/`stride`/`enumerated`/`indices`/a subscript of those. A property
    /// of a value the test got from the code under test (`csv.rows` of a local `csv`,
    /// `Mirror(reflecting: x).children`) may be empty.
    static func alwaysIterates(_ sequence: ExprSyntax, literalNames: Set<String>, sizes: [String: Int] = [:]) -> Bool {
        let iterates = { (expression: ExprSyntax) in
            alwaysIterates(expression, literalNames: literalNames, sizes: sizes)
        }
        if let tried = sequence.as(TryExprSyntax.self) { return iterates(tried.expression) }
        if let awaited = sequence.as(AwaitExprSyntax.self) { return iterates(awaited.expression) }
        if let array = sequence.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        if let tuple = sequence.as(TupleExprSyntax.self), let only = tuple.elements.first, tuple.elements.count == 1 {
            return iterates(only.expression)
        }
        if let subscripted = sequence.as(SubscriptCallExprSyntax.self) { return iterates(subscripted.calledExpression) }
        if let call = sequence.as(FunctionCallExprSyntax.self) {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                if name == "stride", let fixed = strideIterates(call, sizes: sizes) { return fixed }
                if ["zip", "stride", "product"].contains(name) {
                    return call.arguments.allSatisfy { iterates($0.expression) }
                }
                if name == "XCTUnwrap" || name.first?.isUppercase == true, let first = call.arguments.first {
                    return iterates(first.expression)
                }
                return true
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                ["enumerated", "reversed", "sorted", "dropLast", "dropFirst", "shuffled"].contains(
                    member.declName.baseName.text)
            {
                return iterates(base)
            }
            return true
        }
        guard let member = sequence.as(MemberAccessExprSyntax.self) else { return true }
        guard let base = member.base else { return true }
        let name = member.declName.baseName.text
        if ["indices", "keys", "values", "lazy"].contains(name) { return iterates(base) }
        if name == "allCases" || ["self", "Self"].contains(base.trimmedDescription) { return true }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let root = reference.baseName.text
            return root.first?.isUppercase == true || literalNames.contains(root)
        }
        if let call = base.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
        {
            return false
        }
        return iterates(base)
    }

    /// `+=`, `-=`, `*=`, `|=` and the other compound assignments.
    static func isCompoundAssignment(_ element: ExprSyntax) -> Bool {
        guard let text = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return text.count >= 2 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(text)
    }

    /// Whether `stride(from: a, to: b, by: c)` (or `through:`) iterates, when its bounds and step are
    /// numbers the test fixed (``constant(_:sizes:)``); `nil` when one is not.
    static func strideIterates(_ call: FunctionCallExprSyntax, sizes: [String: Int]) -> Bool? {
        let arguments = Dictionary(call.arguments.map { ($0.label?.text ?? "", $0.expression) }) { first, _ in first }
        guard let from = arguments["from"].flatMap({ constant($0, sizes: sizes) }),
            let step = arguments["by"].flatMap({ constant($0, sizes: sizes) }), step != 0
        else { return nil }
        if let to = arguments["to"].flatMap({ constant($0, sizes: sizes) }) { return step > 0 ? from < to : from > to }
        // Up to the count of a collection that holds at least a literal's elements (`[0xcc] + random(99)`).
        if step > 0, let to = arguments["to"]?.as(MemberAccessExprSyntax.self), to.declName.baseName.text == "count",
            let base = to.base?.as(DeclReferenceExprSyntax.self),
            let least = sizes[base.baseName.text + ".count" + atLeast], from < least
        {
            return true
        }
        if let through = arguments["through"].flatMap({ constant($0, sizes: sizes) }) {
            return step > 0 ? from <= through : from >= through
        }
        return nil
    }

    /// The value of an integer the test fixed: a literal, a `let` bound to one, or `X.count` of a
    /// collection made with a fixed size (``fixedSizes(_:)``).
    static func constant(_ expression: ExprSyntax, sizes: [String: Int]) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) { return integer(of: literal) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return constant(prefix.expression, sizes: sizes).map { -$0 }
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text { return sizes[name] }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return sizes[base.baseName.text + ".count"]
    }

    /// The key suffix of a count that is a lower bound, not the size: `bytes.count≥` for `let bytes = [0xcc] +
    /// random(99)`.
    static let atLeast = "≥"

    /// The sizes the test fixes, by `let`: `n` for `let n = 16`, `buffer.count` for `let buffer =
    /// [UInt8](repeating: 0, count: 16)`, `Data(count: 16)`, `Array(repeating: x, count: n)` or an array
    /// literal of 16 elements; and `bytes.count≥` (``atLeast``), the least count of a concatenation holding array
    /// literals (`[0xcc] + random(99)`: at least 1; yaslab/CSV.swift 2.5.2's binary reader tests).
    static func fixedSizes(_ test: ScannedTest) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for binding in test.all(PatternBindingSyntax.self) {
            guard binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            else { continue }
            if let number = constant(value, sizes: sizes) {
                sizes[name] = number
            } else if let array = value.as(ArrayExprSyntax.self) {
                sizes[name + ".count"] = array.elements.count
            } else if let least = leastConcatenatedCount(value), least > 0 {
                sizes[name + ".count" + atLeast] = least
            } else if let call = value.as(FunctionCallExprSyntax.self),
                let count = call.arguments.first(where: { $0.label?.text == "count" }).flatMap({
                    constant($0.expression, sizes: sizes)
                }),
                call.arguments.count == 1 || call.arguments.first?.label?.text == "repeating"
            {
                sizes[name + ".count"] = count
            }
        }
        return sizes
    }

    /// The elements of the array literals `value` concatenates with `+` (`[0xcc] + random(99)`: 1), or `nil`
    /// when it is no concatenation holding one.
    private static func leastConcatenatedCount(_ value: ExprSyntax) -> Int? {
        guard let elements = value.as(SequenceExprSyntax.self).map({ Array($0.elements) }), elements.count >= 3,
            elements.enumerated().allSatisfy({ index, element in
                index % 2 == 0 || element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
            })
        else { return nil }
        let literals = elements.enumerated().compactMap { index, element in
            index % 2 == 0 ? element.as(ArrayExprSyntax.self) : nil
        }
        return literals.isEmpty ? nil : literals.map(\.elements.count).reduce(0, +)
    }

    /// The stored properties of the test's type that hold a non-empty literal collection (`let cases =
    /// [("1", 1), …]` beside the test methods): the table the tests read, by `cases`, `self.cases` or
    /// `Self.cases`; and the constants of its file that hold one (`private let order: [QoSClass] = [.unspecified,
    /// .background, …]` above the test class, ProcedureKit 5.2.0's: 2 read false on first contact).
    static func memberTables(_ test: ScannedTest) -> Set<String> {
        var current = test.declaration.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        let members = current?.as(MemberBlockSyntax.self)?.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
        let constants = test.declaration.root.as(SourceFileSyntax.self)?.statements.compactMap {
            $0.item.as(VariableDeclSyntax.self)
        }.filter { $0.bindingSpecifier.tokenKind == .keyword(.let) }
        return Set(
            ((members ?? []) + (constants ?? [])).flatMap(\.bindings).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value, isLiteralCollection(value)
                else { return nil }
                return name
            })
    }

    /// A non-empty array or dictionary literal.
    static func isLiteralCollection(_ value: ExprSyntax) -> Bool {
        if let array = value.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        return value.as(DictionaryExprSyntax.self)?.content.is(DictionaryElementListSyntax.self) == true
    }

    /// The names the test binds to a non-empty literal array or dictionary (`let cases = [(1, 2), …]`).
    static func literalCollections(_ test: ScannedTest) -> Set<String> {
        Set(
            test.all(PatternBindingSyntax.self).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { return nil }
                if let array = value.as(ArrayExprSyntax.self), !array.elements.isEmpty { return name }
                if let dictionary = value.as(DictionaryExprSyntax.self),
                    dictionary.content.is(DictionaryElementListSyntax.self)
                {
                    return name
                }
                return nil
            })
    }

    /// Whether `branch` only adds checks for some elements of a `for` loop around it: its condition
    /// reads nothing but the loop's element (`if entry.type == .file`, `if entry.type != .directory`), a
    /// property of what is iterated, not something the test decides, and the loop's body checks every
    /// element before it, unconditionally (ZIPFoundation 0.9.20's extraction tests check each entry's
    /// checksums and existence, then reread the content of file entries only); the element compared with the bounds of
    /// the range the loop walks counts too (``rangeBounds(_:)``). A branch on anything else,
    /// or in a loop with no check of its own before it, may still skip every check.
    static func addsToElementChecks(_ branch: IfExprSyntax, assertions: [Syntax]) -> Bool {
        var current = branch.parent
        while let syntax = current {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
            if let loop = syntax.as(ForStmtSyntax.self) {
                let elements = Set(loop.pattern.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
                    .union(loop.pattern.as(IdentifierPatternSyntax.self).map { [$0.identifier.text] } ?? [])
                guard
                    readsOnly(branch.conditions, elements)
                        || comparesElement(branch.conditions, elements: elements, withBoundsOf: loop.sequence)
                else { return false }
                let loopBody = Syntax(loop.body)
                return assertions.contains { check in
                    check.position < branch.position && !isFailureOnly(check)
                        && RequiredBefore.isUnconditional(check, in: loopBody)
                }
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether `conditions` are one comparison of the loop's element with what reads only the bounds of the range the
    /// loop walks, by `<`, `<=`, `>`, `>=` or `!=` (`for i in 0 ... c` … `if i < c`, which leaves out the end index
    /// alone: attaswift/BTree 4.1.0): it places the element in that range. Not `==`, nor a condition with more to it.
    private static func comparesElement(
        _ conditions: ConditionElementListSyntax, elements: Set<String>, withBoundsOf sequence: ExprSyntax
    ) -> Bool {
        let bounds = rangeBounds(sequence)
        guard conditions.count == 1, !bounds.isEmpty, let condition = conditions.first?.condition.as(ExprSyntax.self),
            let (left, op, right) = EqualityShapeDetector.comparison(condition),
            ["<", "<=", ">", ">=", "!="].contains(op)
        else { return false }
        let isElement = { (side: ExprSyntax) in
            side.as(DeclReferenceExprSyntax.self).map { elements.contains($0.baseName.text) } ?? false
        }
        let readsBounds = { (side: ExprSyntax) in
            let read =
                (side.as(DeclReferenceExprSyntax.self).map { [$0] }
                ?? side.descendants(of: DeclReferenceExprSyntax.self))
                .filter { $0.parent?.as(MemberAccessExprSyntax.self)?.declName.id != $0.id }.map(\.baseName.text)
            return !read.isEmpty && read.allSatisfy(bounds.contains)
        }
        return (isElement(left) && readsBounds(right)) || (isElement(right) && readsBounds(left))
    }

    /// The names a range's bounds read (`c` of `0 ... c`). Nothing for another sequence.
    private static func rangeBounds(_ sequence: ExprSyntax) -> Set<String> {
        guard let (low, op, high) = EqualityShapeDetector.comparison(sequence), ["...", "..<"].contains(op) else {
            return []
        }
        return Set(
            [low, high].flatMap { bound in
                (bound.as(DeclReferenceExprSyntax.self).map { [$0] }
                    ?? bound.descendants(of: DeclReferenceExprSyntax.self))
                    .map(\.baseName.text)
            })
    }

    /// Whether the condition of `loop`, one comparison, holds when the test first reaches it, by integers the test
    /// fixed (``fixedInteger(_:before:in:)``): the body then runs at least once (`let count = 42; var offset = 0;
    /// while offset < count { … }`: attaswift/BTree 4.1.0). Not a condition on anything else.
    ///
    /// `while !list.isEmpty` holds on entry too when the test bound `list` to a non-empty literal and nothing changed
    /// it before (attaswift/BigInt 6.0.1's `var widths: Set<Int> = [0, 1, 2, 3]; while !widths.isEmpty { … }`, read
    /// false on its first contact).
    static func holdsOnEntry(_ loop: WhileStmtSyntax, in body: Syntax) -> Bool {
        guard loop.conditions.count == 1, let condition = loop.conditions.first?.condition.as(ExprSyntax.self) else {
            return false
        }
        if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!",
            let member = negation.expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "isEmpty", let list = member.base
        {
            return (fixedCount(list, before: Syntax(loop), in: body) ?? 0) > 0
        }
        guard let (left, op, right) = EqualityShapeDetector.comparison(condition),
            let low = fixedInteger(left, before: Syntax(loop), in: body),
            let high = fixedInteger(right, before: Syntax(loop), in: body)
        else { return false }
        switch op {
        case "<": return low < high
        case "<=": return low <= high
        case ">": return low > high
        case ">=": return low >= high
        case "!=": return low != high
        default: return false
        }
    }
}
