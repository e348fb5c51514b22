import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The type this call initializes, by its capitalized name: `T` of `T(…)` and `T<U>(…)` (ReactiveSwift 7.2.1's
    /// `MutableProperty<Int>(1)`), of `T.init(…)`, and of a nested type's `Outer.T(…)`, every component of its name
    /// capitalized (`CassandraClient.Configuration(…)`; not `Outer.make(…)`, a function); `implicit` for
    /// `.init(…)`, whose type only the context gives. `nil` for a function's call.
    func initializedTypeName(implicit: String? = nil) -> String? {
        let called = calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true ? reference.baseName.text : nil
        }
        guard let member = called.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else { return name == "init" ? implicit : nil }
        let type = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
        guard let typeName = type.typeNameByComponents else { return nil }
        if name == "init" { return typeName }
        return name.first?.isUppercase == true ? name : nil
    }
}

extension ExprSyntax {
    /// The type this expression names by capitalized components, by its last name: `CassandraClient`, `UUID` of
    /// `Foundation.UUID`, `Tag` of `ASN1.Tag`; `nil` when a component is not capitalized (a value, `asn1.Tag`).
    var typeNameByComponents: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true ? reference.baseName.text : nil
        }
        guard let member = self.as(MemberAccessExprSyntax.self), let base = member.base,
            base.typeNameByComponents != nil, member.declName.baseName.text.first?.isUppercase == true
        else { return nil }
        return member.declName.baseName.text
    }
}
