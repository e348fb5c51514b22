import Synchronization

/// One `async` member of a generated double (an `async` method, a `get async` getter, an `async`
/// subscript getter or initializer): a ``Member`` whose ``CallRecorder/handler`` is `async`, so it may suspend.
///
/// ```swift
/// let (released, release) = AsyncStream.makeStream(of: Void.self)
/// store.double.user.handler = { id in
///     for await _ in released { break }  // the call waits until the test releases it
///     return User(id: id)
/// }
/// ```
///
/// Everything else is as on ``Member``: the spy (``CallRecorder/callCount``, ``CallRecorder/lastArguments``,
/// ``CallRecorder/allArguments``), the stub (``CallRecorder/stubbedResult``, ``CallRecorder/stubbedError``, the one set last wins), the
/// verification (``RecordingMember``) and the modes. A call is recorded when it starts, before the
/// handler runs; the handler runs outside the lock, on the caller's executor, so it may call the
/// double again.
public typealias AsyncMember<Arguments, Result> = CallRecorder<
    Arguments, Result, nonisolated(nonsending) (Arguments) async throws -> Result
>

extension CallRecorder where Handler == nonisolated(nonsending) (Arguments) async throws -> Result {
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
