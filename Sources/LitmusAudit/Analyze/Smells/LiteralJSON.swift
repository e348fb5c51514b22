import SwiftSyntax

/// `JSONSerialization.data(withJSONObject:)` of a literal the test writes: an array or a dictionary whose keys
/// are strings and whose values are strings, numbers, Booleans, or arrays and dictionaries of such (each
/// possibly a constant the test binds to one). Such an object is valid JSON, so the call cannot throw, and
/// its `try!` (or a `guard` on its `try?`) cannot trap (Moya 15.0.3's specs: 43 findings read false).
enum LiteralJSON {
    /// Whether `expression` (under a `try`) is that call, of an object the sources show is literal JSON.
    static func cannotThrow(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedDescription == "JSONSerialization", member.declName.baseName.text == "data",
            let object = call.arguments.first, object.label?.text == "withJSONObject"
        else { return false }
        let value = resolved(object.expression, test: test, depth: 0)
        guard let value, value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) else { return false }
        return isJSON(value, test: test, depth: 0)
    }

    /// `expression`, or the literal a constant of that name is bound to where it is read: a `let` of a block
    /// around the read, before it, with no type or a type JSON has (`let c: Character = "a"` is no string).
    private static func resolved(_ expression: ExprSyntax, test: ScannedTest, depth: Int) -> ExprSyntax? {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return expression }
        guard depth < 4, let value = test.letValue(of: name, at: Syntax(expression)),
            let binding = value.parent?.parent?.as(PatternBindingSyntax.self),
            ScannedTest.isVisible(binding, at: Syntax(expression))
        else { return nil }
        guard let type = binding.typeAnnotation?.type else { return value }
        let names = type.descendants(of: IdentifierTypeSyntax.self).map(\.name.text)
        return names.allSatisfy(jsonTypes.contains) ? value : nil
    }

    /// The types a JSON value written as a literal may be annotated with.
    static let jsonTypes: Set<String> = ["String", "Int", "Double", "Bool", "Any", "AnyHashable", "NSNumber"]

    /// Whether `value` is a JSON value written as a literal: a string (interpolated or not), a number, a
    /// Boolean, or an array or dictionary with string keys of such.
    private static func isJSON(_ value: ExprSyntax, test: ScannedTest, depth: Int) -> Bool {
        guard depth < 8, let value = resolved(value, test: test, depth: depth) else { return false }
        if value.is(StringLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        // A float literal past Double's range is infinite, which JSON cannot hold.
        if let float = value.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text)?.isFinite == true }
        if let negative = value.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            return negative.expression.is(IntegerLiteralExprSyntax.self)
                || (negative.expression.as(FloatLiteralExprSyntax.self).flatMap { Double($0.literal.text) }?.isFinite
                    ?? false)
        }
        if let array = value.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isJSON($0.expression, test: test, depth: depth + 1) }
        }
        if let dictionary = value.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return true }
            return elements.allSatisfy {
                $0.key.is(StringLiteralExprSyntax.self) && isJSON($0.value, test: test, depth: depth + 1)
            }
        }
        return false
    }
}
