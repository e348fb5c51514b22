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

    @usableFromInline
    struct State {
        @usableFromInline var calls: [Call] = []
        @usableFromInline var stub: Stub?

        @usableFromInline init() {}
    }

    @usableFromInline
    struct Call {
        @usableFromInline let arguments: Arguments
        @usableFromInline let sequenceNumber: UInt64

        @usableFromInline init(arguments: Arguments, sequenceNumber: UInt64) {
            self.arguments = arguments
            self.sequenceNumber = sequenceNumber
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
    public var callCount: Int { state.withLock { $0.calls.count } }

    /// Whether the member was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// The arguments of the latest call, or `nil` before the first.
    public var lastArguments: Arguments? {
        state.withLock { Transfer($0.calls.last?.arguments) }.value
    }

    /// The arguments of every call, oldest first.
    public var allArguments: [Arguments] {
        state.withLock { Transfer($0.calls.map(\.arguments)) }.value
    }

    /// The global sequence numbers of this member's calls, for ``verifyCallOrder(_:fileID:filePath:line:column:)``.
    public var callSequenceNumbers: [UInt64] { state.withLock { $0.calls.map(\.sequenceNumber) } }

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
    @inlinable
    public func call(_ arguments: Arguments) -> Result {
        switch record(arguments) {
        case .success(let result):
            return result
        case .failure(let error):
            return resultWithoutStub(after: error)
        }
    }

    /// Records a call of a throwing member, then returns its stubbed result or throws.
    @inlinable
    public func callThrowing(_ arguments: Arguments) throws -> Result {
        try record(arguments).get()
    }

    /// Records a call of a member with a typed `throws(Failure)`, then returns or throws a `Failure`.
    public func callThrowing<Failure: Error>(_ arguments: Arguments, failure: Failure.Type) throws(Failure) -> Result {
        switch record(arguments) {
        case .success(let result):
            return result
        case .failure(let error as Failure):
            throw error
        case .failure(let error):
            report("threw \(error), which is not a \(Failure.self) as the member declares; stub a \(Failure.self)")
            return resultWithoutStub(after: error)
        }
    }

    /// Records a call of a generic member whose result is type-erased, and returns it as `Value`.
    public func call<Value>(_ arguments: Arguments, returning type: Value.Type) -> Value where Result == Any {
        switch record(arguments, returning: type) {
        case .success(let result):
            return cast(result, to: type)
        case .failure(let error):
            return valueWithoutStub(of: type, after: error)
        }
    }

    /// Records a call of a throwing generic member whose result is type-erased.
    public func callThrowing<Value>(_ arguments: Arguments, returning type: Value.Type) throws -> Value
    where Result == Any {
        cast(try record(arguments, returning: type).get(), to: type)
    }

    @inlinable
    func record(_ arguments: Arguments) -> Swift.Result<Result, any Error> {
        record(arguments, returning: Result.self)
    }

    /// Appends the call, then resolves the stub outside the lock so a handler may call back in.
    @inlinable
    func record<Value>(_ arguments: Arguments, returning type: Value.Type) -> Swift.Result<Result, any Error> {
        let sequenceNumber = context.sequence.next()
        let call = Transfer(Call(arguments: arguments, sequenceNumber: sequenceNumber))
        let stub = state.withLock { state in
            state.calls.append(call.value)
            return Transfer(state.stub)
        }.value
        switch stub {
        case .value(let result):
            return .success(result)
        case .error(let error):
            return .failure(error)
        case .handler(let handler):
            return Swift.Result { try handler(arguments) }
        case nil:
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

    private func valueWithoutStub<Value>(of type: Value.Type, after error: any Error) -> Value {
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

    private func cast<Value>(_ result: Result, to type: Value.Type) -> Value {
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
