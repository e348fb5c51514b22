import LitmusRunning
import SwiftSyntax

/// Small queries over syntax trees used by `TestSourceAnalyzer`.
/// Operators that assign (`+=`, `??=`, `<<=`): an operator's text ending in `=` that compares nothing.
enum CompoundAssignment {
    static func isOperator(_ text: String) -> Bool {
        text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}

enum CallCollector {
    /// The base names of every function, method and macro called under `node` (`XCTAssertEqual`,
    /// `verify` in `sut.verify()`, `expect` in `#expect`).
    /// A value's `record` (a metrics recorder's `recorder.record(42)`) is not Swift Testing's
    /// `Issue.record`: it is left out (apple/swift-metrics 2.13.0's recorders).
    static func names(in node: Syntax) -> Set<String> {
        var names: Set<String> = []
        for call in node.descendants(of: FunctionCallExprSyntax.self) {
            guard let name = calledName(call.calledExpression) else { continue }
            if name == "record", let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                !["Issue", "Testing.Issue", "self", "Self"].contains(base.trimmedDescription)
            {
                continue
            }
            names.insert(name)
        }
        for macro in node.descendants(of: MacroExpansionExprSyntax.self) { names.insert(macro.macroName.text) }
        return names
    }

    /// Whether `call` may call a helper of the test targets: a plain call or a call on `self`/`Self`.
    static func mayCallHelper(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.is(DeclReferenceExprSyntax.self) { return !callsParameter(call) }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return false
        }
        return ["self", "Self"].contains(base.trimmedDescription)
    }

    /// Whether `call` calls, by a bare name, a parameter of a closure or function around it: a value handed to
    /// it, not a function of the package's (the swift-composable-architecture 1.25.5 reducers' `.run { send in
    /// await send(.response) }`, whose `send` is no TestStore's).
    static func callsParameter(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self), closure.parameterNames?.contains(name) == true {
                return true
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains {
                    ($0.secondName ?? $0.firstName).text == name
                }
            }
            current = node.parent
        }
        return false
    }

    static func calledName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return calledName(specialized.expression)
        }
        return nil
    }

    /// `sleep(…)`, `usleep(…)`, `Thread.sleep(…)`, `Task.sleep(…)`.
    static func isSleep(_ call: FunctionCallExprSyntax) -> Bool {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return ["sleep", "usleep", "nanosleep"].contains(reference.baseName.text)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "sleep"
        {
            let base = member.base?.trimmedDescription
            return base == "Thread" || base == "Task" || base == "Foundation.Thread"
        }
        return false
    }
}

extension SyntaxProtocol {
    /// This node's source as a finding's message quotes it: on one line (any spaces, line breaks and comments
    /// between two tokens are one space) and at most `limit` characters, cut after a whole token and ended with
    /// "…" when it is longer, so a message never stops inside a name or a string, nor spans lines.
    func quoted(_ limit: Int) -> String {
        var shown = ""
        var spaceBefore = false
        for token in tokens(viewMode: .sourceAccurate) {
            let piece = (!shown.isEmpty && (spaceBefore || !token.leadingTrivia.isEmpty) ? " " : "") + token.text
            if shown.count + piece.count > limit {
                return shown.isEmpty ? String(token.text.prefix(limit)) + "…" : shown + " …"
            }
            shown += piece
            spaceBefore = !token.trailingTrivia.isEmpty
        }
        return shown
    }

    /// Whether this node is `scope`'s own code: under it, and in no closure, local function or accessor between them
    /// (a `return` in a closure inside a function is the closure's).
    func isOwnCode(of scope: some SyntaxProtocol) -> Bool {
        var current = parent
        while let node = current {
            if node.id == scope.id { return true }
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) || node.is(AccessorBlockSyntax.self)
            {
                return false
            }
            current = node.parent
        }
        return false
    }

    /// The name of the function (or closure's function) this node is in.
    var enclosingFunctionName: String? {
        var current = parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) {
                return (function.ancestorTypeName.map { "\($0)." } ?? "") + function.name.text
            }
            current = node.parent
        }
        return nil
    }

    /// The type (class, struct, extension, enum, actor) this node is declared in.
    var ancestorTypeName: String? {
        var current = parent
        while let node = current {
            if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
            if let declaration = node.as(ExtensionDeclSyntax.self) {
                return declaration.extendedType.trimmedDescription
            }
            current = node.parent
        }
        return nil
    }
}

extension CodeBlockItemListSyntax {
    /// What a body of a function or getter returns: the value of each `return` of its own (`nil` for a bare
    /// `return`), or the one expression of a body without `return`; nothing else.
    var returnedValues: [ExprSyntax?] {
        let returns = descendants(of: ReturnStmtSyntax.self).filter { $0.isOwnCode(of: self) }
        if !returns.isEmpty { return returns.map(\.expression) }
        guard count == 1, let only = first?.item.as(ExprSyntax.self) else { return [] }
        return [only]
    }
}

extension DeclSyntaxProtocol {
    /// Whether this declaration sits in an `#if` clause that holds only on Apple platforms
    /// (`canImport(ObjectiveC)`, `canImport(Darwin)`, `os(macOS)`, `os(iOS)`, … without a negation).
    var isAppleOnly: Bool {
        let markers = [
            "canImport(ObjectiveC)", "canImport(Darwin)", "canImport(UIKit)", "canImport(AppKit)", "os(macOS)",
            "os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)", "_runtime(_ObjC)",
        ]
        var current = parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedDescription,
                clause.poundKeyword.tokenKind != .poundElse, !condition.contains("!"),
                markers.contains(where: condition.contains)
            {
                return true
            }
            current = node.parent
        }
        return false
    }
}

extension TryExprSyntax {
    /// Whether the value of this `try?` is thrown away: a statement of its own, or `_ = try? …`.
    var resultIsDiscarded: Bool {
        guard let parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        if let sequence = parent.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        if parent.is(ExprListSyntax.self), let sequence = parent.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        return false
    }
}

/// Whether a `try?` whose result is thrown away means to: not every discarded error is the error under
/// test. Clean-up that may find nothing to clean (removing a temporary folder, closing a socket that
/// failed to open), in a `defer`, a `tearDown` or anywhere; a sleep, whose only error is cancellation; and
/// waiting for a task whose error is not the point (`try? await task.value`, where the test then checks
/// what the task left, a timeout it expects among them).
enum SwallowedErrorIntent {
    /// The words clean-up calls start with (`removeItem`, `close`, `unlink`, `cancel`, `shutdown`, …).
    static let cleanupVerbs = [
        "remove", "delete", "close", "unlink", "cancel", "stop", "shutdown", "shutDown", "terminate", "invalidate",
        "disconnect", "clean", "kill", "tearDown", "teardown", "release", "dispose", "purge", "unmount", "destroy",
        "rmdir", "unregister",
    ]
    /// Clean-up calls by their whole name, as the last statement of their block: an embedded channel's or a stream's
    /// end, `_ = try? channel.finish()` after swift-nio 2.101.3's checks (not `finishDecoding()`, nor a `finish()`
    /// a check follows, which may be the call under test).
    static let endingNames: Set<String> = ["finish"]
    /// The functions whose bodies, and the closures whose bodies, run after a test as its clean-up.
    static let cleanupScopes: Set<String> = [
        "tearDown", "tearDownWithError", "addTeardownBlock", "afterEach", "afterSuite", "afterAll",
    ]

    /// The calls that make a fixture's folders and files: set-up, not the call under test (ZIPFoundation's
    /// `try? fileManager.createParentDirectoryStructure(for:)`, read for the smell corpus).
    static let fixtureCalls: Set<String> = [
        "createDirectory", "createParentDirectoryStructure", "createFile", "copyItem", "createSymbolicLink",
        // Foundation's URL API, making a fixture file immutable before the call under test (ZIPFoundation).
        "setResourceValues",
    ]

    /// Whether `expression`'s discarded error is not the error under test.
    static func isIntended(_ expression: TryExprSyntax) -> Bool {
        isInCleanup(expression) || isCleanup(expression.expression) || isEnding(expression)
            || ExitTestBody.contains(expression, failing: true)
            || isWaitOnly(expression.expression)
            || isFixture(expression.expression) || callsCheckingClosure(expression) || commentSaysExpected(expression)
    }

    /// Whether `expression` calls a closure the same function declared whose body checks the error itself
    /// (`let addition = { XCTAssertPOSIXError(try archive.addEntry(…), throwsErrorWithCode: .EMFILE) }`,
    /// then `try? addition()`: ZIPFoundation, read for the smell corpus): the error under test is checked
    /// inside, and `try?` drops only what the closure's signature lets through.
    static func callsCheckingClosure(_ expression: TryExprSyntax) -> Bool {
        guard let call = unwrapped(expression.expression).as(FunctionCallExprSyntax.self),
            call.arguments.isEmpty, call.trailingClosure == nil,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        var scope = expression.parent
        while let node = scope, !node.is(FunctionDeclSyntax.self), !node.is(SourceFileSyntax.self) {
            scope = node.parent
        }
        guard let function = scope else { return false }
        return function.descendants(of: PatternBindingSyntax.self).contains { binding in
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let closure = binding.initializer?.value.as(ClosureExprSyntax.self)
            else { return false }
            return CallCollector.names(in: Syntax(closure)).contains(where: TestSourceAnalyzer.asserts)
        }
    }

    /// A call that makes a fixture's folder or file.
    static func isFixture(_ expression: ExprSyntax) -> Bool {
        guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression)
        else { return false }
        return fixtureCalls.contains(name)
    }

    /// Inside a `defer`, a `deinit`, a `catch` that throws again, a `tearDown` method, or a closure passed to
    /// `addTeardownBlock` or Quick's `afterEach`.
    static func isInCleanup(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let node = current {
            if node.is(DeferStmtSyntax.self) || node.is(DeinitializerDeclSyntax.self) { return true }
            // A `catch` that throws again: what it tries on the way out is clean-up on a path already failing.
            if let clause = node.as(CatchClauseSyntax.self),
                clause.body.statements.contains(where: { $0.item.is(ThrowStmtSyntax.self) })
            {
                return true
            }
            if let function = node.as(FunctionDeclSyntax.self) { return cleanupScopes.contains(function.name.text) }
            if let closure = node.as(ClosureExprSyntax.self),
                let call = closure.hostCall,
                let name = CallCollector.calledName(call.calledExpression), cleanupScopes.contains(name)
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// A call named for clean-up: `removeItem`, `folder.delete()`, `socket.close()`, `Socket.unlink(…)`, and
    /// a chain that waits for one (`pool.close().get()`, `group.shutdownGracefully().wait()`: vapor/async-kit
    /// 1.22.0's pool tests).
    static func isCleanup(_ expression: ExprSyntax) -> Bool {
        var current: ExprSyntax? = unwrapped(expression)
        while let call = current?.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression)
        {
            if isCleanupName(name) { return true }
            // Only a wait for what the call before it started (`.get()`, `.wait()`) passes its error through.
            guard ["get", "wait"].contains(name) else { return false }
            current = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return false
    }

    /// Whether `attempt` calls one of ``endingNames`` as the last statement of its block.
    static func isEnding(_ attempt: TryExprSyntax) -> Bool {
        guard let call = unwrapped(attempt.expression).as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression),
            endingNames.contains(name) || isSaidHowCleanupName(name),
            let statement = attempt.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }),
            let block = statement.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        return block.last?.id == statement.id
    }

    /// Whether `name` starts with a clean-up verb as a word (`close`, `closeAll`; not `closest`).
    private static func isCleanupName(_ name: String) -> Bool {
        cleanupVerbs.contains { verb in
            name.hasPrefix(verb)
                && (name.count == verb.count || name[name.index(name.startIndex, offsetBy: verb.count)].isUppercase)
        }
    }

    /// A clean-up verb after a word that says how (`syncShutdown()`, AsyncHTTPClient's; `forceClose()`): clean-up
    /// only as the last statement of its block (mattt/Replay 0.4.0's `try? client.syncShutdown()` ends its test),
    /// since a test may check what it did (swift-nio 2.101.3's `try? elg.syncShutdownGracefully()`, then the loop's
    /// state: its error swallowed).
    private static func isSaidHowCleanupName(_ name: String) -> Bool {
        guard let how = ["sync", "async", "gracefully", "graceful", "force"].first(where: { name.hasPrefix($0) })
        else { return false }
        let rest = name.dropFirst(how.count)
        guard let first = rest.first, first.isUppercase else { return false }
        return isCleanupName(first.lowercased() + rest.dropFirst())
    }

    /// A sleep (its one error is cancellation), or the awaited `value`/`result` of a task.
    static func isWaitOnly(_ expression: ExprSyntax) -> Bool {
        let inner = unwrapped(expression)
        if let call = inner.as(FunctionCallExprSyntax.self) {
            return CallCollector.isSleep(call) || CallCollector.calledName(call.calledExpression) == "sleep"
        }
        if let member = inner.as(MemberAccessExprSyntax.self) {
            return ["value", "result"].contains(member.declName.baseName.text)
        }
        return false
    }

    /// `expression` without `await`.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        if let awaited = expression.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
        return expression
    }
}

extension TriviaPiece {
    /// The text of a comment piece (`// …`, `/* … */`, and their doc forms), `nil` for spaces and newlines.
    var commentText: String? {
        switch self {
        case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
            return text
        default: return nil
        }
    }
}

extension Trivia {
    /// The texts of the comments in this trivia, in order.
    var commentTexts: [String] { compactMap(\.commentText) }
}
