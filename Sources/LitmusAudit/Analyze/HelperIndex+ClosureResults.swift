import SwiftSyntax

/// What a test helper does with a closure's result: a `try?` a closure hands to a helper that reads it is the
/// closure's result, not an error thrown away (``HelperIndex/returnsValue(of:in:)``).
extension HelperIndex {
    /// Whether `parameter` of `function` is a function whose result is a value (not `Void`, nor a bare generic
    /// parameter, which may be `Void?`: `func measure<T>(_ work: () -> T)`) that the body reads: it calls the parameter,
    /// and never as a statement of its own or `_ = work()`.
    static func usesReturnedValue(of parameter: FunctionParameterSyntax, in function: FunctionDeclSyntax)
        -> Bool
    {
        guard returnsValue(parameter.type), let body = function.body else { return false }
        let generics = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
        if let result = functionType(parameter.type)?.returnClause.type.trimmedDescription, generics.contains(result) {
            return false
        }
        let name = (parameter.secondName ?? parameter.firstName).text
        let calls = body.descendants(of: FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        return !calls.isEmpty
            && calls.allSatisfy { call in
                var value = Syntax(call)
                while let parent = value.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                    value = parent
                }
                if value.parent?.is(CodeBlockItemSyntax.self) == true { return false }
                guard let sequence = value.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self)
                else { return true }
                let elements = Array(sequence.elements)
                return !(elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self))
            }
    }

    /// The function type `type` is, attributed, in parentheses or optional.
    private static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
        var type = type
        while true {
            if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first
            {
                type = only.type
            } else if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else {
                return type.as(FunctionTypeSyntax.self)
            }
        }
    }

    /// Whether `type` is a function type (attributed, in parentheses or optional) whose result is not `Void`.
    private static func returnsValue(_ type: TypeSyntax) -> Bool {
        guard let function = functionType(type) else { return false }
        return !["Void", "()", "Swift.Void"].contains(function.returnClause.type.trimmedDescription)
    }
}
