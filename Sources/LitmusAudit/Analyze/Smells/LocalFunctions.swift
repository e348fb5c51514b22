import SwiftSyntax

/// A function a test declares in its own body (`func test(_ v: String, _ m: String) { … }`, then one call per
/// case), and what its calls there give its parameters: inside it, a parameter holds one of those values and
/// nothing else, as a constant holds its one.
struct LocalFunction {
    /// The function's declaration, a statement of the test's body or of a block in it.
    let declaration: FunctionDeclSyntax
    /// For each call of the function, the value it gives each parameter, in order: its argument, or the
    /// parameter's default; `nil` for a parameter given neither.
    let given: [[ExprSyntax?]]

    /// The functions declared in `test`'s body (not methods of a type declared there) that are called only by
    /// their name, with arguments that match their parameters (no trailing closure, no label out of order, no
    /// variadic parameter). Not a function never called, nor one handed on as a value: its callers are unknown.
    static func all(in test: ScannedTest) -> [LocalFunction] {
        guard let body = test.body else { return [] }
        return body.descendants(of: FunctionDeclSyntax.self).compactMap { function in
            guard function.parent?.is(CodeBlockItemSyntax.self) == true else { return nil }
            let parameters = Array(function.signature.parameterClause.parameters)
            guard !parameters.isEmpty, parameters.allSatisfy({ $0.ellipsis == nil }) else { return nil }
            let name = function.name.text
            let references = body.descendants(of: DeclReferenceExprSyntax.self).filter { $0.baseName.text == name }
            let calls = references.compactMap { reference -> FunctionCallExprSyntax? in
                guard let call = reference.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.id == ExprSyntax(reference).id
                else { return nil }
                return call
            }
            guard !calls.isEmpty, calls.count == references.count else { return nil }
            let given = calls.compactMap { arguments(of: $0, for: parameters) }
            guard given.count == calls.count else { return nil }
            return LocalFunction(declaration: function, given: given)
        }
    }

    /// The local function of `test` whose parameter `reference` names, with the parameter's place in its list:
    /// `reference` inside the function's body, not shadowed there by a binding or a closure's parameter of the same
    /// name.
    static func parameter(named reference: DeclReferenceExprSyntax, in test: ScannedTest) -> (LocalFunction, Int)? {
        let name = reference.baseName.text
        let declares = { (parameter: FunctionParameterSyntax) in
            (parameter.secondName ?? parameter.firstName).text == name
        }
        guard
            let function = reference.ancestorOrSelf(mapping: { syntax -> FunctionDeclSyntax? in
                guard let function = syntax.as(FunctionDeclSyntax.self),
                    function.signature.parameterClause.parameters.contains(where: declares)
                else { return nil }
                return function
            }), let body = function.body,
            let index = Array(function.signature.parameterClause.parameters).firstIndex(where: declares)
        else { return nil }
        // `error` in a `catch` with no pattern is the error it caught.
        let caught =
            name == "error"
            && reference.ancestorOrSelf(mapping: { syntax -> CatchClauseSyntax? in
                guard let clause = syntax.as(CatchClauseSyntax.self), clause.catchItems.isEmpty else { return nil }
                return clause
            }) != nil
        let shadowed =
            caught || body.descendants(of: IdentifierPatternSyntax.self).contains { $0.identifier.text == name }
            || body.descendants(of: ClosureShorthandParameterSyntax.self).contains { $0.name.text == name }
            || body.descendants(of: ClosureParameterSyntax.self).contains {
                ($0.secondName ?? $0.firstName).text == name
            }
        guard !shadowed, let local = all(in: test).first(where: { $0.declaration.id == function.id }) else {
            return nil
        }
        return (local, index)
    }

    /// The parameter at `index` of the function's list.
    func parameter(at index: Int) -> FunctionParameterSyntax {
        Array(declaration.signature.parameterClause.parameters)[index]
    }

    /// The value `call` gives each of `parameters`, in order: its argument, matched by label and position, or the
    /// parameter's default; `nil` for the whole call when its arguments do not match so (a trailing closure, a label
    /// out of order), and for a parameter given none.
    private static func arguments(of call: FunctionCallExprSyntax, for parameters: [FunctionParameterSyntax])
        -> [ExprSyntax?]?
    {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { return nil }
        var remaining = Array(call.arguments)[...]
        var values: [ExprSyntax?] = []
        for parameter in parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if let next = remaining.first, next.label?.text == label {
                values.append(next.expression)
                remaining = remaining.dropFirst()
            } else {
                values.append(parameter.defaultValue?.value)
            }
        }
        return remaining.isEmpty ? values : nil
    }
}
