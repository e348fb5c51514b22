/// One member of a generated double (a method, a getter, a setter, a subscript or an initializer):
/// a spy, a stub and a mock at once, whose ``CallRecorder/handler`` is a plain closure.
///
/// - Spy: ``CallRecorder/callCount``, ``CallRecorder/lastArguments`` and ``CallRecorder/allArguments``
///   (labelled tuples, e.g. `lastArguments?.searchTerm`); a non-escaping closure is counted, not stored.
/// - Stub: ``CallRecorder/stubbedResult``, ``CallRecorder/stubbedError`` or a ``CallRecorder/handler``
///   computing the result from the arguments; the one set last wins.
/// - Mock: ``RecordingMember/verify(calledTimes:fileID:filePath:line:column:)`` and
///   ``verifyCallOrder(_:fileID:filePath:line:column:)`` report a failure to XCTest and Swift Testing
///   at the test's line.
public typealias Member<Arguments, Result> = CallRecorder<Arguments, Result, (Arguments) throws -> Result>

extension CallRecorder where Handler == (Arguments) throws -> Result {
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

    /// Records a call of a member that cannot throw and returns its stub, or, unstubbed, `answer()`:
    /// the double's own answer (its identity, its name), in either mode and without a failure.
    @inlinable
    public func call(_ arguments: consuming Arguments, unstubbed answer: () -> Result) -> Result {
        let resolution = record(arguments)
        switch resolution {
        case .value(let result):
            return result
        case .unstubbed:
            return answer()
        default:
            switch outcome(of: resolution, returning: Result.self) {
            case .success(let result):
                return result
            case .failure(let error):
                return resultWithoutStub(after: error)
            }
        }
    }

    /// Records a call of a throwing member and returns or throws its stub, or, unstubbed, what
    /// `answer` returns or throws, in either mode and without a failure.
    @inlinable
    public func callThrowing(_ arguments: consuming Arguments, unstubbed answer: () throws -> Result) throws -> Result {
        let resolution = record(arguments)
        switch resolution {
        case .value(let result):
            return result
        case .unstubbed:
            return try answer()
        default:
            return try outcome(of: resolution, returning: Result.self).get()
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

    /// Finishes a call outside the lock: the stubbed value or error, the handler's result, or the
    /// unstubbed outcome.
    @inlinable
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
