import Foundation
import SwiftSyntax

/// An `XCTestExpectation` fulfilled twice (XCTest fails the test with "API violation", or, with
/// `assertForOverFulfill` off, the second call proves nothing), or waited for with a timeout shorter
/// than the delay the test itself puts before it is fulfilled.
enum ExpectationUseDetector {
    static func smells(_ test: ScannedTest) -> [Smell] {
        let created = expectations(test)
        guard !created.isEmpty else { return [] }
        var found: [Smell] = []
        for name in created.sorted() {
            let fulfils = test.all(FunctionCallExprSyntax.self).filter { call in
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "fulfill"
                else { return false }
                return member.base?.trimmedDescription == name
            }
            let configured = test.all(MemberAccessExprSyntax.self).contains { member in
                member.base?.trimmedDescription == name
                    && ["expectedFulfillmentCount", "assertForOverFulfill"].contains(member.declName.baseName.text)
            }
            // Fulfils of one binding: a name bound again in another closure is another expectation
            // (combine-schedulers 1.2.2 binds `let expectation` in each of three `XCTExpectFailure { … }`).
            let byBinding = Dictionary(grouping: fulfils) { binding(of: name, visibleAt: Syntax($0)) }
            // A `var` given another expectation later (`expect = expectation(description: "wait2")`) holds two: which
            // one a fulfil fulfils depends on when it runs (PerfectlySoft/Perfect-HTTP 3.3.0's two route handlers,
            // each run before its own wait).
            guard !configured, !assignedAgain(name, in: test),
                let pair = byBinding.values.filter({ $0.count >= 2 }).compactMap(firstNonExclusivePair).min(by: {
                    $0.position < $1.position
                })
            else { continue }
            found.append(
                Smell(
                    kind: .expectationFulfilledTwice, node: Syntax(pair),
                    message:
                        "\(test.shown) fulfils \(name) more than once (lines apart, not in exclusive branches) without expectedFulfillmentCount"
                ))
        }
        if found.isEmpty, let short = shortWait(test) { found.append(short) }
        return found
    }

    /// Whether the test gives `name` another expectation (`name = expectation(description: …)`) after binding it.
    private static func assignedAgain(_ name: String, in test: ScannedTest) -> Bool {
        test.all(SequenceExprSyntax.self).contains { sequence in
            guard let (target, value) = NilAfterFailure.assignment(ExprSyntax(sequence)), target == name,
                let call = value.as(FunctionCallExprSyntax.self)
            else { return false }
            return ["expectation", "XCTestExpectation"].contains(CallCollector.calledName(call.calledExpression))
        }
    }

    /// Where the declaration binding `name` that `node` sees starts: the nearest one before it in a block
    /// around it.
    private static func binding(of name: String, visibleAt node: Syntax) -> AbsolutePosition? {
        var child = node
        var current = node.parent
        while let syntax = current {
            if let items = syntax.as(CodeBlockItemListSyntax.self) {
                let declaration = items.filter { $0.position < child.position }.last { item in
                    item.item.as(VariableDeclSyntax.self)?.bindings.contains {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    } == true
                }
                if let declaration { return declaration.position }
            }
            child = syntax
            current = syntax.parent
        }
        return nil
    }

    /// The names the test binds to a new expectation: `let e = expectation(description:)`,
    /// `XCTestExpectation(description:)`.
    private static func expectations(_ test: ScannedTest) -> Set<String> {
        Set(
            test.all(PatternBindingSyntax.self).compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    let called = CallCollector.calledName(call.calledExpression),
                    ["expectation", "XCTestExpectation"].contains(called)
                else { return nil }
                return name
            })
    }

    /// The second of two fulfil calls that can both run: not in different branches of one `if`/`switch`
    /// or `do`/`catch`, not in two closures given to one call, not in a loop (its count is unknown).
    private static func firstNonExclusivePair(_ calls: [FunctionCallExprSyntax]) -> FunctionCallExprSyntax? {
        let simple = calls.filter { !isInLoop($0) }
        for (index, later) in simple.enumerated() {
            for earlier in simple[..<index] where !exclusive(earlier, later) { return later }
        }
        return nil
    }

    private static func isInLoop(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self) {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether `a` and `b` sit in different branches of one `if`, `switch`, `guard`/`catch`, different clauses of
    /// one `#if` (one of which is compiled: PromiseKit 8.2.0 fulfils in `if #available`, its `else` and two `#else`s),
    /// or different closures (a success and a failure handler, which one of runs).
    private static func exclusive(_ a: some SyntaxProtocol, _ b: some SyntaxProtocol) -> Bool {
        if leavesBefore(Syntax(a), Syntax(b)) || leavesBefore(Syntax(b), Syntax(a)) { return true }
        let ancestorsOfA = Set(ancestors(a).map(\.id))
        guard let common = ancestors(b).first(where: { ancestorsOfA.contains($0.id) }) else { return false }
        return common.is(IfExprSyntax.self) || common.is(SwitchCaseListSyntax.self) || common.is(DoStmtSyntax.self)
            || common.is(GuardStmtSyntax.self) || common.is(FunctionCallExprSyntax.self)
            || common.is(LabeledExprListSyntax.self) || common.is(MultipleTrailingClosureElementListSyntax.self)
            || common.is(IfConfigClauseListSyntax.self)
    }

    /// Whether `first` sits in a block that leaves its function or closure (its last statement a `return`; a `throw`
    /// may land in a `catch` of the same function) and `second` comes after that block in the same function or
    /// closure, or in a closure made there: once `first` ran, `second` cannot (SwiftyRequest 3.2.200's `guard let
    /// response = error.response else { XCTFail(…); return expectation.fulfill() }`, then `expectation.fulfill()`
    /// after the `switch`; GRDB.swift 7.10.0's `guard … else { XCTFail(…); expectation.fulfill(); return }`, then a
    /// fulfil in the `asyncRead { … }` callback the closure goes on to make). A closure made before the block may
    /// still run.
    private static func leavesBefore(_ first: Syntax, _ second: Syntax) -> Bool {
        guard first.position < second.position else { return false }
        let scope = { (node: Syntax) in
            ancestors(node).first { $0.is(ClosureExprSyntax.self) || $0.is(FunctionDeclSyntax.self) }?.id
        }
        guard let own = scope(first), ancestors(second).contains(where: { $0.id == own }) else { return false }
        for block in ancestors(first) {
            if block.id == own { return false }
            guard let list = block.as(CodeBlockItemListSyntax.self), let last = list.last?.item,
                last.is(ReturnStmtSyntax.self)
            else { continue }
            return second.position >= list.endPosition
        }
        return false
    }

    private static func ancestors(_ node: some SyntaxProtocol) -> [Syntax] {
        var list: [Syntax] = []
        var current = node.parent
        while let syntax = current {
            list.append(syntax)
            current = syntax.parent
        }
        return list
    }

    /// `wait(for:timeout:)` (or `fulfillment(of:timeout:)`, `waitForExpectations(timeout:)`) with a literal
    /// timeout shorter than a literal delay the test makes: `asyncAfter(deadline: .now() + 2)`,
    /// `Thread.sleep(forTimeInterval: 2)`, `sleep(2)`.
    private static func shortWait(_ test: ScannedTest) -> Smell? {
        var longest: Double = 0
        var timeouts: [(FunctionCallExprSyntax, Double)] = []
        for call in test.all(FunctionCallExprSyntax.self) {
            guard let name = CallCollector.calledName(call.calledExpression) else { continue }
            let arguments = Array(call.arguments)
            switch name {
            case "wait", "fulfillment", "waitForExpectations":
                if let timeout = arguments.first(where: { $0.label?.text == "timeout" }),
                    let seconds = number(timeout.expression)
                {
                    timeouts.append((call, seconds))
                }
            case "asyncAfter":
                if let deadline = arguments.first?.expression,
                    let (_, op, right) = EqualityShapeDetector.comparison(deadline), op == "+",
                    let seconds = number(right)
                {
                    longest = max(longest, seconds)
                }
            case "sleep":
                if let first = arguments.first, let seconds = number(first.expression),
                    first.label == nil || first.label?.text == "forTimeInterval"
                {
                    longest = max(longest, seconds)
                }
            default: continue
            }
        }
        guard let short = timeouts.first(where: { $0.1 < longest }) else { return nil }
        return Smell(
            kind: .expectationFulfilledTwice, node: Syntax(short.0),
            message:
                "\(test.shown) waits \(short.1) s for an expectation fulfilled after a delay of \(longest) s it makes itself: the wait always times out first"
        )
    }

    /// A literal number of seconds: `2`, `0.5`, `.seconds(2)`, `.milliseconds(500)`.
    private static func number(_ expression: ExprSyntax) -> Double? {
        if let value = Double(expression.trimmedDescription.replacingOccurrences(of: "_", with: "")) { return value }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let unit = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            let first = call.arguments.first, let value = Double(first.expression.trimmedDescription)
        {
            switch unit {
            case "seconds": return value
            case "milliseconds": return value / 1000
            default: return nil
            }
        }
        return nil
    }
}
