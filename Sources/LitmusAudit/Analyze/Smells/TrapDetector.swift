import SwiftSyntax

/// Traps in a test: `try!`, a force unwrap (`x!`), a force cast (`as!`), `fatalError`,
/// `preconditionFailure`. A trap ends the test process: under Swift Testing every test of the process,
/// and the report says "crashed", not which check failed. A force unwrap of `URL(string: "literal")`
/// counts too (a bad literal makes it `nil`); one that cannot be `nil` does not: a string literal's
/// `.data(using: .utf8)` (or `.utf16`, `.utf32`, `.unicode`), which every Swift string can encode.
enum TrapDetector {
    static let trappingCalls: Set<String> = ["fatalError", "preconditionFailure"]

    static func smells(_ test: ScannedTest) -> [Smell] {
        var traps: [(Syntax, String)] = []
        for node in test.all(TryExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            traps.append((Syntax(node), "`try!`"))
        }
        // The test's string names, read only for a test that unwraps a `.data(…)` call.
        var strings: Set<String>?
        for node in test.all(ForceUnwrapExprSyntax.self) {
            if node.expression.as(FunctionCallExprSyntax.self).flatMap({ CallCollector.calledName($0.calledExpression) }
            )
                == "data"
            {
                if strings == nil { strings = stringNames(test) }
                if cannotBeNil(node.expression, strings: strings ?? []) { continue }
            }
            traps.append((Syntax(node), "a force unwrap `\(node.trimmedDescription.prefix(50))`"))
        }
        for node in test.all(AsExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            traps.append((Syntax(node), "a force cast `\(node.trimmedDescription.prefix(50))`"))
        }
        for call in test.all(FunctionCallExprSyntax.self) {
            guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                trappingCalls.contains(reference.baseName.text)
            else { continue }
            traps.append((Syntax(call), "`\(reference.baseName.text)`"))
        }
        // Unfolded sequences hold `as!` as an UnresolvedAsExpr.
        for node in test.all(UnresolvedAsExprSyntax.self)
        where node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            traps.append((Syntax(node), "a force cast `as!`"))
        }
        traps.removeAll { isExpectedTrap($0.0) }
        guard let first = traps.min(by: { $0.0.position < $1.0.position }) else { return [] }
        return [
            Smell(
                kind: .trapInTest, node: first.0,
                message: SmellScan.counted(
                    "\(test.shown) can trap: \(first.1), which ends the whole test process instead of failing this test",
                    traps.count))
        ]
    }

    /// The Unicode encodings every Swift string can be encoded in: `data(using:)` never returns `nil` for them.
    static let unicodeEncodings: Set<String> = ["utf8", "utf16", "utf32", "unicode"]

    /// The names the test binds to a Swift string: `let text = "1234567"`, `var name: String = …`
    /// (swift-extras-base64's `let test = "1234567"; test.data(using: .utf8)!`).
    static func stringNames(_ test: ScannedTest) -> Set<String> {
        Set(
            test.all(PatternBindingSyntax.self).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let isString =
                    binding.typeAnnotation?.type.trimmedDescription == "String"
                    || (binding.typeAnnotation == nil
                        && binding.initializer?.value.is(StringLiteralExprSyntax.self) == true)
                return isString ? name : nil
            })
    }

    /// Whether `expression` cannot be `nil`: a Swift string's `.data(using: .utf8)`, the string a literal
    /// (interpolations allowed) or a name the test bound to one (`strings`): a Unicode encoding takes
    /// every Swift string.
    static func cannotBeNil(_ expression: ExprSyntax, strings: Set<String> = []) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "data", let base = member.base,
            base.is(StringLiteralExprSyntax.self)
                || strings.contains(base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""),
            call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "using",
            let encoding = argument.expression.as(MemberAccessExprSyntax.self),
            encoding.base == nil || encoding.base?.trimmedDescription == "String.Encoding"
        else { return false }
        return unicodeEncodings.contains(encoding.declName.baseName.text)
    }

    /// A trap inside Nimble's `expect { … }.to(throwAssertion())`, which catches it on purpose.
    private static func isExpectedTrap(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let call = syntax.as(FunctionCallExprSyntax.self),
                CallCollector.calledName(call.calledExpression) == "expect",
                call.trailingClosure != nil
                    || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }),
                let chained = call.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self),
                chained.arguments.first?.expression.trimmedDescription.hasPrefix("throwAssertion") == true
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}
