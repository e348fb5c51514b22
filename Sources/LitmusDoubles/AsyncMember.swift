import Synchronization

/// One `async` member of a generated double (an `async` method, a `get async` getter, an `async`
/// subscript getter or initializer): a ``Member`` whose ``handler`` is `async`, so it may suspend.
///
/// ```swift
/// let (released, release) = AsyncStream.makeStream(of: Void.self)
/// store.mock.user.handler = { id in
///     for await _ in released { break }  // the call waits until the test releases it
///     return User(id: id)
/// }
/// ```
///
/// Everything else is as on ``Member``: the spy (``callCount``, ``lastArguments``,
/// ``allArguments``), the stub (``stubbedResult``, ``stubbedError``, the one set last wins), the
/// verification (``RecordingMember``) and the modes. A call is recorded when it starts, before the
/// handler runs; the handler runs outside the lock, on the caller's executor, so it may call the
/// double again.
public final class AsyncMember<Arguments, Result>: RecordingMember, StubbedRecorder {
    /// The member's full name, e.g. `UserStoreMock.user(id:)`.
    public let name: String
    @usableFromInline let context: DoubleContext
    @usableFromInline let state = Mutex(Log())

    @usableFromInline typealias Log = CallLog<
        Arguments, Result, nonisolated(nonsending) (Arguments) async throws -> Result
    >

    /// Makes the member `signature` (e.g. `fetch(id:)`) of the double described by `context`.
    public init(_ signature: String, of context: DoubleContext) {
        self.name = "\(context.typeName).\(signature)"
        self.context = context
    }

    // MARK: Spy

    /// How many times the member was called (calls still suspended in the handler included).
    public var callCount: Int { state.withLock { $0.arguments.count } }

    /// The arguments of the latest call, or `nil` before the first.
    public var lastArguments: Arguments? {
        state.withLock { Transfer($0.arguments.last) }.value
    }

    /// The arguments of every call, oldest first.
    public var allArguments: [Arguments] {
        state.withLock { Transfer($0.arguments) }.value
    }

    /// The global sequence numbers of this member's calls, for ``verifyCallOrder(_:fileID:filePath:line:column:)``.
    public var callSequenceNumbers: [UInt64] { state.withLock { $0.sequenceNumbers } }

    // MARK: Stub

    /// The value every call returns; setting it replaces a stubbed error or handler.
    public var stubbedResult: Result? {
        get { state.withLock { Transfer($0.stubbedResult) }.value }
        set {
            let stub = Transfer(newValue.map(Log.Stub.value))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// The error every call throws (throwing members only); setting it replaces a result or handler.
    public var stubbedError: (any Error)? {
        get { state.withLock { $0.stubbedError } }
        set {
            let stub = Transfer(newValue.map(Log.Stub.error))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// An `async` closure computing each call's result from its arguments, or throwing; setting it
    /// replaces a stubbed result or error. The call awaits it, so it may suspend (await a stream
    /// or a continuation the test resumes, call another `async` API). As on ``Member``, it may
    /// throw even for a member that cannot: that is reported as a failure and the call returns the
    /// default. It runs outside the lock, so it may call the double again.
    public var handler: (nonisolated(nonsending) (Arguments) async throws -> Result)? {
        get { state.withLock { Transfer($0.handler) }.value }
        set {
            let stub = Transfer(newValue.map(Log.Stub.handler))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// Forgets the calls and the stub.
    public func reset() {
        state.withLock { $0 = Log() }
    }

    // MARK: Calls made by generated code

    /// Records a call of an `async` member that cannot throw and returns its stubbed result.
    @inlinable
    nonisolated(nonsending) public func call(_ arguments: consuming Arguments) async -> Result {
        switch await outcome(of: record(arguments), returning: Result.self) {
        case .success(let result):
            return result
        case .failure(let error):
            return resultWithoutStub(after: error)
        }
    }

    /// Records a call of an `async throws` member, then returns its stubbed result or throws.
    @inlinable
    nonisolated(nonsending) public func callThrowing(_ arguments: consuming Arguments) async throws -> Result {
        try await outcome(of: record(arguments), returning: Result.self).get()
    }

    /// Records a call of an `async` member with a typed `throws(Failure)`, then returns or throws a `Failure`.
    @inlinable
    nonisolated(nonsending) public func callThrowing<Failure: Error>(
        _ arguments: consuming Arguments,
        failure: Failure.Type
    ) async throws(Failure) -> Result {
        switch await outcome(of: record(arguments), returning: Result.self) {
        case .success(let result):
            return result
        case .failure(let error as Failure):
            throw error
        case .failure(let error):
            return result(afterForeign: error, failure: failure)
        }
    }

    /// Records a call of a generic `async` member whose result is type-erased, and returns it as `Value`.
    @inlinable
    nonisolated(nonsending) public func call<Value>(
        _ arguments: consuming Arguments,
        returning type: Value.Type
    ) async -> Value where Result == Any {
        switch await outcome(of: record(arguments), returning: type) {
        case .success(let result):
            return cast(result, to: type)
        case .failure(let error):
            return valueWithoutStub(of: type, after: error)
        }
    }

    /// Records a call of a throwing generic `async` member whose result is type-erased.
    @inlinable
    nonisolated(nonsending) public func callThrowing<Value>(
        _ arguments: consuming Arguments,
        returning type: Value.Type
    ) async throws -> Value where Result == Any {
        try castThrowing(try await outcome(of: record(arguments), returning: type).get(), to: type)
    }

    /// Appends the call and reads the stub under the lock, as ``Member`` does.
    @inlinable @inline(__always)
    func record(_ arguments: consuming Arguments) -> Log.Resolution {
        var call: Transfer<Arguments>? = Transfer(arguments)
        return state.withLock { log in
            // The counter is read here, not passed in: passing it would retain and release it.
            let number = context.sequence.next()
            return Transfer(log.record(call.take().unsafelyUnwrapped.value, number: number))
        }.value
    }

    /// Finishes a call outside the lock: the stubbed value or error, the awaited handler's result,
    /// or the unstubbed outcome.
    @usableFromInline
    nonisolated(nonsending) func outcome<Value>(
        of resolution: Log.Resolution,
        returning type: Value.Type
    ) async -> Swift.Result<Result, any Error> {
        switch resolution {
        case .value(let result):
            return .success(result)
        case .error(let error):
            return .failure(error)
        case .handler(let handler, let arguments):
            do {
                return .success(try await handler(arguments))
            } catch {
                return .failure(error)
            }
        case .unstubbed:
            return unstubbed(returning: type)
        }
    }
}
