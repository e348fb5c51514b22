import SwiftSyntax

extension CaughtErrors {
    /// Whether the error `attempt` (`_ = try? await store.fetch()`) discards is checked after it, through the state
    /// the failure leaves: a later check of the test reads a value the attempt named (its receiver, an argument) and
    /// an error or a failure (`store.error`, `store.errorUpdateCount`, `store.status.isFailure`, an event
    /// `.failure(…)`). The test made the call fail on purpose and checks what the failure did (mhayes853/
    /// swift-operation 0.5.0's stores of a `FailingQuery`, whose `try?` steps were all read false), so nothing it
    /// throws passes unseen. A check of the same value that reads no error (`store.fetchCount`), or of an error of
    /// another value, leaves it swallowed.
    static func errorCheckedAfter(_ attempt: TryExprSyntax, helpers: HelperIndex) -> Bool {
        let named = rootNames(in: attempt.expression)
        guard !named.isEmpty, let body = enclosingBody(of: Syntax(attempt)) else { return false }
        let checks = body.descendants(of: FunctionCallExprSyntax.self).filter { call in
            guard call.position >= attempt.endPosition, let name = CallCollector.calledName(call.calledExpression)
            else { return false }
            return TestSourceAnalyzer.asserts(name) || helpers.asserting.contains(name)
        }
        let macros = body.descendants(of: MacroExpansionExprSyntax.self).filter {
            $0.position >= attempt.endPosition && ["expect", "require"].contains($0.macroName.text)
        }
        return (checks.map(Syntax.init) + macros.map(Syntax.init)).contains { check in
            // Not the check's own name (`XCTAssertThrowsError`).
            let called = check.as(FunctionCallExprSyntax.self)?.calledExpression.id
            let names = check.descendants(of: DeclReferenceExprSyntax.self).filter { $0.id != called }
                .map(\.baseName.text)
            return names.contains(where: named.contains) && names.contains(where: namesFailure)
        }
    }

    /// The values `expression` starts its member chains from (`store` of `store.fetch()`, `collector` of
    /// `handler: collector.eventHandler()`), not the members it reads nor a type.
    private static func rootNames(in expression: ExprSyntax) -> Set<String> {
        var names: Set<String> = []
        for reference in expression.descendants(of: DeclReferenceExprSyntax.self) {
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                continue
            }
            let text = reference.baseName.text
            guard let first = text.first, !first.isUppercase, !["self", "Self"].contains(text) else { continue }
            names.insert(text)
        }
        return names
    }

    /// Whether `name` names an error or a failure (`error`, `errorUpdateCount`, `isFailure`, `failure`, `SomeError`).
    private static func namesFailure(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("error") || lowered.contains("failure")
    }

    /// The body of the innermost closure or function around `node`: a check of another closure (a spec's next `it`)
    /// ran in another example.
    private static func enclosingBody(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let syntax = current {
            if let function = syntax.as(FunctionDeclSyntax.self) { return function.body.map(Syntax.init) }
            if syntax.is(ClosureExprSyntax.self) { return syntax }
            current = syntax.parent
        }
        return nil
    }
}
