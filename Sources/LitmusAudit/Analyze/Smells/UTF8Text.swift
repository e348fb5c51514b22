import SwiftSyntax

/// Data that is a string's UTF-8 by construction, read from the package's function that returns it:
/// `String(data: d, encoding: .utf8)` of such data is never `nil`, so a test's force unwrap of it cannot
/// trap (CoreOffice/XMLCoder 0.18.2: `XMLEncoder.encode(_:withRootKey:…)` returns
/// `element.toXMLString(…).data(using: .utf8, allowLossyConversion: true)!`, and 45 of its tests unwrap
/// the text of what it encoded).
enum UTF8Text {
    /// What the functions of one name, each declared to return `Data`, return: `text` when every value
    /// returned is a string's UTF-8 (`s.data(using: .utf8)`, with or without `!` or more arguments, or
    /// `Data(s.utf8)`) or what a function of the same name returns (an overload it forwards to), and at
    /// least one is a string's UTF-8.
    enum Verdict {
        case text, forwards, other
    }

    /// The verdict on `function`, when it is declared to return `Data` (`nil` otherwise: it is not asked).
    static func verdict(on function: FunctionDeclSyntax) -> Verdict? {
        guard let type = function.signature.returnClause?.type.as(IdentifierTypeSyntax.self),
            type.name.text == "Data", type.genericArgumentClause == nil
        else { return nil }
        guard let body = function.body else { return .other }
        let encoders = jsonEncoders(in: body)
        let verdicts = body.statements.returnedValues.map {
            $0.map { judge($0, name: function.name.text, encoders: encoders) } ?? .other
        }
        if verdicts.isEmpty || verdicts.contains(.other) { return .other }
        return verdicts.contains(.text) ? .text : .forwards
    }

    /// `s.data(using: .utf8 …)`, `Data(s.utf8)`, what a `JSONEncoder` encodes (`JSONEncoder().encode(x)`, or
    /// `encoder.encode(x)` of one of `encoders`: JSONEncoder writes UTF-8 whatever it encodes), or a call of a
    /// function named `name` (`encode(…)`, `self.encode(…)`), under `try`, `await` or a force unwrap.
    private static func judge(_ value: ExprSyntax, name: String, encoders: Set<String> = []) -> Verdict {
        var expression = value.withoutTryOrAwait
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression.withoutTryOrAwait }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return .other }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "data", let encoding = call.arguments.first,
                encoding.label?.text == "using", isUTF8(encoding.expression)
            {
                return .text
            }
            let base = member.base?.trimmedDescription
            if member.declName.baseName.text == "encode", call.arguments.count == 1,
                encoders.contains(base ?? "") || base == "JSONEncoder()"
            {
                return .text
            }
            return member.declName.baseName.text == name && (base == "self" || base == "Self") ? .forwards : .other
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.text == name { return .forwards }
            if reference.baseName.text == "Data", call.arguments.count == 1, let bytes = call.arguments.first,
                bytes.label == nil, bytes.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "utf8"
            {
                return .text
            }
        }
        return .other
    }

    /// The names `body` binds once with `let` to `JSONEncoder()` (its options set afterwards or not: each writes
    /// UTF-8), by no other pattern (swiftlang/swift-driver's `toJSON()`: `let encoder = JSONEncoder()`, its
    /// formatting set, then `return try encoder.encode(self)`).
    private static func jsonEncoders(in body: CodeBlockSyntax) -> Set<String> {
        var names: [String: Int] = [:]
        var made: Set<String> = []
        for binding in body.descendants(of: PatternBindingSyntax.self) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            names[name, default: 0] += 1
            if binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
                binding.initializer?.value.trimmedDescription == "JSONEncoder()"
            {
                made.insert(name)
            }
        }
        return made.filter { names[$0] == 1 }
    }

    /// Whether `value` is a string's UTF-8: `s.data(using: .utf8)` (under `try` or `!`) or `Data(s.utf8)`.
    static func isStringUTF8(_ value: ExprSyntax) -> Bool {
        judge(value, name: "") == .text
    }

    /// `.utf8` or `String.Encoding.utf8`.
    static func isUTF8(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "utf8"
        else { return false }
        return member.base == nil || member.base?.trimmedDescription == "String.Encoding"
    }
}
