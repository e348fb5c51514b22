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
}
