import SwiftSyntax

/// A value a Swift Testing condition trait proves not `nil` whenever the test runs: the test's `@Test`, or a `@Suite`
/// around it, holds `.disabled(if: name == nil …)` (clauses joined by `||`: each one disables it) or `.enabled(if:
/// name != nil …)` (clauses joined by `&&`: each one must hold), so Swift Testing skips the test, and says why, when
/// `name` is `nil`. Only a constant read again: `name` is declared by the test's file with `let` (at its top level or
/// in a type), with no `var` of that name there, and the test binds no name of its own so (valkey-io/valkey-swift
/// 1.4.0's integration suites: `.disabled(if: clusterFirstNodeHostname == nil, …)` on the suite, a `private let` of
/// the environment, then `clusterFirstNodeHostname!` in each of its tests: 42 read false on first contact).
enum TraitGuard {
    /// Whether unwrapping `expression` in `test` cannot trap because a condition trait skips the test when it is `nil`.
    static func provesNonNil(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard test.framework == .swiftTesting, let function = test.declaration.as(FunctionDeclSyntax.self) else {
            return false
        }
        let written = expression.trimmedDescription
        let name = String(written.split(separator: ".").last ?? "")
        guard !name.isEmpty, isConstant(name, in: test.declaration.root), !test.bindsLocally(name) else { return false }
        var current: Syntax? = Syntax(function)
        while let node = current {
            if node.is(DeclSyntax.self), let declaration = node.asProtocol(WithAttributesSyntax.self),
                declaration.attributes.contains(where: { guards($0, written) })
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// Whether `attribute` is a `@Test` or `@Suite` whose condition trait skips the test when `written` is `nil`.
    private static func guards(_ attribute: AttributeListSyntax.Element, _ written: String) -> Bool {
        guard let attribute = attribute.as(AttributeSyntax.self),
            ["Test", "Suite"].contains(attribute.attributeName.trimmedDescription),
            let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
        else { return false }
        return arguments.contains { argument in
            guard let call = argument.expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base == nil || ["Trait", "ConditionTrait"].contains(member.base?.trimmedDescription ?? ""),
                let condition = call.arguments.first, condition.label?.text == "if"
            else { return false }
            switch member.declName.baseName.text {
            case "disabled":
                return clauses(of: condition.expression, joinedBy: "||").contains { compares($0, written, "==") }
            case "enabled":
                return clauses(of: condition.expression, joinedBy: "&&").contains { compares($0, written, "!=") }
            default: return false
            }
        }
    }

    /// The clauses of `condition` joined by the operator `joiner` at its top level (parentheses around the whole or a
    /// clause looked through); the condition itself when it has no such operator.
    private static func clauses(of condition: ExprSyntax, joinedBy joiner: String) -> [[ExprSyntax]] {
        let expression = condition.withoutParentheses
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return [[expression]] }
        var clauses: [[ExprSyntax]] = [[]]
        for element in sequence.elements {
            if element.as(BinaryOperatorExprSyntax.self)?.operator.text == joiner {
                clauses.append([])
            } else {
                clauses[clauses.count - 1].append(element)
            }
        }
        return clauses.flatMap { clause in
            clause.count == 1 && clause[0].withoutParentheses.is(SequenceExprSyntax.self)
                ? Self.clauses(of: clause[0], joinedBy: joiner) : [clause]
        }
    }

    /// Whether `clause` is `written OP nil` (or `nil OP written`).
    private static func compares(_ clause: [ExprSyntax], _ written: String, _ op: String) -> Bool {
        guard clause.count == 3, clause[1].as(BinaryOperatorExprSyntax.self)?.operator.text == op else { return false }
        let (left, right) = (clause[0].withoutParentheses, clause[2].withoutParentheses)
        return (right.is(NilLiteralExprSyntax.self) && left.trimmedDescription == written)
            || (left.is(NilLiteralExprSyntax.self) && right.trimmedDescription == written)
    }

    /// Whether the file `root` declares `name` with `let` outside any function, closure or accessor, and never
    /// with `var`.
    private static func isConstant(_ name: String, in root: Syntax) -> Bool {
        var constant = false
        for declaration in root.descendants(of: VariableDeclSyntax.self) {
            let names = declaration.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            guard names.contains(name), !isLocal(Syntax(declaration)) else { continue }
            guard declaration.bindingSpecifier.tokenKind == .keyword(.let) else { return false }
            constant = true
        }
        return constant
    }

    private static func isLocal(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(CodeBlockSyntax.self) || syntax.is(ClosureExprSyntax.self)
                || syntax.is(AccessorBlockSyntax.self)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}
