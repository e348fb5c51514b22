import Synchronization

/// The recorder behind every member of a generated double: a spy, a stub and a mock at once.
/// ``Member`` (its ``handler`` is a plain closure) and ``AsyncMember`` (its handler is `async`) are
/// this class with their handler's type; each adds the calls generated code makes.
///
/// - Spy: ``callCount``, ``lastArguments`` and ``allArguments`` (labelled tuples, e.g.
///   `lastArguments?.searchTerm`); a non-escaping closure is counted, not stored.
/// - Stub: ``stubbedResult``, ``stubbedError`` or a ``handler`` computing the result from the
///   arguments; the one set last wins.
/// - Mock: ``RecordingMember/verify(calledTimes:fileID:filePath:line:column:)`` and
///   ``verifyCallOrder(_:fileID:filePath:line:column:)`` report a failure to XCTest and Swift Testing
///   at the test's line.
///
/// All state sits behind a `Mutex`: a double may be called from any task or thread.
public final class CallRecorder<Arguments, Result, Handler>: RecordingMember, StubbedRecorder {
    /// The member's full name, e.g. `NetworkingLayerMock.searchFor(searchTerm:completionHandler:)`.
    public let name: String
    @usableFromInline let context: DoubleContext
    @usableFromInline let state = Mutex(Log())

    @usableFromInline typealias Log = CallLog<Arguments, Result, Handler>

    /// The line a test writes to stub the member, which failures quote: `double.fetch.stubbedResult = …`.
    @usableFromInline let stubLine: String

    /// What an unstubbed call returns when its type has no ``DefaultValue``: `Token()`, for a type
    /// the generator saw an `init()` of; `nil` otherwise.
    @usableFromInline let fallback: (@Sendable () -> Result)?

    /// Makes the member `signature` (e.g. `fetch(id:)`) of the double described by `context`.
    ///
    /// - Parameters:
    ///   - context: The double the member belongs to: its name, mode and the test's reporter.
    ///   - signature: The member as the protocol declares it (`fetch(id:)`), which failures quote.
    ///   - recorder: The recorder's name in the double's `double`, when it is not the member's
    ///     (`findId` for an overload of `find`); failures quote it in the line that stubs the member.
    ///   - fallback: What an unstubbed call returns when the result's type has no ``DefaultValue``
    ///     (`Token()`), reported as a failure, as in docs/doubles.md.
    public convenience init(
        _ signature: String,
        of context: DoubleContext,
        recorder: String? = nil,
        fallback: (@Sendable () -> Result)? = nil
    ) {
        let name = recorder ?? String(signature.prefix { $0 != "(" && $0 != " " })
        self.init(signature, of: context, stubLine: "double.\(name).stubbedResult = …", fallback: fallback)
    }

    /// Makes the member `signature` whose stub a test writes as `stubLine`.
    init(_ signature: String, of context: DoubleContext, stubLine: String, fallback: (@Sendable () -> Result)?) {
        self.name = "\(context.typeName).\(signature)"
        self.context = context
        self.stubLine = stubLine
        self.fallback = fallback
    }

    // MARK: Spy

    /// How many times the member was called (for an `async` member, calls still suspended in the
    /// handler included).
    public var callCount: Int { locked(or: 0) { $0.arguments.count } }

    /// The arguments of the latest call, or `nil` before the first.
    public var lastArguments: Arguments? {
        locked(or: nil) { $0.arguments.last }
    }

    /// The arguments of every call, oldest first.
    public var allArguments: [Arguments] {
        locked(or: []) { $0.arguments }
    }

    /// The global sequence numbers of this member's calls, for ``verifyCallOrder(_:fileID:filePath:line:column:)``.
    public var callSequenceNumbers: [UInt64] { locked(or: []) { $0.sequenceNumbers } }

    // MARK: Stub

    /// The value every call returns; setting it replaces a stubbed error or handler.
    public var stubbedResult: Result? {
        get { locked(or: nil) { $0.stubbedResult } }
        set {
            locked(or: ()) { $0.stub = newValue.map(Log.Stub.value) }
        }
    }

    /// The error every call throws (throwing members only); setting it replaces a result or handler.
    public var stubbedError: (any Error)? {
        get { locked(or: nil) { $0.stubbedError } }
        set {
            locked(or: ()) { $0.stub = newValue.map(Log.Stub.error) }
        }
    }

    /// A closure computing each call's result from its arguments, or throwing; setting it replaces
    /// a stubbed result or error. An ``AsyncMember``'s handler is `async`: the call awaits it, so it
    /// may suspend (await a stream or a continuation the test resumes). It may throw even for a
    /// member that cannot: that is reported as a failure and the call returns the default. It runs
    /// outside the lock, so it may call the double again.
    public var handler: Handler? {
        get { locked(or: nil) { $0.handler } }
        set {
            locked(or: ()) { $0.stub = newValue.map(Log.Stub.handler) }
        }
    }

    /// Forgets the calls and the stubs, those made with ``given(_:)`` too.
    public func reset() {
        locked(or: ()) { $0 = Log() }
    }

    /// Appends the call and reads the stub under the lock (see ``CallLog/record(_:number:)``):
    /// one lock, one thread-specific lookup for the call's sequence number (``CallingThread``), and
    /// no copy of the arguments but the one stored.
    ///
    /// Stubs made with `given(…)` are matched here too, under the lock: copying them out to match
    /// outside cost a matcher-stubbed call twice as much again (DoublesCallBenchmark). A matcher that
    /// calls its own member is reported rather than left waiting for the lock: the calling thread
    /// knows whose matchers it runs.
    @inlinable @inline(__always)
    func record(_ arguments: consuming Arguments) -> Log.Resolution {
        // The calling thread's own state, which only this thread uses.
        let thread = CallingThread.current(context.order.threadKey)
        if thread.pointee.isMatching(ObjectIdentifier(self)) {
            reportReentrantMatcher()
            return .unstubbed
        }
        var call: Transfer<Arguments>? = Transfer(arguments)
        return state.withLock { log in
            let number = context.order.number(for: thread)
            guard !log.matchedStubs.isEmpty else {
                return Transfer(log.record(call.take().unsafelyUnwrapped.value, number: number))
            }
            thread.pointee.startMatching(ObjectIdentifier(self))
            defer { thread.pointee.endMatching() }
            return Transfer(log.record(call.take().unsafelyUnwrapped.value, number: number))
        }.value
    }

    @usableFromInline
    func reportReentrantMatcher() {
        report(
            "was used by a matcher of its own given(…): matchers run while the member's calls are locked, so a "
                + "matcher may read other members and the arguments, not its own member (this use got nothing)")
    }

    /// Runs `body` with the calls and stubs locked; from inside one of this member's own matchers (which
    /// run with them locked) reports that and gives `instead`, rather than waiting for the lock for ever.
    func locked<Value>(or instead: @autoclosure () -> Value, _ body: (inout Log) -> Value) -> Value {
        if CallingThread.current().pointee.isMatching(ObjectIdentifier(self)) {
            reportReentrantMatcher()
            return instead()
        }
        return withoutActuallyEscaping(body) { body in
            let work = Transfer(body)
            return state.withLock { log in Transfer(work.value(&log)) }.value
        }
    }
}

/// Carries a value of a type that may not be `Sendable` into or out of a `Mutex`. The mutex makes
/// every access exclusive; the values themselves belong to the test that stubs or inspects them.
@usableFromInline
struct Transfer<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @usableFromInline init(_ value: Value) {
        self.value = value
    }
}

// MARK: Forwarding

extension CallRecorder {
    /// For a double made with `init(forwardingTo:)`: records the call and returns `true` when nothing is
    /// stubbed for these arguments (no plain stub, no `given(…)` that matches), so the double forwards it
    /// to the real instance; returns `false`, recording nothing, when a stub applies, and the double
    /// then makes the call as usual (which records it).
    public func forwards(_ arguments: Arguments) -> Bool {
        let (plain, matched) = locked(or: (true, [])) { ($0.stub != nil, $0.matchedStubs) }
        guard !plain, !matched.contains(where: { $0.matches(arguments) }) else { return false }
        recordForwarded(arguments)
        return true
    }

    /// Records a call the double forwards to the real instance whatever is stubbed (a setter).
    public func recordForwarded(_ arguments: Arguments) {
        locked(or: ()) { log in
            log.arguments.append(arguments)
            log.sequenceNumbers.append(context.order.number())
        }
    }
}

/// The real instance a forwarding double (`init(forwardingTo:)`) passes unstubbed calls to. It belongs
/// to the test that made the double, as the double does (hence `@unchecked Sendable`); a value type is
/// kept here, so its mutating members and setters change this copy.
public final class Forwardee<Real>: @unchecked Sendable {
    /// The real instance.
    public var real: Real

    /// Keeps `real`.
    public init(_ real: Real) {
        self.real = real
    }
}
