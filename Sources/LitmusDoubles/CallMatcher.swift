import LitmusTestReporting

/// Calls of one member whose arguments match: what `double.fetch(id: .any)` makes, for ``given(_:)``
/// (stub those calls) and ``verify(_:)`` (check how many there were). A generated double has one such
/// function per method with parameters, beside its recorder.
///
/// It may be passed to ``verifyCallOrder(_:fileID:filePath:line:column:)`` like a member, to check the
/// order of calls with these arguments. It holds the test's matchers, which belong to the test that made
/// it (hence `@unchecked Sendable`).
public struct CallMatcher<Arguments, Result, Handler>: CallRecording, @unchecked Sendable {
    /// One argument's matcher, erased to the recorded arguments.
    public struct Check {
        let label: String
        let description: String
        let matches: (Arguments) -> Bool
        let render: (Arguments) -> String

        /// The matcher `argument` of the parameter labelled `label` (empty for `_`), whose value `value`
        /// reads from the recorded arguments.
        public init<Value>(_ label: String, _ argument: Arg<Value>, _ value: @escaping (Arguments) -> Value) {
            self.label = label
            self.description = argument.description
            self.matches = { argument.matches(value($0)) }
            self.render = { quoted(value($0)) }
        }
    }

    /// The member's recorder.
    public let recorder: CallRecorder<Arguments, Result, Handler>
    let baseName: String
    let checks: [Check]
    /// Every check, chained into one closure when the matcher is made, so that a call does not walk an
    /// array (which, in code not specialized for these arguments, costs generic metadata lookups: 66
    /// times a hand-written spy's call, against 1.1 times for the chain, in DoublesCallBenchmark).
    let matches: (Arguments) -> Bool

    /// Calls of `recorder` (the member `baseName`) whose every argument passes its check. Generated
    /// code also passes `matching`, the same checks in one closure compiled for these arguments, which
    /// a call then runs: a closure per argument, made here, costs most of a matcher-stubbed call.
    public init(
        _ recorder: CallRecorder<Arguments, Result, Handler>, _ baseName: String, _ checks: [Check],
        matching: ((Arguments) -> Bool)? = nil
    ) {
        self.recorder = recorder
        self.baseName = baseName
        self.checks = checks
        if let matching {
            self.matches = matching
            return
        }
        var chain: (Arguments) -> Bool = { _ in true }
        for check in checks.reversed() {
            let rest = chain
            let first = check.matches
            chain = { first($0) && rest($0) }
        }
        self.matches = chain
    }

    /// The calls as a test writes them: `SearchMock.search(term: "Phish", limit: any)`.
    public var name: String {
        "\(recorder.context.typeName).\(call(checks.map(\.description)))"
    }

    /// The global sequence numbers of the matching calls, oldest first.
    public var callSequenceNumbers: [UInt64] {
        let (arguments, numbers) = recorder.locked(or: ([], [])) { ($0.arguments, $0.sequenceNumbers) }
        return zip(arguments, numbers).filter { matches($0.0) }.map(\.1)
    }

    /// How many recorded calls match.
    public var callCount: Int {
        recorder.allArguments.lazy.filter(matches).count
    }

    /// A recorded call as a test would write it: `search(term: "Phish", limit: 5)`.
    func written(_ arguments: Arguments) -> String {
        call(checks.map { $0.render(arguments) })
    }

    /// Up to three recorded calls, the ones with the most matching arguments first.
    func closestCalls(_ recorded: [Arguments]) -> [String] {
        let ranked = recorded.enumerated().map { index, arguments in
            (index, checks.filter { $0.matches(arguments) }.count, arguments)
        }
        return ranked.sorted { ($0.1, -$0.0) > ($1.1, -$1.0) }.prefix(3).map { written($0.2) }
    }

    private func call(_ values: [String]) -> String {
        let arguments = zip(checks, values).map { check, value in
            check.label.isEmpty ? value : "\(check.label): \(value)"
        }
        return "\(baseName)(\(arguments.joined(separator: ", ")))"
    }
}

extension CallRecorder {
    /// The calls of this member whose arguments match (see ``CallMatcher``).
    public typealias Matcher = CallMatcher<Arguments, Result, Handler>
}

// MARK: given

/// Stubs the calls `calls` matches: `given(store.double.fetch(id: .equal(3))).willReturn(album)`.
///
/// Stubs made with `given` are tried newest first; a call none of them matches gets the member's plain
/// stub (``CallRecorder/stubbedResult``, ``CallRecorder/stubbedError`` or ``CallRecorder/handler``), or
/// is unstubbed. ``RecordingMember/reset()`` forgets them. Matchers run while the member's calls are
/// locked: a matcher may read other members and its arguments; using its own member is reported as a
/// failure and gets nothing.
public func given<Arguments, Result, Handler>(_ calls: CallMatcher<Arguments, Result, Handler>) -> Stubbing<
    Arguments, Result, Handler
> {
    Stubbing(matcher: calls)
}

/// What the calls a ``given(_:)`` names do: return, throw, or compute their result.
public struct Stubbing<Arguments, Result, Handler> {
    let matcher: CallMatcher<Arguments, Result, Handler>

    /// Those calls return `result`.
    public func willReturn(_ result: Result) {
        add(.value(result))
    }

    /// Those calls throw `error` (a throwing member; a member that cannot throw reports it and returns
    /// its default).
    public func willThrow(_ error: any Error) {
        add(.error(error))
    }

    /// Those calls return what `handler` computes from their arguments (an `async` one for an `async`
    /// member), as ``CallRecorder/handler`` does for every call.
    public func willProduce(_ handler: Handler) {
        add(.handler(handler))
    }

    private func add(_ stub: CallLog<Arguments, Result, Handler>.Stub) {
        let matched = CallLog<Arguments, Result, Handler>.MatchedStub(matches: matcher.matches, stub: stub)
        matcher.recorder.locked(or: ()) { $0.matchedStubs.append(matched) }
    }
}

extension Stubbing where Result == Void {
    /// Those calls are expected and return nothing: in strict mode they are no longer failures.
    public func willReturn() {
        willReturn(())
    }
}

// MARK: verify

/// Checks how often the calls `calls` matches were made:
/// `verify(store.double.fetch(id: .equal(3))).called(.atLeast(1))`.
public func verify<Arguments, Result, Handler>(_ calls: CallMatcher<Arguments, Result, Handler>) -> Verification<
    Arguments, Result, Handler
> {
    Verification(matcher: calls)
}

/// How many calls ``verify(_:)`` expects: `.never`, `.once`, `.exactly(n)`, `.atLeast(n)`, `.atMost(n)`.
public struct CallCount: Sendable, CustomStringConvertible {
    let lowest: Int
    let highest: Int?
    /// How it reads in a failure message.
    public let description: String

    /// No call.
    public static let never = CallCount(lowest: 0, highest: 0, description: "never")
    /// One call.
    public static let once = CallCount(lowest: 1, highest: 1, description: "once")

    /// Exactly `count` calls.
    public static func exactly(_ count: Int) -> CallCount {
        CallCount(lowest: count, highest: count, description: "exactly \(times(count))")
    }

    /// `count` calls or more.
    public static func atLeast(_ count: Int) -> CallCount {
        CallCount(lowest: count, highest: nil, description: "at least \(times(count))")
    }

    /// At most `count` calls.
    public static func atMost(_ count: Int) -> CallCount {
        CallCount(lowest: 0, highest: count, description: "at most \(times(count))")
    }

    func accepts(_ count: Int) -> Bool {
        count >= lowest && highest.map { count <= $0 } != false
    }
}

/// A ``verify(_:)`` waiting for its expected ``CallCount``.
public struct Verification<Arguments, Result, Handler> {
    let matcher: CallMatcher<Arguments, Result, Handler>

    /// Fails the test unless the matching calls were `expected` in number; the failure names the calls
    /// expected and the closest calls recorded: "expected search(term: "Phish", limit: any) to be called
    /// at least once; got 0 matching calls of 2: search(term: "Fish", limit: 5), …".
    public func called(
        _ expected: CallCount,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let recorded = matcher.recorder.allArguments
        let matching = recorded.filter(matcher.matches).count
        guard !expected.accepts(matching) else { return }
        var message =
            "expected \(matcher.name) to be called \(expected); got \(matching) matching call\(matching == 1 ? "" : "s")"
        if recorded.isEmpty {
            message += ", and \(matcher.recorder.name) was never called"
        } else if matching < expected.lowest {
            message +=
                " of \(recorded.count) recorded; closest: " + matcher.closestCalls(recorded).joined(separator: ", ")
        } else {
            let matched = recorded.filter(matcher.matches).prefix(3).map(matcher.written)
            message += ": " + matched.joined(separator: ", ") + (matching > 3 ? ", …" : "")
        }
        reportFailure(message, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

private func times(_ count: Int) -> String {
    count == 1 ? "once" : "\(count) times"
}
