import SwiftSyntax

/// What each operator turns a piece of code into: the rules, apart from the tree walk.
enum Operators {
    /// Replacements of a binary operator, by the operator that makes them.
    static func binary(_ op: String, _ node: InfixOperatorExprSyntax) -> [(MutationOperator, String)] {
        switch op {
        case "<": return [(.relationalBoundary, "<="), (.negatedRelational, ">=")]
        case "<=": return [(.relationalBoundary, "<"), (.negatedRelational, ">")]
        case ">": return [(.relationalBoundary, ">="), (.negatedRelational, "<=")]
        case ">=": return [(.relationalBoundary, ">"), (.negatedRelational, "<")]
        case "==": return [(.negatedRelational, "!=")]
        case "!=": return [(.negatedRelational, "==")]
        case "+":
            // `+` also joins strings and arrays, which have no `-`: a compiler would reject it.
            let joins = [node.leftOperand, node.rightOperand].contains {
                $0.is(StringLiteralExprSyntax.self) || $0.is(ArrayExprSyntax.self)
            }
            return joins ? [] : [(.arithmetic, "-")]
        case "-": return [(.arithmetic, "+")]
        case "*": return [(.arithmetic, "/")]
        case "/": return [(.arithmetic, "*")]
        case "%": return [(.arithmetic, "*")]
        case "&&": return [(.logicalConnector, "||")]
        case "||": return [(.logicalConnector, "&&")]
        default: return []
        }
    }

    /// `a..<b` means `a...b` as `a..<(b + 1)` and `a...b` means `a..<b` as `a...(b - 1)`: the bound
    /// moves and the range keeps its type (a ternary between `Range` and `ClosedRange` would not compile).
    static func rangeBound(_ op: String, _ node: InfixOperatorExprSyntax) -> String? {
        let bound = node.rightOperand.trimmedDescription
        switch op {
        case "..<": return "(\(bound) + 1)"
        case "...": return "(\(bound) - 1)"
        default: return nil
        }
    }

    /// Compound assignments and their replacement.
    static let compoundAssignments = ["+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="]

    /// `min` ↔ `max`, `first` ↔ `last`.
    static let swaps = ["min": "max", "max": "min", "first": "last", "last": "first"]

    /// An integer literal's replacements: `0` (or `1` for `0`), and one more than written unless that
    /// overflows a fixed-width type by construction (127, 255, 32767, …). Decimal literals only.
    static func integers(_ literal: String) -> [String] {
        let digits = literal.filter { $0 != "_" }
        guard let value = Int(digits), digits.allSatisfy(\.isASCII) else { return [] }
        if value == 0 { return ["1"] }
        var result = ["0"]
        let next = value.addingReportingOverflow(1)
        let isPowerOfTwo = !next.overflow && next.partialValue & (next.partialValue - 1) == 0
        if !next.overflow, !(isPowerOfTwo && value >= 127) { result.append(String(next.partialValue)) }
        return result
    }

    /// A string literal's mutant: `""`, except for a one-character literal, which may be a `Character`
    /// (no `""` exists for it): that becomes another character, `" "` (or `"_"` for a space).
    static func emptied(_ literal: StringLiteralExprSyntax) -> String {
        guard literal.openingQuote.text == "\"", literal.segments.count == 1,
            let content = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
        else { return "\"\"" }
        guard content.count == 1 else { return "\"\"" }
        return content == " " ? "\"_\"" : "\" \""
    }

    /// A literal, which other operators already change.
    static func isLiteral(_ expression: ExprSyntax) -> Bool {
        expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(StringLiteralExprSyntax.self)
            || expression.is(NilLiteralExprSyntax.self)
    }

    /// The declared type a `return` returns: the function's, subscript's or computed property's; none in
    /// a closure (its type is inferred).
    static func returnType(of statement: ReturnStmtSyntax) -> TypeSyntax? {
        var current = Syntax(statement)
        while let parent = current.parent {
            if parent.is(ClosureExprSyntax.self) || parent.is(InitializerDeclSyntax.self) { return nil }
            if let function = parent.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type }
            if let subscriptDecl = parent.as(SubscriptDeclSyntax.self) { return subscriptDecl.returnClause.type }
            if let accessor = parent.as(AccessorDeclSyntax.self), accessor.accessorSpecifier.tokenKind != .keyword(.get)
            {
                return nil
            }
            if let binding = parent.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type }
            current = parent
        }
        return nil
    }

    /// The obvious empty value of a type, when there is one.
    static func emptyValue(of type: TypeSyntax) -> String? {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "nil" }
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        let name = type.trimmedDescription
        if name.hasPrefix("Optional<") { return "nil" }
        switch name {
        case "Bool": return "false"
        case "String", "Substring": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "CGFloat", "Decimal":
            return "0"
        default: return nil
        }
    }

    /// A call statement whose removal compiles: one of several statements of a function body (a lone
    /// statement may be an implicit return; a closure's may feed a result builder), not `super.…` or
    /// `init`, not in a declaration built by a result builder.
    static func isRemovableCall(_ item: CodeBlockItemSyntax) -> Bool {
        guard case .expr(var expression) = item.item else { return false }
        while true {
            if let tried = expression.as(TryExprSyntax.self) {
                expression = tried.expression
            } else if let awaited = expression.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else {
                break
            }
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count > 1,
            list.parent?.is(ClosureExprSyntax.self) != true
        else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "init" || member.base?.is(SuperExprSyntax.self) == true { return false }
        }
        var current = Syntax(item)
        while let parent = current.parent {
            let attributes =
                parent.as(FunctionDeclSyntax.self)?.attributes ?? parent.as(VariableDeclSyntax.self)?.attributes
            if let attributes, attributes.contains(where: { $0.trimmedDescription.hasSuffix("Builder") }) {
                return false
            }
            current = parent
        }
        return true
    }
}
