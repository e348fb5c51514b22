import SwiftSyntax

/// A check whose skipping an expectation catches: it is followed, in its own block, by the one fulfilment of an
/// expectation the test waits for.
extension ConditionalLogicDetector {
    /// Whether `assertion` is followed in its own block, as a statement of that block, by `x.fulfill()`, the only
    /// fulfilment of `x` in the test, where the test waits for `x` (`wait(for: [x])`, `fulfillment(of: [x])`, or
    /// `waitForExpectations` for one made by `expectation(description:)`) and never inverts an expectation: whatever
    /// skips the check (a loop that does not iterate, a `guard … else { continue }`, an `if`) skips the fulfilment,
    /// and the wait fails (ChimeHQ/JSONRPC 0.9.2's `for await event in session.eventSequence { guard case
    /// .notification = event else { continue }; XCTAssertEqual(…); expectation.fulfill() }`, read false on first
    /// contact). A fulfilment before the check, under a branch of its own, or a second one elsewhere (an `else` that
    /// fulfils too) catches nothing. `x` may also be the parameter of the closure the check is in, where the closure
    /// is passed to a helper that hands it an expectation and waits for it (``HelperIndex/handsWaitedExpectation(_:)``:
    /// Kitura-WebSocket 2.1.200's `performServerTest { expectation in guard let socket = … else { return }; …;
    /// expectation.fulfill() }`, read false on first contact); then its fulfilments are counted in that closure.
    /// Swift Testing's `confirmation { x in … }` counts the same way: `x()` is the fulfilment, the confirmation's end
    /// the wait, unless it expects no call (`expectedCount: 0`).
    static func fulfilsWaitedExpectation(after assertion: Syntax, in body: Syntax, helpers: HelperIndex) -> Bool {
        var node: Syntax? = assertion
        while let current = node, current.parent?.is(CodeBlockItemListSyntax.self) != true { node = current.parent }
        guard let statement = node, let list = statement.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        // The check is itself the one call of a counted confirmation (`expectationFailed()`): skipping it fails the
        // count.
        if let name = fulfilledName(statement.as(CodeBlockItemSyntax.self)?.item),
            let closure = countedConfirmation(named: name, around: list)
        {
            return confirmations(of: name, in: closure) == 1
        }
        let later = list.drop { $0.id != statement.id }.dropFirst()
        // A fulfilment right before the check, with nothing between that can skip the check, is skipped with it
        // (swift-testing 6.3.2's `guard case let .issueRecorded(issue) = event.kind else { return };
        // issueRecorded.fulfill(); XCTAssertTrue(issue.isKnown)`, read false on first contact).
        let before = list.prefix { $0.id != statement.id }.reversed().prefix { cannotSkip($0.item) }
        let fulfilled = (Array(later) + Array(before)).compactMap { fulfilledName($0.item) }
        // Most checks have no fulfilment beside them: the body's calls are not walked for them.
        guard !fulfilled.isEmpty else { return false }
        let calls = body.descendants(of: FunctionCallExprSyntax.self)
        let inverts = body.descendants(of: MemberAccessExprSyntax.self).contains {
            $0.declName.baseName.text == "isInverted"
        }
        guard !inverts else { return false }
        return fulfilled.contains { name in
            if let closure = countedConfirmation(named: name, around: list) {
                return confirmations(of: name, in: closure) == 1
            }
            if let closure = handedExpectationClosure(named: name, around: list, helpers: helpers) {
                return fulfilments(of: name, among: closure.descendants(of: FunctionCallExprSyntax.self)) == 1
            }
            return fulfilments(of: name, among: calls) == 1 && isWaitedFor(name, calls: calls, in: body)
        }
    }

    /// The name `item` fulfils or confirms: `x.fulfill()`, or a confirmation's `x()`, `x(count: n)` or
    /// `x.confirm()` (which ``countedConfirmation(named:around:)`` then tells from any other call).
    private static func fulfilledName(_ item: CodeBlockItemSyntax.Item?) -> String? {
        guard
            let call = item?.as(FunctionCallExprSyntax.self)
                ?? item?.as(ExprSyntax.self)?.as(AwaitExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
        else { return nil }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        switch member.declName.baseName.text {
        case "fulfill" where call.arguments.isEmpty, "confirm":
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        default:
            return nil
        }
    }

    /// Whether a statement between a fulfilment and the check after it cannot skip the check: a declaration of a
    /// variable or a plain expression, with no `try` that could throw past it and no branch, loop or exit.
    private static func cannotSkip(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if item.is(StmtSyntax.self) { return false }
        if let expression = item.as(ExprSyntax.self),
            expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self)
        {
            return false
        }
        guard item.is(ExprSyntax.self) || item.is(VariableDeclSyntax.self) else { return false }
        return !item.descendants(of: TryExprSyntax.self).contains { $0.questionOrExclamationMark == nil }
    }

    /// The closure around `list` handed to Swift Testing's `confirmation(…)` whose parameter is `name`, when the
    /// confirmation expects at least one call: no `expectedCount:`, or a literal count or range from 1 up.
    private static func countedConfirmation(named name: String, around list: CodeBlockItemListSyntax)
        -> ClosureExprSyntax?
    {
        var node = list.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) {
            if let closure = current.as(ClosureExprSyntax.self), closure.parameterNames?.contains(name) == true {
                guard let call = closure.hostCall, CallCollector.calledName(call.calledExpression) == "confirmation"
                else { return nil }
                guard let count = call.arguments.first(where: { $0.label?.text == "expectedCount" })?.expression
                else { return closure }
                return leastCount(count).map { $0 >= 1 } == true ? closure : nil
            }
            node = current.parent
        }
        return nil
    }

    /// The least count a literal `expectedCount` allows: `2`, `1...`, `1...2`, `1..<3`.
    private static func leastCount(_ count: ExprSyntax) -> Int? {
        if let literal = count.as(IntegerLiteralExprSyntax.self) { return integer(of: literal) }
        let lower =
            count.as(PostfixOperatorExprSyntax.self)?.expression
            ?? count.as(SequenceExprSyntax.self)?.elements.first
            ?? count.as(InfixOperatorExprSyntax.self)?.leftOperand
        return lower?.as(IntegerLiteralExprSyntax.self).flatMap(integer(of:))
    }

    /// How many calls in `closure` confirm `name`: `name()`, `name(count:)`, `name.confirm(…)`.
    private static func confirmations(of name: String, in closure: ClosureExprSyntax) -> Int {
        closure.descendants(of: FunctionCallExprSyntax.self).filter { call in
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text == name
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            return member.declName.baseName.text == "confirm"
                && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }.count
    }

    /// How many of `calls` are `name.fulfill()`.
    private static func fulfilments(of name: String, among calls: [FunctionCallExprSyntax]) -> Int {
        calls.filter { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            return member.declName.baseName.text == "fulfill"
                && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }.count
    }

    /// The closure around `list` that declares `name` as a parameter, when it is passed to a helper that hands it an
    /// expectation and waits for it (``HelperIndex/handsWaitedExpectation(_:)``).
    private static func handedExpectationClosure(
        named name: String, around list: CodeBlockItemListSyntax, helpers: HelperIndex
    ) -> ClosureExprSyntax? {
        var node = list.parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self) {
                guard closure.parameterNames?.contains(name) == true else { return nil }
                guard let call = closure.hostCall, helpers.handsWaitedExpectation(call) else { return nil }
                return closure
            }
            if current.is(FunctionDeclSyntax.self) { return nil }
            node = current.parent
        }
        return nil
    }

    /// Whether the test waits for the expectation `name`: `wait(for:)` or `fulfillment(of:)` naming it among its
    /// expectations, or `waitForExpectations` when `name` is bound to `expectation(description:)`.
    private static func isWaitedFor(_ name: String, calls: [FunctionCallExprSyntax], in body: Syntax) -> Bool {
        calls.contains { call in
            switch CallCollector.calledName(call.calledExpression) {
            case "wait", "fulfillment":
                guard let list = call.arguments.first?.expression.as(ArrayExprSyntax.self) else { return false }
                return list.elements.contains {
                    $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                }
            case "waitForExpectations":
                return body.descendants(of: PatternBindingSyntax.self).contains { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                        && binding.initializer.flatMap {
                            $0.value.as(FunctionCallExprSyntax.self).flatMap {
                                CallCollector.calledName($0.calledExpression)
                            }
                        } == "expectation"
                }
            default:
                return false
            }
        }
    }
}
