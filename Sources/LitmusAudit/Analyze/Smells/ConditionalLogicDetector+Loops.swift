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
        if let through = arguments["through"].flatMap({ constant($0, sizes: sizes) }) {
            return step > 0 ? from <= through : from >= through
        }
        return nil
    }

    /// The value of an integer the test fixed: a literal, a `let` bound to one, or `X.count` of a
    /// collection made with a fixed size (``fixedSizes(_:)``).
    static func constant(_ expression: ExprSyntax, sizes: [String: Int]) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return constant(prefix.expression, sizes: sizes).map { -$0 }
        }
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text { return sizes[name] }
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return sizes[base.baseName.text + ".count"]
    }

    /// The sizes the test fixes, by `let`: `n` for `let n = 16`, `buffer.count` for `let buffer =
    /// [UInt8](repeating: 0, count: 16)`, `Data(count: 16)`, `Array(repeating: x, count: n)` or an array
    /// literal of 16 elements.
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

    /// The stored properties of the test's type that hold a non-empty literal collection (`let cases =
    /// [("1", 1), …]` beside the test methods): the table the tests read, by `cases`, `self.cases` or
    /// `Self.cases`.
    static func memberTables(_ test: ScannedTest) -> Set<String> {
        var current = test.declaration.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        guard let members = current?.as(MemberBlockSyntax.self) else { return [] }
        return Set(
            members.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings).compactMap {
                binding in
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
    static func holdsOnEntry(_ loop: WhileStmtSyntax, in body: Syntax) -> Bool {
        guard loop.conditions.count == 1, let condition = loop.conditions.first?.condition.as(ExprSyntax.self),
            let (left, op, right) = EqualityShapeDetector.comparison(condition),
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

    /// The integer `expression` is at `place`: a literal, a sum, difference or product of such, or a name whose last
    /// binding before `place`, in a block around it, gives one, with nothing between changing it (assigned, alone or
    /// in a tuple, passed `inout`, a method called on it) and nothing binding the name again around `place` (a loop's
    /// pattern, a closure's or function's parameter); `nil` otherwise, and for a `place` in a closure, a nested
    /// function or a `defer` below the binding's block, which may run after later changes.
    static func fixedInteger(_ expression: ExprSyntax, before place: Syntax, in body: Syntax, depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        let fixed = { (inner: ExprSyntax) in fixedInteger(inner, before: place, in: body, depth: depth + 1) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return fixed(prefix.expression).map { -$0 }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return fixed(only.expression)
        }
        if let (left, op, right) = EqualityShapeDetector.comparison(expression), let a = fixed(left),
            let b = fixed(right)
        {
            switch op {
            case "+": return a.addingReportingOverflow(b).overflow ? nil : a + b
            case "-": return a.subtractingReportingOverflow(b).overflow ? nil : a - b
            case "*": return a.multipliedReportingOverflow(by: b).overflow ? nil : a * b
            default: return nil
            }
        }
        // The count of a collection the test fixed (`inputs.count` of `let inputs = [16, 14, 10]`).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base
        {
            return fixedCount(base, before: place, in: body, depth: depth + 1)
        }
        return boundValue(of: expression, before: place, in: body).flatMap(fixed)
    }

    /// How many elements `expression` holds at `place`: an array literal's, or a name bound to one as
    /// ``fixedInteger(_:before:in:depth:)`` finds a bound integer, through the calls that keep the count
    /// (`elementsSource`: swift-nio 2.101.3's HeapTests walk `Array([16, 14, …].reversed())`);
    /// `nil` for anything else (a dictionary literal, whose repeated keys trap).
    static func fixedCount(_ expression: ExprSyntax, before place: Syntax, in body: Syntax, depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        let source = expression.elementsSource
        if let array = source.as(ArrayExprSyntax.self) { return array.elements.count }
        return boundValue(of: source, before: place, in: body).flatMap {
            fixedCount($0, before: place, in: body, depth: depth + 1)
        }
    }

    /// The value the name `expression` is bound to at `place`, as ``fixedInteger(_:before:in:depth:)`` reads it: its
    /// last binding before `place` in a block around it, nothing between changing it or binding the name again.
    private static func boundValue(of expression: ExprSyntax, before place: Syntax, in body: Syntax) -> ExprSyntax? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let binding = body.descendants(of: PatternBindingSyntax.self).last(where: { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    && binding.endPosition <= place.position
                    && binding.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) }).map {
                        RequiredBefore.isInside(place, Syntax($0))
                    } == true
            }),
            let block = binding.ancestorOrSelf(mapping: { $0.as(CodeBlockItemListSyntax.self) }),
            !isBoundAgain(name, around: place, below: Syntax(block)),
            let value = binding.initializer?.value,
            !body.descendants(of: Syntax.self).contains(where: { node in
                node.position >= binding.endPosition && node.position < place.position && changes(name, node)
            })
        else { return nil }
        return value
    }

    /// Whether, between `place` and `top`, a loop's pattern or a closure's parameter names `name`, or a closure, a
    /// nested function or a `defer` holds `place`.
    private static func isBoundAgain(_ name: String, around place: Syntax, below top: Syntax) -> Bool {
        var current = place.parent
        while let syntax = current, syntax.id != top.id {
            if syntax.is(ClosureExprSyntax.self) || syntax.is(FunctionDeclSyntax.self)
                || syntax.is(DeferStmtSyntax.self)
            {
                return true
            }
            if let loop = syntax.as(ForStmtSyntax.self),
                loop.pattern.trimmedDescription == name
                    || loop.pattern.descendants(of: IdentifierPatternSyntax.self).contains(where: {
                        $0.identifier.text == name
                    })
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether `node` assigns `name` (`x = …`, `x += …`, `(x, y) = …`), passes it `inout` (`&x`) or calls a method
    /// on it (`x.negate()`).
    private static func changes(_ name: String, _ node: Syntax) -> Bool {
        if let passed = node.as(InOutExprSyntax.self) {
            return passed.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        if let call = node.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?
                .baseName.text == name
        }
        guard let sequence = node.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || isCompoundAssignment(elements[1])
        else { return false }
        if let tuple = elements[0].as(TupleExprSyntax.self) {
            return tuple.elements.contains { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
        }
        return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }
}
