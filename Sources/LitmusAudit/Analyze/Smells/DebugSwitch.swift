import SwiftSyntax

/// Output behind a switch whoever runs the tests turns on: an `if` whose whole condition is a flag the test file
/// declares `false` (`var verbose: Bool = false`, `let enablePrinting = false`) and sets only to `false` or from the
/// environment in a way that can only turn it on (`self.verbose = ProcessInfo.processInfo.environment["VERBOSE_TESTS"]
/// == "true"`, `… != nil`), or a copy of one (`let verbose = self.verbose`). Nothing prints on a plain run:
/// apple/swift-async-dns-resolver 0.7.0 prints the answers it got `if self.verbose`, and
/// swiftlang/swift-experimental-string-processing's regex tests `if enablePrinting`. Not a flag declared or set
/// `true`, toggled or passed `inout`, one the environment turns off (`… == nil`), one the test or the package
/// computes (`if result.isEmpty`), nor one declared in another file, which this file cannot see assigned. The
/// switches are read once per file (``switches(in:)``).
enum DebugSwitch {
    /// Whether `node` runs only when one of `switches` is on: in the body (not the `else`) of an `if` on one.
    static func isBehindSwitch(_ node: Syntax, switches: Set<String>) -> Bool {
        guard !switches.isEmpty else { return false }
        var child = node
        var current = node.parent
        while let syntax = current {
            if let choice = syntax.as(IfExprSyntax.self), child.id == choice.body.id, let flag = flag(of: choice),
                switches.contains(flag)
            {
                return true
            }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClosureExprSyntax.self) { return false }
            child = syntax
            current = syntax.parent
        }
        return false
    }

    /// The names of `file` that are such switches, read in one walk of its bindings, assignments and uses.
    static func switches(in file: Syntax) -> Set<String> {
        var declared: [String: [PatternBindingSyntax]] = [:]
        for binding in file.descendants(of: PatternBindingSyntax.self) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                binding.initializer.flatMap({ Self.name($0.value) }) != name
            else { continue }
            declared[name, default: []].append(binding)
        }
        var candidates = Set(
            declared.compactMap { name, bindings -> String? in
                guard bindings.count == 1, let binding = bindings.first else { return nil }
                if let type = binding.typeAnnotation?.type.trimmedDescription, type != "Bool" { return nil }
                if let value = binding.initializer?.value { return isFalse(value) ? name : nil }
                return binding.typeAnnotation == nil ? nil : name
            })
        guard !candidates.isEmpty else { return [] }
        for sequence in file.descendants(of: SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            for (index, element) in elements.enumerated() {
                guard let target = name(element), candidates.contains(target), index + 1 < elements.count else {
                    continue
                }
                let next = elements[index + 1]
                if next.is(AssignmentExprSyntax.self) {
                    if !turnsOnlyOn(Array(elements[(index + 2)...])) { candidates.remove(target) }
                } else if let op = next.as(BinaryOperatorExprSyntax.self), op.operator.text.hasSuffix("="),
                    !["==", "!=", "<=", ">="].contains(op.operator.text)
                {
                    candidates.remove(target)
                }
            }
        }
        // Toggled (`verbose.toggle()`) or passed `inout` (`&verbose`), as a name or as `self.name`.
        for reference in file.descendants(of: DeclReferenceExprSyntax.self)
        where candidates.contains(reference.baseName.text) {
            var use = Syntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                use = Syntax(member)
            }
            let toggled = use.parent?.as(MemberAccessExprSyntax.self).map {
                $0.base?.id == use.id && $0.declName.baseName.text == "toggle"
            }
            if use.parent?.is(InOutExprSyntax.self) == true || toggled == true {
                candidates.remove(reference.baseName.text)
            }
        }
        return candidates
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

    /// `false`.
    private static func isFalse(_ value: ExprSyntax) -> Bool {
        value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
    }

    /// Whether the assigned value (the sequence's elements after `=`) is `false`, or an environment variable read
    /// that is true only when the variable is set: `… == "true"` (any string literal) or `… != nil`.
    private static func turnsOnlyOn(_ value: [ExprSyntax]) -> Bool {
        if value.count == 1, let only = value.first { return isFalse(only) }
        guard value.count == 3, readsEnvironment(value[0]), let op = value[1].as(BinaryOperatorExprSyntax.self)
        else { return false }
        switch op.operator.text {
        case "==": return value[2].is(StringLiteralExprSyntax.self)
        case "!=": return value[2].is(NilLiteralExprSyntax.self)
        default: return false
        }
    }

    /// Whether `value` reads an environment variable (`ProcessInfo.processInfo.environment[…]`, `getenv(…)`).
    private static func readsEnvironment(_ value: ExprSyntax) -> Bool {
        ([Syntax(value)] + Syntax(value).descendants(of: Syntax.self)).contains {
            guard let reference = $0.as(DeclReferenceExprSyntax.self) else { return false }
            return ["environment", "getenv"].contains(reference.baseName.text)
        }
    }
}
