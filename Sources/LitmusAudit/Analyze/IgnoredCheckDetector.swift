import SwiftSyntax

/// Checks that run and decide nothing: a check of the other framework (proved on Swift 6.3.1 by
/// FrameworkInteropTests), Nimble's `expect` without a matcher, and assertions in work nobody awaits.
enum IgnoredCheckDetector {
    /// A place in a test and what is wrong there.
    typealias Found = (node: Syntax, message: String)

    /// Whether `name` is an XCTest assertion that records a failure (not `XCTUnwrap`, which throws).
    static func isXCTestAssertion(_ name: String) -> Bool { name == "XCTFail" || name.hasPrefix("XCTAssert") }

    /// `XCTAssert…`/`XCTFail` calls, and calls of helpers reaching them, in a Swift Testing test's body.
    static func xctestAssertions(in body: CodeBlockSyntax, test: String, helpers: HelperIndex) -> [Found] {
        body.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
            guard let name = CallCollector.calledName(call.calledExpression) else { return nil }
            let why = "Swift Testing before 6.4 drops XCTest's failures, so this check can never fail the test"
            if isXCTestAssertion(name) {
                return (Syntax(call), "\(test) calls \(name) in a Swift Testing test: \(why)")
            }
            if helpers.reachesXCTestAssertion(call) {
                return (Syntax(call), "\(test) calls \(name), a helper that calls XCTAssert…/XCTFail: \(why)")
            }
            return nil
        }
    }

    /// `#expect` expansions, and calls of helpers reaching one, in an XCTest method's body.
    static func expectMacros(in body: CodeBlockSyntax, test: String, helpers: HelperIndex) -> [Found] {
        let why = "XCTest never sees #expect fail, so this check can never fail the test"
        var found: [Found] = body.descendants(of: MacroExpansionExprSyntax.self).filter {
            $0.macroName.text == "expect"
        }
        .map { (Syntax($0), "\(test) uses #expect in an XCTest method: \(why)") }
        for call in body.descendants(of: FunctionCallExprSyntax.self) {
            guard let name = CallCollector.calledName(call.calledExpression), helpers.reachesExpectMacro(call) else {
                continue
            }
            found.append((Syntax(call), "\(test) calls \(name), a helper that uses #expect: \(why)"))
        }
        return found.sorted { $0.node.position < $1.node.position }
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
    /// `Thread.detachNewThread { }` closures of a test that nothing in the test waits for.
    static func unawaitedAssertions(in body: CodeBlockSyntax, test: String, helpers: HelperIndex) -> [Found] {
        let detached = body.descendants(of: FunctionCallExprSyntax.self).compactMap {
            call -> (ClosureExprSyntax, String)? in
            guard let kind = detachedWork(call), !isAwaitedDirectly(call),
                let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
            else { return nil }
            return (closure, kind)
        }
        guard !detached.isEmpty, !waits(body, outside: detached.map(\.0)) else { return [] }
        var found: [Found] = []
        var reported: Set<AbsolutePosition> = []
        for (closure, kind) in detached {
            guard let assertion = firstAssertion(in: closure, helpers: helpers),
                reported.insert(assertion.position).inserted
            else { continue }
            found.append(
                (
                    assertion,
                    "\(test) asserts in \(kind) that nothing in the test waits for: the check may run after the test ended, or never"
                ))
        }
        return found
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

    /// Whether the body, outside `closures`, waits: a wait on expectations, a group or semaphore,
    /// `fulfillment`, `confirmation`, Nimble's `toEventually…`/`waitUntil`, a queue's `sync`, a
    /// continuation, a call named for waiting (`…AndWait`), or `await` of a task's `value`/`result`.
    private static func waits(_ body: CodeBlockSyntax, outside closures: [ClosureExprSyntax]) -> Bool {
        func isInside(_ node: some SyntaxProtocol) -> Bool {
            closures.contains { node.position >= $0.position && node.endPosition <= $0.endPosition }
        }
        for call in body.descendants(of: FunctionCallExprSyntax.self) where !isInside(call) {
            guard let name = CallCollector.calledName(call.calledExpression) else { continue }
            // A helper named for waiting (`runAndWait`, `waitForCompletion`) counts too.
            if waitingNames.contains(name) || name.hasPrefix("toEventually") || name.lowercased().contains("wait") {
                return true
            }
        }
        return body.descendants(of: AwaitExprSyntax.self).contains { awaited in
            !isInside(awaited)
                && awaited.descendants(of: MemberAccessExprSyntax.self).contains {
                    ["value", "result"].contains($0.declName.baseName.text)
                }
        }
    }

    /// The first assertion in `closure`, in source order: an asserting call or helper, `#expect`, `#require`.
    private static func firstAssertion(in closure: ClosureExprSyntax, helpers: HelperIndex) -> Syntax? {
        let calls = closure.descendants(of: FunctionCallExprSyntax.self).filter { call in
            guard let name = CallCollector.calledName(call.calledExpression), !waitingNames.contains(name) else {
                return false
            }
            // A helper that only `try`s checks nothing here: a Task's thrown error goes nowhere.
            return TestSourceAnalyzer.asserts(name) || helpers.checking.contains(name)
        }
        let macros = closure.descendants(of: MacroExpansionExprSyntax.self).filter {
            ["expect", "require"].contains($0.macroName.text)
        }
        return (calls.map(Syntax.init) + macros.map(Syntax.init)).min { $0.position < $1.position }
    }
}
