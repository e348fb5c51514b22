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
    static func fulfilsWaitedExpectation(after assertion: Syntax, in body: Syntax, helpers: HelperIndex) -> Bool {
        var node: Syntax? = assertion
        while let current = node, current.parent?.is(CodeBlockItemListSyntax.self) != true { node = current.parent }
        guard let statement = node, let list = statement.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        let later = list.drop { $0.id != statement.id }.dropFirst()
        let fulfilled = later.compactMap { item -> String? in
            guard
                let call = item.item.as(FunctionCallExprSyntax.self)
                    ?? item.item.as(ExprSyntax.self)?.as(
                        AwaitExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                call.arguments.isEmpty,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "fulfill",
                let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return nil }
            return name
        }
        let calls = body.descendants(of: FunctionCallExprSyntax.self)
        let inverts = body.descendants(of: MemberAccessExprSyntax.self).contains {
            $0.declName.baseName.text == "isInverted"
        }
        guard !inverts else { return false }
        return fulfilled.contains { name in
            if let closure = handedExpectationClosure(named: name, around: list, helpers: helpers) {
                return fulfilments(of: name, among: closure.descendants(of: FunctionCallExprSyntax.self)) == 1
            }
            return fulfilments(of: name, among: calls) == 1 && isWaitedFor(name, calls: calls, in: body)
        }
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
