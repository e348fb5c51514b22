import SwiftSyntax

/// A variable a Quick spec declares in a group and sets in a `beforeEach` around the example before every example:
/// `var credentialsManager: CredentialsManager!` then `beforeEach { credentialsManager = CredentialsManager(…) }`
/// (auth0/Auth0.swift 3.1.0's 16 unwraps of such variables and Mobius.swift 0.7.0's `expected!` and `actual!`, read
/// false on first contact; siesta 1.5.2's `owner = DummyObject()`, declared `AnyObject?`, is not found a value). Quick runs the `beforeEach` blocks of every group around an example before it, so
/// the example finds what the last of them set. Each assignment of the variable in a `beforeEach` around the example
/// gives a value that is not optional (a literal, or a call ``AssignedAtSetUp`` finds gives one), one at least at the
/// top level of its block; nothing in the example assigns it or hands it on `inout` before. An assignment in
/// another group's `beforeEach`, another example or an `afterEach` (which runs after) does not reach this example
/// before it runs; one anywhere else (a helper, the group's own code) leaves the unwrap a trap.
enum QuickSetUp {
    /// Whether the unwrap of `expression` (a bare name) in the Quick example `test` cannot be `nil`.
    static func cannotBeNil(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard test.framework == .quick, let sources, let body = test.body,
            let reference = expression.as(DeclReferenceExprSyntax.self),
            case .identifier = reference.baseName.tokenKind,
            let (scope, declared) = declaration(of: reference.baseName.text, around: Syntax(expression))
        else { return false }
        // A variable the example declares itself is no set-up.
        if scope.id == body.id || body.descendants(of: Syntax.self).contains(where: { $0.id == scope.id }) {
            return false
        }
        let name = reference.baseName.text
        var setsAtTopLevel = false
        for node in scope.descendants(of: Syntax.self) {
            if let passed = node.as(InOutExprSyntax.self), named(passed.expression) == name,
                RequiredBefore.isInside(node, body) || enclosingBlock(of: node, calling: setUps) != nil
            {
                return false
            }
            guard let sequence = node.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { continue }
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self), named(elements[0]) == name else { continue }
            if RequiredBefore.isInside(node, body) { return false }
            guard
                let (block, call) = enclosingBlock(
                    of: node, calling: setUps.union(["afterEach"]).union(ScannedTests.examples))
            else { return false }
            let called = CallCollector.calledName(call.calledExpression) ?? ""
            // An `afterEach` runs after the example; another example, or a `beforeEach` of a group not around this
            // one, runs for other examples.
            guard setUps.contains(called), isInside(Syntax(call), around: Syntax(expression)) else { continue }
            guard elements.count == 3, givesValue(elements[2], declared: declared, test: test, sources: sources)
            else { return false }
            if block.statements.contains(where: { $0.item.as(SequenceExprSyntax.self)?.id == sequence.id }) {
                setsAtTopLevel = true
            }
        }
        return setsAtTopLevel
    }

    /// Quick's blocks that run before each example.
    private static let setUps: Set<String> = ["beforeEach", "justBeforeEach"]

    /// The closure or function body that declares `var name` (or `let`) among its own statements, nearest to
    /// `node` outward, with the type the declaration writes (without its `!` or `?`).
    private static func declaration(of name: String, around node: Syntax) -> (Syntax, String?)? {
        var current = node.parent
        while let syntax = current {
            let statements =
                syntax.as(ClosureExprSyntax.self)?.statements ?? syntax.as(CodeBlockSyntax.self)?.statements
            for item in statements ?? [] {
                guard let variable = item.item.as(VariableDeclSyntax.self),
                    let binding = variable.bindings.first(where: {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    })
                else { continue }
                // A declaration that holds no value yet, or `nil`.
                guard binding.initializer == nil || binding.initializer?.value.is(NilLiteralExprSyntax.self) == true
                else { return nil }
                let written = binding.typeAnnotation?.type
                let wrapped =
                    written?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
                    ?? written?.as(OptionalTypeSyntax.self)?.wrappedType
                return (syntax, wrapped?.trimmedDescription)
            }
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(ClassDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    /// The name a bare reference names.
    private static func named(_ expression: ExprSyntax) -> String? {
        expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// Whether the statement that makes `call` is one of the statements of a closure or body around `node`: a block
    /// of a group the example is in.
    private static func isInside(_ call: Syntax, around node: Syntax) -> Bool {
        guard let holder = call.parent?.parent?.parent else { return false }
        return RequiredBefore.isInside(node, holder)
    }

    /// The nearest closure around `node` that is the trailing closure (or last argument) of a call to one of `names`,
    /// with that call.
    private static func enclosingBlock(of node: Syntax, calling names: Set<String>)
        -> (ClosureExprSyntax, FunctionCallExprSyntax)?
    {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                guard let call = closure.hostCall, let name = CallCollector.calledName(call.calledExpression),
                    names.contains(name)
                else { return nil }
                return (closure, call)
            }
            current = syntax.parent
        }
        return nil
    }

    /// Whether `value` is not optional: a literal, or what ``AssignedAtSetUp`` finds gives a value.
    private static func givesValue(
        _ value: ExprSyntax, declared: String?, test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        AssignedAtSetUp.isValueLiteral(value)
            || AssignedAtSetUp.givesValue(value, declared: declared, test: test, sources: sources)
    }
}
