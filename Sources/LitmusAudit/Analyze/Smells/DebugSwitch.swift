import SwiftSyntax

/// Output behind a switch whoever runs the tests turns on: an `if` whose whole condition is a flag the test file
/// declares off (`var verbose: Bool = false`, `let enablePrinting = false`) and sets only to a Boolean literal or
/// from the environment (`self.verbose = ProcessInfo.processInfo.environment["VERBOSE_TESTS"] == "true"`), or a
/// copy of one (`let verbose = self.verbose`). Nothing
/// prints on a plain run: apple/swift-async-dns-resolver 0.7.0 prints the answers it got `if self.verbose`, and
/// swiftlang/swift-experimental-string-processing's regex tests `if enablePrinting`. Not a flag the test or the
/// package computes (`if result.isEmpty`, `if changed`), nor one declared in another file, which this file cannot
/// see assigned.
enum DebugSwitch {
    /// Whether `node` runs only when such a switch is on: in the body (not the `else`) of an `if` on one.
    static func isBehindSwitch(_ node: Syntax) -> Bool {
        var child = node
        var current = node.parent
        while let syntax = current {
            if let choice = syntax.as(IfExprSyntax.self), child.id == choice.body.id, let flag = flag(of: choice),
                isSwitch(flag, in: syntax.root)
            {
                return true
            }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) { return false }
            child = syntax
            current = syntax.parent
        }
        return false
    }

    /// The name an `if` tests when its whole condition is one name or `self.name`.
    private static func flag(of choice: IfExprSyntax) -> String? {
        guard choice.conditions.count == 1, let condition = choice.conditions.first?.condition.as(ExprSyntax.self)
        else { return nil }
        return name(condition)
    }

    /// `name` or `self.name`, `Self.name`.
    private static func name(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind,
            base == .keyword(.self) || base == .keyword(.Self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// Whether the file declares `flag` once, off or from the environment, and assigns it nothing else.
    private static func isSwitch(_ flag: String, in file: Syntax) -> Bool {
        // A copy of the switch (`let verbose = self.verbose`, for closures) is the switch.
        let declared = file.descendants(of: PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == flag
                && $0.initializer.flatMap { name($0.value) } != flag
        }
        guard declared.count == 1, let binding = declared.first else { return false }
        if let type = binding.typeAnnotation?.type.trimmedDescription, type != "Bool" { return false }
        if let value = binding.initializer?.value {
            guard isOff(value) else { return false }
        } else if binding.typeAnnotation == nil {
            return false
        }
        return file.descendants(of: SequenceExprSyntax.self).allSatisfy { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), name(elements[0]) == flag else {
                return true
            }
            return isOff(elements[2]) || readsEnvironment(elements[2])
        }
    }

    /// `false`, or a Boolean literal.
    private static func isOff(_ value: ExprSyntax) -> Bool { value.is(BooleanLiteralExprSyntax.self) }

    /// Whether `value` reads an environment variable (`ProcessInfo.processInfo.environment[…]`, `getenv(…)`).
    private static func readsEnvironment(_ value: ExprSyntax) -> Bool {
        Syntax(value).descendants(of: DeclReferenceExprSyntax.self).contains {
            ["environment", "getenv"].contains($0.baseName.text)
        }
    }
}
