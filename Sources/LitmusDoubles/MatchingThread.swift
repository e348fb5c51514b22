import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread running a recorder's `given(…)` matchers, which run while the recorder is locked: a call
/// of the same member from inside one of them is found here and reported, instead of waiting for the
/// lock it holds for ever.
@usableFromInline
final class MatchingThread: Sendable {
    @usableFromInline let owner = Atomic<UInt>(0)

    @usableFromInline init() {}

    /// Whether the current thread is running this recorder's matchers (one atomic load when no matcher
    /// runs).
    @inlinable
    var isCurrent: Bool {
        let owner = owner.load(ordering: .relaxed)
        return owner != 0 && owner == Self.current
    }

    /// Runs `body`, the matchers, marked as running on this thread.
    @inlinable
    func running<Value>(_ body: () -> Value) -> Value {
        owner.store(Self.current, ordering: .relaxed)
        defer { owner.store(0, ordering: .relaxed) }
        return body()
    }

    /// This thread's identity.
    @inlinable
    static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #elseif canImport(Glibc) || canImport(Musl)
            UInt(pthread_self())
        #else
            0  // no pthread_self: the owner stays 0, so no call is ever taken for a re-entrant one
        #endif
    }
}
