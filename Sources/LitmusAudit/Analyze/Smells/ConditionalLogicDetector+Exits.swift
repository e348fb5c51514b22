import SwiftSyntax

/// Branches whose skipping cannot pass silently because the test fails on the way out: a search loop that records
/// an issue when it finds nothing, and an unwrap that records its failure before the `else` runs.
extension ConditionalLogicDetector {
    /// Whether `check` sits in a block that leaves the test (`return`) from inside a loop that a failure follows
    /// (`for d in decls { if case .enum(let labels) = d { #expect(…); return } }` then `Issue.record("no enum
    /// found")` as the loop's next statement): a search whose checks run on the element it finds, and that fails
    /// when it finds none (swiftwasm/WasmKit 0.4.2's component tests).
    static func searchFailsAfterLoop(from check: Syntax, body: Syntax) -> Bool {
        // The block holding the check ends by leaving the test.
        var block = check.parent
        while let node = block, !node.is(CodeBlockItemListSyntax.self) { block = node.parent }
        guard let statements = block?.as(CodeBlockItemListSyntax.self),
            statements.last?.item.is(ReturnStmtSyntax.self) == true
        else { return false }
        var current = check.parent
        while let node = current, node.id != body.id {
            // A `do` whose `catch` takes what the failure throws; a closure or function the `return` leaves.
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self)
                || node.as(DoStmtSyntax.self).map({ !$0.catchClauses.isEmpty }) == true
            {
                return false
            }
            if node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self),
                let item = node.parent?.as(CodeBlockItemSyntax.self),
                let next = item.parent?.as(CodeBlockItemListSyntax.self)?.first(where: {
                    $0.position >= item.endPosition
                })
            {
                return isFailure(next.item)
            }
            current = node.parent
        }
        return false
    }

    /// Whether `guardStatement`'s `else` ends in `return false` in the closure that matches the error of Swift Testing's
    /// `#expect { … } throws: { error in … }` (or `#require`, or `throws:` given as an argument): its `false` fails
    /// the expectation, so the guard is the check, not a way around it (swiftlang/swift-subprocess 1.0.2's
    /// `guard let subprocessError = error as? SubprocessError else { return false }`).
    static func failsErrorMatcher(_ guardStatement: GuardStmtSyntax) -> Bool {
        guard let last = guardStatement.body.statements.last?.item.as(ReturnStmtSyntax.self),
            last.expression?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false),
            let closure = guardStatement.parent?.parent?.parent?.as(ClosureExprSyntax.self)
        else { return false }
        let macro: MacroExpansionExprSyntax?
        if let trailing = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
            trailing.label.text == "throws"
        {
            macro = trailing.parent?.parent?.as(MacroExpansionExprSyntax.self)
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self), argument.label?.text == "throws" {
            macro = argument.parent?.parent?.as(MacroExpansionExprSyntax.self)
        } else {
            macro = nil
        }
        return macro.map { ["expect", "require"].contains($0.macroName.text) } ?? false
    }

    /// Whether `statement` fails the test whenever it runs: `XCTFail(…)`, `Issue.record(…)`, Nimble's
    /// `fail(…)`, or a `throw`.
    private static func isFailure(_ statement: CodeBlockItemSyntax.Item) -> Bool {
        if statement.is(ThrowStmtSyntax.self) { return true }
        return statement.as(ExprSyntax.self).map(isFailureCall) ?? false
    }

    /// Whether `expression` is a call that records a failure whenever it runs: `XCTFail(…)` and Nimble's `fail(…)`
    /// called bare (not `promise.fail(error)`), `Issue.record(…)`, `XCTAssert(false)` or `XCTAssertTrue(false)`,
    /// `#expect(false)` or `#expect(Bool(false))`; under `try` too.
    static func isFailureCall(_ expression: ExprSyntax) -> Bool {
        let unwrapped = expression.as(TryExprSyntax.self)?.expression ?? expression
        if let macro = unwrapped.as(MacroExpansionExprSyntax.self) {
            let first = macro.arguments.first?.expression.trimmedDescription
            return ["expect", "require"].contains(macro.macroName.text) && (first == "false" || first == "Bool(false)")
        }
        guard let call = unwrapped.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression)
        else { return false }
        if name == "record" {
            return call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "Issue"
        }
        guard call.calledExpression.is(DeclReferenceExprSyntax.self) else { return false }
        if name == "XCTFail" || name == "fail" { return true }
        let first = call.arguments.first?.expression.trimmedDescription
        return ["XCTAssert", "XCTAssertTrue"].contains(name) && (first == "false" || first == "Bool(false)")
    }

    /// Whether every one of `conditions` binds an unwrap that records a failure when it finds nil (`let e = try?
    /// XCTUnwrap(error as? PostgresError)`, `let v = try? #require(x)`): the condition is false only once the test
    /// has failed (vapor/postgres-nio 1.33.2's error handlers).
    /// XCTUnwrap records only in an XCTest test (with no test case running, swift-corelibs-xctest records nothing),
    /// `#require` only in a Swift Testing one, and neither records an error its argument throws, which `try?`
    /// then swallows (`try? #require(try load())`). A helper of the package's that returns `nil` only once it has
    /// recorded a failure (``HelperIndex/failsWhenNil(_:framework:)``) counts too, called with a plain `try` or
    /// none (`guard let response = await XCTAssertNoThrowWithResult(try await …) else { return }`), and one that
    /// answers `false` only once it has (``HelperIndex/failsWhenFalse(_:framework:)``: `guard XCTAssertNoThrows(try
    /// parse()) else { return }`).
    static func failsWhenFalse(
        _ conditions: ConditionElementListSyntax, framework: ScannedTest.Framework, helpers: HelperIndex
    ) -> Bool {
        !conditions.isEmpty
            && conditions.allSatisfy { element in
                // `guard helper(…) else`, of a helper that answers `false` only once it has failed.
                if case .expression(let condition) = element.condition {
                    return helperCall(condition).map { helpers.failsWhenFalse($0, framework: framework) } ?? false
                }
                guard case .optionalBinding(let binding) = element.condition, let value = binding.initializer?.value
                else { return false }
                if let call = helperCall(value), helpers.failsWhenNil(call, framework: framework) { return true }
                guard let attempt = value.as(TryExprSyntax.self),
                    attempt.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
                else { return false }
                let unwrapped = attempt.expression.as(AwaitExprSyntax.self)?.expression ?? attempt.expression
                guard unwrapped.descendants(of: TryExprSyntax.self).isEmpty else { return false }
                if let call = unwrapped.as(FunctionCallExprSyntax.self) {
                    return framework == .xctest && CallCollector.calledName(call.calledExpression) == "XCTUnwrap"
                }
                return framework == .swiftTesting
                    && unwrapped.as(MacroExpansionExprSyntax.self)?.macroName.text == "require"
            }
    }

    /// The call `value` makes under a plain `try` or `await` or none; `nil` under `try?`/`try!` or for anything
    /// else.
    private static func helperCall(_ value: ExprSyntax) -> FunctionCallExprSyntax? {
        var value = value
        while true {
            if let attempt = value.as(TryExprSyntax.self) {
                guard attempt.questionOrExclamationMark == nil else { return nil }
                value = attempt.expression
            } else if let awaited = value.as(AwaitExprSyntax.self) {
                value = awaited.expression
            } else {
                return value.as(FunctionCallExprSyntax.self)
            }
        }
    }

    /// Whether `node` is the error a `throw` that leaves the test throws (`throw shouldNotHappen("…")`,
    /// apple/swift-distributed-actors 0.7.1's testkit: a check's name, but it only makes the error): the throw fails
    /// the test whenever it runs, as `XCTFail` does.
    static func isThrownOut(_ node: Syntax, of body: Syntax) -> Bool {
        var parent = node.parent
        while let current = parent, current.is(TryExprSyntax.self) || current.is(AwaitExprSyntax.self) {
            parent = current.parent
        }
        guard let statement = parent?.as(ThrowStmtSyntax.self) else { return false }
        return CallCollector.leaves(statement, body)
    }
}
