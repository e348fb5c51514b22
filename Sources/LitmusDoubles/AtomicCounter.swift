import Synchronization

/// A process-wide increasing counter.
final class AtomicCounter: Sendable {
    private let value = Atomic<UInt64>(0)

    func next() -> UInt64 {
        value.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
