import Synchronization

/// A process-wide increasing counter.
@usableFromInline
final class AtomicCounter: Sendable {
    @usableFromInline let value = Atomic<UInt64>(0)

    @usableFromInline init() {}

    @inlinable
    func next() -> UInt64 {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
