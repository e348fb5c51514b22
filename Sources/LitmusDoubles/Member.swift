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
public final class Member<Arguments, Result>: Sendable, CallRecording {
    /// The member's full name, e.g. `NetworkingLayerMock.searchFor(searchTerm:completionHandler:)`.
    public let name: String
    @usableFromInline let context: DoubleContext
    @usableFromInline let state = Mutex(State())

    /// The calls and the stub. The arguments and the sequence numbers of the calls are kept in two
    /// arrays, so reading ``allArguments`` copies nothing and each array stays as small as it can.
    @usableFromInline
    struct State {
        @usableFromInline var arguments: [Arguments] = []
        @usableFromInline var sequenceNumbers: [UInt64] = []
        @usableFromInline var stub: Stub?

        @usableFromInline init() {}

        /// The resolution of the latest call when the stub is not a value: an error, the handler
        /// with a copy of the call's arguments, or nothing stubbed.
        @usableFromInline
        func resolutionWithoutValue() -> Resolution {
            switch stub {
            case .value(let result):
                return .value(result)
            case .error(let error):
                return .error(error)
            case .handler(let handler):
                return .handler(handler, arguments[arguments.count - 1])
            case nil:
                return .unstubbed
            }
        }
    }

    @usableFromInline
    enum Stub {
        case value(Result)
        case error(any Error)
        case handler((Arguments) throws -> Result)
    }

    /// Makes the member `signature` (e.g. `fetch(id:)`) of the double described by `context`.
    public init(_ signature: String, of context: DoubleContext) {
        self.name = "\(context.typeName).\(signature)"
        self.context = context
    }

    // MARK: Spy

    /// How many times the member was called.
    public var callCount: Int { state.withLock { $0.arguments.count } }

    /// Whether the member was called at least once.
    public var wasCalled: Bool { callCount > 0 }

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
        get {
            state.withLock { state -> Transfer<Result?> in
                guard case .value(let value) = state.stub else { return Transfer(nil) }
                return Transfer(value)
            }.value
        }
        set {
            let stub = Transfer(newValue.map(Stub.value))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// The error every call throws (throwing members only); setting it replaces a result or handler.
    public var stubbedError: (any Error)? {
        get {
            state.withLock { state -> (any Error)? in
                guard case .error(let error) = state.stub else { return nil }
                return error
            }
        }
        set {
            let stub = Transfer(newValue.map(Stub.error))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// A closure computing each call's result from its arguments, or throwing; setting it replaces
    /// a stubbed result or error. It runs outside the lock, so it may call the double again.
    public var handler: ((Arguments) throws -> Result)? {
        get {
            state.withLock { state -> Transfer<((Arguments) throws -> Result)?> in
                guard case .handler(let handler) = state.stub else { return Transfer(nil) }
                return Transfer(handler)
            }.value
        }
        set {
            let stub = Transfer(newValue.map(Stub.handler))
            state.withLock { $0.stub = stub.value }
        }
    }

    /// Stubs every call to return `result`; the same as setting ``stubbedResult``.
    public func stub(_ result: Result) {
        stubbedResult = result
    }

    /// Forgets the calls and the stub.
    public func reset() {
        state.withLock { $0 = State() }
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
        cast(try outcome(of: record(arguments), returning: type).get(), to: type)
    }

    /// What a call found under the lock: everything needed to finish it outside.
    @usableFromInline
    enum Resolution {
        case value(Result)
        case error(any Error)
        case handler((Arguments) throws -> Result, Arguments)
        case unstubbed
    }

    /// Appends the call and reads the stub under the lock.
    ///
    /// This is the hot path of every double: one atomic add for the global sequence number, one
    /// lock, and no copy of the arguments but the one stored (a handler gets a copy of the stored
    /// one). The arguments move into the history. A stubbed value is copied out directly; any
    /// other stub is finished outside the lock by ``outcome(of:returning:)``, so a handler may call
    /// the double again.
    @inlinable @inline(__always)
    func record(_ arguments: consuming Arguments) -> Resolution {
        var call: Transfer<Arguments>? = Transfer(arguments)
        return state.withLock { state in
            state.arguments.append(call.take().unsafelyUnwrapped.value)
            // Numbered under the lock, so each member's numbers ascend even when threads race.
            state.sequenceNumbers.append(context.sequence.next())
            if case .value(let result) = state.stub {
                return Transfer(Resolution.value(result))
            }
            return Transfer(state.resolutionWithoutValue())
        }.value
    }

    /// Finishes a call outside the lock: the stubbed value or error, the handler's result, or the
    /// unstubbed outcome.
    @usableFromInline
    func outcome<Value>(of resolution: Resolution, returning type: Value.Type) -> Swift.Result<Result, any Error> {
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

    /// The outcome of a call nothing was stubbed for: a strict-mode failure, then the default or an error.
    @usableFromInline
    func unstubbed<Value>(returning type: Value.Type) -> Swift.Result<Result, any Error> {
        if context.mode == .strict {
            report("was called but not stubbed (strict mode); stub it with stubbedResult, handler or stubbedError")
        }
        if let value = defaultValue(of: Value.self), let result = value as? Result {
            return .success(result)
        }
        return .failure(UnstubbedCallError(member: name, resultType: "\(Value.self)"))
    }

    @usableFromInline
    func resultWithoutStub(after error: any Error) -> Result {
        valueWithoutStub(of: Result.self, after: error)
    }

    /// The result of a typed-throws member whose stub threw an error of another type: a failure
    /// naming both, then the default result.
    @usableFromInline
    func result<Failure: Error>(afterForeign error: any Error, failure: Failure.Type) -> Result {
        report("threw \(error), which is not a \(Failure.self) as the member declares; stub a \(Failure.self)")
        return resultWithoutStub(after: error)
    }

    @usableFromInline
    func valueWithoutStub<Value>(of type: Value.Type, after error: any Error) -> Value {
        if let value = defaultValue(of: type) {
            if !(error is UnstubbedCallError) {
                report("cannot throw, but its handler or stubbedError threw \(error); it returned the default instead")
            }
            return value
        }
        let message = (error as? UnstubbedCallError)?.description ?? "\(name) cannot throw \(error)"
        report(message)
        fatalError(message)
    }

    @usableFromInline
    func cast<Value>(_ result: Result, to type: Value.Type) -> Value {
        if let value = result as? Value {
            return value
        }
        let message = "\(name) was stubbed with \(result), which is not the \(Value.self) this call returns"
        report(message)
        fatalError(message)
    }

    private func report(_ problem: String) {
        reportFailure("\(name) \(problem)", at: context.location)
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
