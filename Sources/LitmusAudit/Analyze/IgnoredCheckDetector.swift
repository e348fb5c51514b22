import SwiftSyntax

/// Checks that run and decide nothing: a check of the other framework (proved on Swift 6.3.1 by
/// FrameworkInteropTests), Nimble's `expect` without a matcher, and assertions in work nobody awaits.
enum IgnoredCheckDetector {
    /// A place in a test and what is wrong there.
    typealias Found = (node: Syntax, message: String)

    /// Whether `name` is an XCTest assertion that records a failure (not `XCTUnwrap`, which throws).
    static func isXCTestAssertion(_ name: String) -> Bool { name == "XCTFail" || name.hasPrefix("XCTAssert") }

    /// The fix of an XCTest assertion in a `@Test` when the toolchain reports its failure (Swift 6.4,
    /// ST-0021): a hint.
    static let reportedXCTestAssertionFix =
        "Prefer #expect/#require in a @Test: from Swift 6.4 Swift Testing reports XCTest's failures (ST-0021), but #expect shows the values of its expression and #require stops the test."

    /// `XCTAssert…`/`XCTFail` calls, and calls of helpers reaching them, in a Swift Testing test's body;
    /// `reported`: the toolchain is Swift 6.4 or later, where Swift Testing reports their failures.
    static func xctestAssertions(
        in body: CodeBlockSyntax, test: String, helpers: HelperIndex, reported: Bool = false
    ) -> [Found] {
        body.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
            guard let name = CallCollector.calledName(call.calledExpression) else { return nil }
            let why =
                reported
                ? "from Swift 6.4 Swift Testing reports its failure (ST-0021), but #expect/#require would say more"
                : "Swift Testing before 6.4 drops XCTest's failures, so this check can never fail the test"
            if isXCTestAssertion(name) {
                return (Syntax(call), "\(test) calls \(name) in a Swift Testing test: \(why)")
            }
            if helpers.reachesXCTestAssertionGiven(call), !helpers.failsByThrowing(call) {
                return (Syntax(call), "\(test) calls \(name), a helper that calls XCTAssert…/XCTFail: \(why)")
            }
            return nil
        }
    }

    /// `#expect` expansions, and calls of helpers reaching one, in an XCTest method's body; not those in the body of
    /// a Swift Testing test the method builds and runs (`await Test { #expect(…) }.run(configuration:)`), where
    /// Swift Testing records them (swift-testing 6.3.2's own XCTest tests of its issues, read false on first contact).
    static func expectMacros(in body: CodeBlockSyntax, test: String, helpers: HelperIndex) -> [Found] {
        let why = "XCTest never sees #expect fail, so this check can never fail the test"
        var found: [Found] = body.descendants(of: MacroExpansionExprSyntax.self).filter {
            $0.macroName.text == "expect" && !isInBuiltTest(Syntax($0))
        }
        .map { (Syntax($0), "\(test) uses #expect in an XCTest method: \(why)") }
        for call in body.descendants(of: FunctionCallExprSyntax.self) where !isInBuiltTest(Syntax(call)) {
            guard let name = CallCollector.calledName(call.calledExpression), helpers.reachesExpectMacro(call) else {
                continue
            }
            found.append((Syntax(call), "\(test) calls \(name), a helper that uses #expect: \(why)"))
        }
        return found.sorted { $0.node.position < $1.node.position }
    }

    /// Whether `node` is in a closure handed to Swift Testing's `Test(…) { … }`: the body of a test built at run time.
    private static func isInBuiltTest(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self) {
            if let closure = syntax.as(ClosureExprSyntax.self), let call = closure.hostCall,
                ["Test", "Testing.Test"].contains(call.calledExpression.trimmedDescription)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// Nimble's `expect(x)` / `expect { }` standing alone as a statement (no `.to`, `.toNot`, `.notTo`,
    /// `.toEventually…`, no operator), in a file importing Nimble or Quick.
    static func unevaluatedExpectations(in tree: SourceFileSyntax, helpers: HelperIndex) -> [FunctionCallExprSyntax] {
        let importsNimble = tree.descendants(of: ImportDeclSyntax.self).contains {
            ["Nimble", "Quick"].contains($0.path.first?.name.text ?? "")
        }
        guard importsNimble, !helpers.declaresExpect else { return [] }
        return tree.descendants(of: FunctionCallExprSyntax.self).filter { call in
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "expect"
                && call.parent?.is(CodeBlockItemSyntax.self) == true
        }
    }

    /// Assertions in `Task { }`, `Task.detached { }`, `….async { }`, `….asyncAfter(…) { }` or
    /// `Thread.detachNewThread { }` closures of a test that nothing in the test waits for: no wait at
    /// all, or only waits for expectations that the closure does not fulfil (ZIPFoundation's
    /// `testUnzipItemProgress` waits for a progress to reach 1.0 while its checks run after it on a queue).
    static func unawaitedAssertions(in body: CodeBlockSyntax, test: String, helpers: HelperIndex) -> [Found] {
        let detached = body.descendants(of: FunctionCallExprSyntax.self).compactMap {
            call -> (call: FunctionCallExprSyntax, closure: ClosureExprSyntax, kind: String)? in
            guard let kind = detachedWork(call), !isAwaitedDirectly(call),
                let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
            else { return nil }
            return (call, closure, kind)
        }
        let waiting = waits(body, outside: detached.map(\.closure))
        guard !detached.isEmpty, waiting != .yes else { return [] }
        var found: [Found] = []
        var reported: Set<AbsolutePosition> = []
        for (call, closure, kind) in detached {
            if signalsWhatAHelperGave(closure) { continue }
            if waiting == .forExpectations
                && (signals(closure) || signalsLaterOnItsQueue(call, closure, in: body, helpers: helpers)
                    || signalsWhenItsGroupEnds(call, in: body))
            {
                continue
            }
            guard let assertion = firstAssertion(in: closure, helpers: helpers),
                reported.insert(assertion.position).inserted
            else { continue }
            let why =
                waiting == .no
                ? "that nothing in the test waits for"
                : "whose end the test does not wait for (it waits only for expectations that work never fulfils)"
            found.append(
                (assertion, "\(test) asserts in \(kind) \(why): the check may run after the test ended, or never"))
        }
        return found
    }

    /// How a test waits outside its detached work.
    private enum Waiting { case no, forExpectations, yes }

    /// Whether `closure` leaves a group, signals a semaphore or fulfils an expectation that a helper handed the test:
    /// a parameter of a closure around it that the test gives to a call. A helper that hands out something to signal
    /// waits for it (ProcedureKit 5.2.0's `stress { batch, iteration in … DispatchQueue.main.async { …checks…;
    /// batch.dispatchGroup.leave() } }`, whose helper waits for each batch's group: 6 read false on first contact).
    private static func signalsWhatAHelperGave(_ closure: ClosureExprSyntax) -> Bool {
        let closures = sequence(first: Syntax(closure), next: \.parent).dropFirst().compactMap {
            $0.as(ClosureExprSyntax.self)
        }
        let given = closures.filter { around in
            around.parent?.is(FunctionCallExprSyntax.self) == true
                || around.parent?.is(LabeledExprSyntax.self) == true
                || around.parent?.is(MultipleTrailingClosureElementSyntax.self) == true
        }.flatMap(parameterNames)
        guard !given.isEmpty else { return false }
        return closure.descendants(of: FunctionCallExprSyntax.self).contains { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["leave", "signal", "fulfill"].contains(member.declName.baseName.text),
                let root = member.base.flatMap(rootName)
            else { return false }
            return given.contains(root)
        }
    }

    /// The names a closure's parameters bind (`batch, iteration in`, `(batch: Batch) in`).
    private static func parameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): list.map(\.name.text)
        case .parameterClause(let clause): clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    /// `batch` of `batch.dispatchGroup`, `group` of `group`: the name an access starts from.
    private static func rootName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return expression.as(MemberAccessExprSyntax.self)?.base.flatMap(rootName)
    }

    /// Whether `closure` tells someone it is done: fulfils an expectation, leaves a group, signals a
    /// semaphore, resumes a continuation or calls a completion handler.
    private static func signals(_ closure: ClosureExprSyntax) -> Bool {
        CallCollector.names(in: Syntax(closure)).contains { name in
            ["fulfill", "leave", "signal", "resume", "yield", "finish", "send"].contains(name)
                || name.lowercased().contains("complet") || name.lowercased().contains("fulfil")
        }
    }

    /// Whether `closure` is handed to `q.async` of a serial queue `q` (`DispatchQueue.main`, or the test's `let q =
    /// DispatchQueue(label: …)` without `.concurrent`), and a later `q.async` or `q.asyncAfter` of the test signals:
    /// a serial queue runs its blocks in the order they came, so the signal comes after these checks
    /// (Bouke/HAP 0.7.0's `testQueue.async { …checks… }` then `testQueue.async { expectation.fulfill() }`, 25 read
    /// false on first contact).
    /// The test itself queues the checks (not a callback of its, which may run after the signal is queued), and they
    /// are statements of that work, not of a callback inside it.
    private static func signalsLaterOnItsQueue(
        _ call: FunctionCallExprSyntax, _ closure: ClosureExprSyntax, in body: CodeBlockSyntax, helpers: HelperIndex
    ) -> Bool {
        guard !hasClosure(between: Syntax(call), and: Syntax(body)),
            let assertion = firstAssertion(in: closure, helpers: helpers),
            !hasClosure(between: assertion, and: Syntax(closure)),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "async", let queue = member.base?.trimmedDescription,
            isSerialQueue(queue, in: body)
        else { return false }
        return body.descendants(of: FunctionCallExprSyntax.self).contains { later in
            guard later.position >= call.endPosition,
                let laterMember = later.calledExpression.as(MemberAccessExprSyntax.self),
                ["async", "asyncAfter"].contains(laterMember.declName.baseName.text),
                laterMember.base?.trimmedDescription == queue,
                let work = later.trailingClosure ?? later.arguments.last?.expression.as(ClosureExprSyntax.self)
            else { return false }
            return signals(work)
        }
    }

    /// Whether `call` queues its work in a group (`q.async(group: g) { … }`) that a later `g.notify(queue: …) { … }` of
    /// the test signals from: a group notifies only once every block it was given has run, so the signal comes after
    /// these checks (SwifterSwift 8.0.0's `DispatchQueue.main.async(group: group) { XCTAssert(…) }`, then
    /// `group.notify(queue: .main) { expect.fulfill() }`: 4 read false on first contact).
    private static func signalsWhenItsGroupEnds(_ call: FunctionCallExprSyntax, in body: CodeBlockSyntax) -> Bool {
        guard let group = call.arguments.first(where: { $0.label?.text == "group" })?.expression.trimmedDescription
        else { return false }
        return body.descendants(of: FunctionCallExprSyntax.self).contains { later in
            guard later.position >= call.endPosition,
                let member = later.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "notify", member.base?.trimmedDescription == group,
                let work = later.trailingClosure ?? later.arguments.last?.expression.as(ClosureExprSyntax.self)
            else { return false }
            return signals(work)
        }
    }

    /// Whether a closure lies between `node` and its ancestor `top`.
    private static func hasClosure(between node: Syntax, and top: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != top.id {
            if syntax.is(ClosureExprSyntax.self) { return true }
            current = syntax.parent
        }
        return false
    }

    /// Whether `queue` (as written) is `DispatchQueue.main` or a name `body` binds once with `let` to
    /// `DispatchQueue(label: …)` whose arguments say nothing `.concurrent`.
    private static func isSerialQueue(_ queue: String, in body: CodeBlockSyntax) -> Bool {
        if queue == "DispatchQueue.main" { return true }
        let bindings = body.descendants(of: PatternBindingSyntax.self).filter {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == queue
        }
        guard bindings.count == 1, let binding = bindings.first,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
            let made = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            made.calledExpression.trimmedDescription == "DispatchQueue",
            made.arguments.first?.label?.text == "label"
        else { return false }
        return !made.arguments.contains { $0.expression.trimmedDescription.contains("concurrent") }
    }

    /// What kind of work `call` starts apart from the test, if any.
    private static func detachedWork(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Task" {
            return "a Task { }"
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let name = member.declName.baseName.text
        if base.trimmedDescription == "Task", name == "detached" { return "a Task.detached { }" }
        if base.trimmedDescription == "Thread", name == "detachNewThread" { return "a Thread.detachNewThread { }" }
        if name == "async" || name == "asyncAfter" { return "a \(base.trimmedDescription).\(name) { }" }
        return nil
    }

    /// `await Task { … }.value` (or `.result`): the test waits for it where it starts it.
    private static func isAwaitedDirectly(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.parent?.as(MemberAccessExprSyntax.self) else { return false }
        return ["value", "result"].contains(member.declName.baseName.text)
    }

    private static let waitingNames: Set<String> = [
        "wait", "waitForExpectations", "fulfillment", "confirmation", "waitUntil", "sync",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation",
    ]

    /// Whether the body, outside `closures`, waits: a wait on a group or semaphore, `confirmation`,
    /// Nimble's `toEventually…`/`waitUntil`, a queue's `sync`, a continuation, a call named for waiting
    /// (`…AndWait`), or `await` of a task's `value`/`result` (``Waiting/yes``); or only on XCTest's
    /// expectations (`wait(for:)`, `waitForExpectations`, `fulfillment(of:)`: ``Waiting/forExpectations``).
    private static func waits(_ body: CodeBlockSyntax, outside closures: [ClosureExprSyntax]) -> Waiting {
        func isInside(_ node: some SyntaxProtocol) -> Bool {
            closures.contains { node.position >= $0.position && node.endPosition <= $0.endPosition }
        }
        var forExpectations = false
        for call in body.descendants(of: FunctionCallExprSyntax.self) where !isInside(call) {
            guard let name = CallCollector.calledName(call.calledExpression) else { continue }
            if name == "waitForExpectations" || name == "fulfillment"
                || (name == "wait" && call.arguments.first?.label?.text == "for")
            {
                forExpectations = true
                continue
            }
            // A helper named for waiting (`runAndWait`, `waitForCompletion`) counts too.
            if waitingNames.contains(name) || name.hasPrefix("toEventually") || name.lowercased().contains("wait") {
                return .yes
            }
        }
        let awaitsTask = body.descendants(of: AwaitExprSyntax.self).contains { awaited in
            !isInside(awaited)
                && awaited.descendants(of: MemberAccessExprSyntax.self).contains {
                    ["value", "result"].contains($0.declName.baseName.text)
                }
        }
        return awaitsTask ? .yes : forExpectations ? .forExpectations : .no
    }

    /// The first assertion in `closure`, in source order: an asserting call or helper, `#expect`, `#require`.
    private static func firstAssertion(in closure: ClosureExprSyntax, helpers: HelperIndex) -> Syntax? {
        let calls = closure.descendants(of: FunctionCallExprSyntax.self).filter { call in
            guard let name = CallCollector.calledName(call.calledExpression), !waitingNames.contains(name) else {
                return false
            }
            // A helper that only `try`s checks nothing here: a Task's thrown error goes nowhere.
            // A helper is called plainly or on `self`: `fileManager.createDirectory` is not the test
            // class's `createDirectory(for:)` helper (ZIPFoundation's `testZipItemProgress`).
            return TestSourceAnalyzer.asserts(name)
                || (helpers.checking.contains(name) && CallCollector.mayCallHelper(call))
        }
        let macros = closure.descendants(of: MacroExpansionExprSyntax.self).filter {
            ["expect", "require"].contains($0.macroName.text)
        }
        return (calls.map(Syntax.init) + macros.map(Syntax.init)).min { $0.position < $1.position }
    }
}
