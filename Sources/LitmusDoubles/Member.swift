import Synchronization

/// One member of a generated double (a method, a getter, a setter, a subscript or an initializer):
/// a spy, a stub and a mock at once.
///
/// - Spy: ``callCount``, ``lastArguments`` and ``allArguments`` (labelled tuples, e.g.
///   `lastArguments?.searchTerm`); a non-escaping closure is counted, not stored.
/// - Stub: ``stubbedResult``, ``stubbedError`` or a ``handler`` computing the result from the
///   arguments; the one set last wins.
/// - Mock: ``verify(calledTimes:fileID:filePath:line:column:)`` and ``verifyCallOrder(_:fileID:filePath:line:column:)``
///   report a failure to XCTest and Swift Testing at the test's line.
///
/// All state sits behind a `Mutex`: a double may be called from any task or thread.
public final class Member<Arguments, Result>: RecordingMember, StubbedRecorder {
    /// The member's full name, e.g. `NetworkingLayerMock.searchFor(searchTerm:completionHandler:)`.
    public let name: String
    @usableFromInline let context: DoubleContext
    @usableFromInline let state = Mutex(Log())

    @usableFromInline typealias Log = CallLog<Arguments, Result, (Arguments) throws -> Result>

    /// Makes the member `signature` (e.g. `fetch(id:)`) of the double described by `context`.
    public init(_ signature: String, of context: DoubleContext) {
        self.name = "\(context.typeName).\(signature)"
        self.context = context
    }

    // MARK: Spy

    /// How many times the member was called.
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

    /// A closure computing each call's result from its arguments, or throwing; setting it replaces
    /// a stubbed result or error. It runs outside the lock, so it may call the double again.
    public var handler: ((Arguments) throws -> Result)? {
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

    /// Records a call of a member that cannot throw and returns its stubbed result.
    @inlinable @inline(__always)
    public func call(_ arguments: consuming Arguments) -> Result {
        let resolution = record(arguments)
        if case .value(let result) = resolution {
            return result
        }
        switch outcome(of: resolution, returning: Result.self) {
        case .success(let result):
            return result
        case .failure(let error):
            return resultWithoutStub(after: error)
        }
    }

    /// Records a call of a throwing member, then returns its stubbed result or throws.
    @inlinable @inline(__always)
    public func callThrowing(_ arguments: consuming Arguments) throws -> Result {
        let resolution = record(arguments)
        if case .value(let result) = resolution {
            return result
        }
        return try outcome(of: resolution, returning: Result.self).get()
    }

    /// Records a call of a member with a typed `throws(Failure)`, then returns or throws a `Failure`.
    @inlinable @inline(__always)
    public func callThrowing<Failure: Error>(
        _ arguments: consuming Arguments,
        failure: Failure.Type
    ) throws(Failure) -> Result {
        let resolution = record(arguments)
        if case .value(let result) = resolution {
            return result
        }
        switch outcome(of: resolution, returning: Result.self) {
        case .success(let result):
            return result
        case .failure(let error as Failure):
            throw error
        case .failure(let error):
            return result(afterForeign: error, failure: failure)
        }
    }

    /// Records a call of a generic member whose result is type-erased, and returns it as `Value`.
    @inlinable @inline(__always)
    public func call<Value>(_ arguments: consuming Arguments, returning type: Value.Type) -> Value
    where Result == Any {
        switch outcome(of: record(arguments), returning: type) {
        case .success(let result):
            return cast(result, to: type)
        case .failure(let error):
            return valueWithoutStub(of: type, after: error)
        }
    }

    /// Records a call of a throwing generic member whose result is type-erased.
    @inlinable @inline(__always)
    public func callThrowing<Value>(_ arguments: consuming Arguments, returning type: Value.Type) throws -> Value
    where Result == Any {
        try castThrowing(try outcome(of: record(arguments), returning: type).get(), to: type)
    }

    /// Appends the call and reads the stub under the lock (see ``CallLog/record(_:number:)``):
    /// one atomic add for the global sequence number, one lock, and no copy of the arguments but
    /// the one stored.
    @inlinable @inline(__always)
    func record(_ arguments: consuming Arguments) -> Log.Resolution {
        var call: Transfer<Arguments>? = Transfer(arguments)
        return state.withLock { log in
            // The counter is read here, not passed in: passing it would retain and release it.
            let number = context.sequence.next()
            return Transfer(log.record(call.take().unsafelyUnwrapped.value, number: number))
        }.value
    }

    /// Finishes a call outside the lock: the stubbed value or error, the handler's result, or the
    /// unstubbed outcome.
    @usableFromInline
    func outcome<Value>(of resolution: Log.Resolution, returning type: Value.Type) -> Swift.Result<Result, any Error> {
        switch resolution {
        case .value(let result):
            return .success(result)
        case .error(let error):
            return .failure(error)
        case .handler(let handler, let arguments):
            return Swift.Result { try handler(arguments) }
        case .unstubbed:
            return unstubbed(returning: type)
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
