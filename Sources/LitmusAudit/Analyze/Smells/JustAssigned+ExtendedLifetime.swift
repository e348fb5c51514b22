import SwiftSyntax

extension JustAssigned {
    /// The variable `x` of `withExtendedLifetime(x) { p in … }` when `expression` names the closure's parameter (`p`,
    /// or `$0` in a closure that names none): the standard library calls the closure with `x`'s value, so an unwrap
    /// of the parameter is an unwrap of `x` where the call is (ReactiveSwift 7.2.1's `withExtendedLifetime(
    /// mutableProperty) { _ = $0!.signal… }`, groue/GRDB.swift's `withExtendedLifetime(sharedObservation) {
    /// sharedObservation in … sharedObservation! … }`). `nil` for any other expression, a local of that name declared
    /// nearer, or another closure that binds the name.
    static func extendedLifetimeArgument(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        var node = Syntax(reference).parent
        while let current = node {
            if let list = current.as(CodeBlockItemListSyntax.self),
                binding(of: name, in: list, before: reference) != nil
            {
                return nil
            }
            if let closure = current.as(ClosureExprSyntax.self) {
                let names = closure.parameterNames
                if name == "$0" { return names == nil ? argument(ofLifetimeCall: closure) : nil }
                if let names, names.contains(name) { return names.count == 1 ? argument(ofLifetimeCall: closure) : nil }
            }
            if current.is(FunctionDeclSyntax.self) || current.is(MemberBlockSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    /// The first argument of the `withExtendedLifetime(x)` that `closure` is the body of (its trailing closure or its
    /// `body:` argument), when it is a variable (`x`, `self.x`).
    private static func argument(ofLifetimeCall closure: ClosureExprSyntax) -> ExprSyntax? {
        guard let call = closure.hostCall, call.calledExpression.trimmedDescription == "withExtendedLifetime",
            let first = call.arguments.first, first.label == nil, first.expression.id != closure.id,
            AssignedAtSetUp.propertyName(first.expression) != nil
        else { return nil }
        return first.expression
    }
}
