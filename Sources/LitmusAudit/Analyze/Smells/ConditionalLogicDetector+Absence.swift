import SwiftSyntax

extension ConditionalLogicDetector {
    /// Whether `assertion`, in the body of `branch`, checks only that an entry of the collection the branch's one
    /// condition binds is absent (`XCTAssertNil(x[k])`, `#expect(x[k] == nil)`, `#expect(!x.keys.contains(k))`,
    /// `XCTAssertFalse(x.contains(k))`): when the binding fails, there is no collection and no entry, so what the check
    /// states holds anyway and skipping it lets nothing broken pass (PostHog/posthog-ios 3.69.3's `if let personProperties =
    /// body["person_properties"] as? [String: Any] { #expect(personProperties["property1"] == nil) }`, read false on
    /// first contact). The bound value must itself be an entry of another collection (``isEntryLookup(_:)``), not what
    /// a call made, whose absence is the code under test failing. Not a check of a presence or a value (`x[k] != nil`,
    /// `x.count == 2`), nor of a member (`user.deletedAt == nil`, `x[0].error == nil`), nor one of a name the condition
    /// does not bind, nor under an `if` of several conditions (`if let x, let y`: when `y` is missing, `x` may hold
    /// what the check would have failed on) or of one that is no binding.
    static func checksOnlyAbsence(_ assertion: Syntax, under branch: IfExprSyntax) -> Bool {
        guard branch.conditions.count == 1,
            let binding = branch.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value, isEntryLookup(value)
        else { return false }
        guard let name = SmellScan.assertionName(assertion),
            let first = SmellScan.arguments(assertion).first?.expression
        else { return false }
        // An entry looked up in the bound collection (`x[k]`, `x[k]?[j]`): no collection, no entry. Not a member of
        // an entry (`x[0].error`), which a missing `x` hides.
        func readsBound(_ expression: ExprSyntax) -> Bool { lookupBase(expression) == bound }
        // A search of the bound collection, of its keys or of its values (`x.contains(k)`, `x.keys.contains(k)`).
        func isContains(_ expression: ExprSyntax) -> Bool {
            guard let call = expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "contains", var base = member.base
            else { return false }
            if let view = base.as(MemberAccessExprSyntax.self),
                ["keys", "values"].contains(view.declName.baseName.text),
                let collection = view.base
            {
                base = collection
            }
            return base.as(DeclReferenceExprSyntax.self)?.baseName.text == bound
        }
        switch name {
        case "XCTAssertNil": return readsBound(first)
        case "XCTAssertFalse": return isContains(first)
        case "#expect", "XCTAssert", "XCTAssertTrue":
            let value = first.withoutParentheses
            if let negation = value.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
                return isContains(negation.expression.withoutParentheses)
            }
            guard let (left, op, right) = EqualityShapeDetector.comparison(value), op == "==" else { return false }
            return (right.is(NilLiteralExprSyntax.self) && readsBound(left))
                || (left.is(NilLiteralExprSyntax.self) && readsBound(right))
        default:
            return false
        }
    }

    /// Whether `value` is an entry looked up in another collection, cast or not (`body["p"]`, `body["p"] as? [String:
    /// Any]`): not a call's result (`try? sut.encode(u)`, `sut.tags(for: id)`), whose absence is the code under test
    /// failing.
    private static func isEntryLookup(_ value: ExprSyntax) -> Bool {
        let uncast = EqualityShapeDetector.cast(value.withoutParentheses)?.value ?? value
        return lookupBase(uncast) != nil
    }

    /// The name of the collection `expression` looks an entry up in through subscripts and optional chains only, one
    /// subscript at least (`x` of `x["a"]?["b"]`); `nil` for anything else (a member, a call on the way).
    private static func lookupBase(_ expression: ExprSyntax) -> String? {
        var current = expression.withoutParentheses
        var looksUp = false
        while true {
            if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                looksUp = true
                current = subscripted.calledExpression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else {
                return looksUp ? current.as(DeclReferenceExprSyntax.self)?.baseName.text : nil
            }
        }
    }
}
