import Synchronization

/// The recorders whose member is running its protocol extension's default implementation in this
/// task (or thread, outside a task): a call they get meanwhile is answered as unstubbed, without running
/// the default again, so defaults that call each other (`a()` calls `b()`, `b()` calls `a()`) do
/// not recurse for ever.
enum RunningDefaults {
    @TaskLocal static var recorders: Set<ObjectIdentifier> = []
}

// MARK: Defaults of a protocol's extensions

extension CallRecorder {
    /// For a member whose protocol's extension implements it (a default implementation): records the
    /// call and returns `true` when nothing is stubbed for these arguments (no plain stub, no `given(…)`
    /// that matches), so the double answers with that default; in ``DoubleMode/strict`` mode the call
    /// is also reported as a failure. Returns `false`, recording nothing, when a stub applies, or
    /// when this member's default is already running in this task (it called the member again):
    /// the double then makes the call as usual, which records it and answers as an unstubbed call does.
    public func usesDefault(_ arguments: Arguments) -> Bool {
        guard !RunningDefaults.recorders.contains(ObjectIdentifier(self)) else { return false }
        let (plain, matched) = locked(or: (true, [])) { ($0.stub != nil, $0.matchedStubs) }
        guard !plain, !matched.contains(where: { $0.matches(arguments) }) else { return false }
        recordForwarded(arguments)
        if context.mode == .strict {
            report(
                "was called but not stubbed (strict mode); it ran the default implementation of the protocol's "
                    + "extension; stub it with stubbedResult, handler or stubbedError")
        }
        return true
    }

    /// Runs `body`, the member's default implementation, with this member marked as running it (see
    /// ``usesDefault(_:)``).
    public func runningDefault<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        var running = RunningDefaults.recorders
        running.insert(ObjectIdentifier(self))
        let result: Swift.Result<Value, Failure> = RunningDefaults.$recorders.withValue(running) {
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs the `async` `body`, the member's default implementation, with this member marked as
    /// running it, on the caller's executor.
    public nonisolated(nonsending) func runningDefault<Value, Failure: Error>(
        _ body: nonisolated(nonsending) () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        var running = RunningDefaults.recorders
        running.insert(ObjectIdentifier(self))
        let result: Swift.Result<Value, Failure> = await RunningDefaults.$recorders.withValue(running) {
            do throws(Failure) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The helpers a double keeps to reach the defaults of a class-bound protocol's extensions (or of an
/// extension `where Self: AnyObject`), one per member a default answers: classes, so a default that uses
/// the instance's identity (OpenCombine's `combineIdentifier` is `CombineIdentifier(self)`) gets the same
/// one at every call. Each is made at the first call that needs it and refers back to the double weakly.
public final class DefaultsHelpers: Sendable {
    private let helpers = Mutex<[ObjectIdentifier: Transfer<AnyObject>]>([:])

    /// No helper yet; generated doubles make one of these each.
    public init() {}

    /// The helper of type `Helper`, made by `make` at the first call.
    public func helper<Helper: AnyObject>(_ make: () -> Helper) -> Helper {
        let key = ObjectIdentifier(Helper.self)
        let helper = helpers.withLock { stored in
            if let found = stored[key] { return found }
            let made = Transfer<AnyObject>(make())
            stored[key] = made
            return made
        }
        // Stored under its own type's identifier: always a `Helper`.
        return unsafeDowncast(helper.value, to: Helper.self)
    }
}
