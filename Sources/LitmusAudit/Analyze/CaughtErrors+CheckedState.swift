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

    /// Whether what the discarded attempt `attempt` (`try? sut.set("foo", forKey: key)`, its result unused) was to do is
    /// checked after it, so that its failure fails the test anyway: a later statement of its block is a check that
    /// expects a value or a success (`XCTAssertEqual(try? sut.string(forKey: key), "foo")`, `XCTAssertNotNil(…)`,
    /// `XCTAssertTrue(…)`, `XCTAssertNoThrow(…)`, `#expect(…)`, `#require(…)`) of a call on the attempt's receiver
    /// given a name the attempt was given too, of another method than the attempt's (auth0/SimpleKeychain 1.3.0's
    /// keychain tests, read false on first contact). Not a check that expects an absence or an error
    /// (`XCTAssertThrowsError`, `XCTAssertNil`, `XCTAssertFalse`, a `!`, a comparison with `nil` or `false`, `!=`),
    /// which a failed attempt passes; nor a check of the receiver alone, of another name, or of the attempt's own
    /// method again (`XCTAssertNoThrow(try sut.set("bar", forKey: key))`, which fails or passes on its own); nor when
    /// a call on the receiver with that name comes before the attempt, or between it and the check (an earlier or a
    /// later write may leave there what the check expects).
    static func effectCheckedAfter(_ attempt: TryExprSyntax) -> Bool {
        guard let call = attempt.expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let receiver = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            receiver.first?.isLowercase == true, receiver != "self",
            let item = attempt.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        let given = Set(
            call.arguments.compactMap { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text }.filter {
                $0 != receiver && $0.first?.isLowercase == true
            })
        guard !given.isEmpty else { return false }
        let method = member.declName.baseName.text
        /// The calls under `node` on the receiver given one of the names the attempt was given.
        func uses(_ node: Syntax) -> [FunctionCallExprSyntax] {
            node.descendants(of: FunctionCallExprSyntax.self).filter { read in
                read.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName
                    .text == receiver
                    && read.arguments.contains {
                        $0.expression.as(DeclReferenceExprSyntax.self).map { given.contains($0.baseName.text) } ?? false
                    }
            }
        }
        // What an earlier call with that name left there may pass the check whatever the attempt did.
        let before = list.prefix(while: { $0.id != item.id })
        if before.contains(where: { !uses(Syntax($0)).isEmpty }) { return false }
        for later in list.drop(while: { $0.id != item.id }).dropFirst() {
            let checked = expectedValues(of: later)
            // A check of another method's answer (`string(forKey:)` after `set(_:forKey:)`): the same method again
            // may fail or pass on its own.
            if checked.contains(where: { value in
                uses(Syntax(value)).contains {
                    $0.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text != method
                }
            }) {
                return true
            }
            // Another use in between (a second write, a check calling the attempt's method again) may leave there
            // what a later check expects.
            if !uses(Syntax(later)).isEmpty { return false }
        }
        return false
    }

    /// The values the check `item` expects to be there, or to be made without an error; none for a check of an
    /// absence, a falsehood or an error, or a statement that is no check.
    private static func expectedValues(of item: CodeBlockItemSyntax) -> [ExprSyntax] {
        func isAbsence(_ expression: ExprSyntax) -> Bool {
            expression.is(NilLiteralExprSyntax.self)
                || expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
        }
        func positive(_ expression: ExprSyntax) -> ExprSyntax? {
            var value = expression.withoutParentheses
            // `try !…`, `await !…`: the operator is under the `try` (`try?` too).
            while let inner = value.as(TryExprSyntax.self)?.expression ?? value.as(AwaitExprSyntax.self)?.expression {
                value = inner.withoutParentheses
            }
            if value.is(PrefixOperatorExprSyntax.self) { return nil }
            if let (left, op, right) = EqualityShapeDetector.comparison(value) {
                guard op == "==", !isAbsence(left), !isAbsence(right) else { return nil }
            }
            return value
        }
        if let macro = item.item.as(ExprSyntax.self)?.withoutTryOrAwait.as(MacroExpansionExprSyntax.self),
            ["expect", "require"].contains(macro.macroName.text), let first = macro.arguments.first, first.label == nil
        {
            return positive(first.expression).map { [$0] } ?? []
        }
        guard let check = item.item.as(ExprSyntax.self)?.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(check.calledExpression)
        else { return [] }
        guard check.arguments.first?.label == nil else { return [] }
        let arguments = check.arguments.map(\.expression)
        switch name {
        case "XCTAssertEqual":
            guard arguments.count >= 2, !isAbsence(arguments[0]), !isAbsence(arguments[1]) else { return [] }
            return Array(arguments.prefix(2))
        case "XCTAssertNotNil", "XCTAssertNoThrow", "XCTAssertTrue", "XCTAssert":
            return arguments.first.flatMap(positive).map { [$0] } ?? []
        default:
            return []
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
