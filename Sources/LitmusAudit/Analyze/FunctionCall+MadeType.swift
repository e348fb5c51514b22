import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The type this call initializes, by its capitalized name: `T` of `T(…)` and `T<U>(…)` (ReactiveSwift 7.2.1's
    /// `MutableProperty<Int>(1)`), of `T.init(…)`, and of a nested type's `Outer.T(…)`, every component of its name
    /// capitalized (`CassandraClient.Configuration(…)`; not `Outer.make(…)`, a function); `implicit` for `.init(…)`,
    /// whose type only the context gives. `nil` for a function's call.
    func initializedTypeName(implicit: String? = nil) -> String? {
        let called = calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true ? reference.baseName.text : nil
        }
        guard let member = called.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else { return name == "init" ? implicit : nil }
        let type = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
        guard Self.isTypeName(type) else { return nil }
        if name == "init" {
            return type.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? type.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
        return name.first?.isUppercase == true ? name : nil
    }

    /// Whether `expression` names a type by capitalized components: `CassandraClient`, `Foundation.UUID`.
    private static func isTypeName(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        return member.declName.baseName.text.first?.isUppercase == true && isTypeName(base)
    }
}
