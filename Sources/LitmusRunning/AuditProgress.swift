import LitmusModel

/// What an audit reports while it runs, for a progress display.
public enum AuditProgress: Sendable, Equatable {
    /// A phase began (building, running the suite, running each test alone, …).
    case phase(String)
    /// Part of a phase is done: `done` of `total`.
    case step(done: Int, total: Int)
    /// Something worth telling now (a polluter found, a seed).
    case note(String)
}

/// Runs `operation` over `items` with at most `width` at once, keeping the order of `items`.
package func concurrentMap<Item: Sendable, Value: Sendable>(
    _ items: [Item], width: Int, _ operation: @escaping @Sendable (Item) async throws -> Value,
    onEach: @escaping @Sendable (Int) -> Void = { _ in }
) async throws -> [Value] {
    try await withThrowingTaskGroup(of: (Int, Value).self) { group in
        var values = [Value?](repeating: nil, count: items.count)
        var next = 0
        var done = 0
        while next < min(width, items.count) {
            let index = next
            group.addTask { (index, try await operation(items[index])) }
            next += 1
        }
        while let (index, value) = try await group.next() {
            values[index] = value
            done += 1
            onEach(done)
            if next < items.count {
                let index = next
                group.addTask { (index, try await operation(items[index])) }
                next += 1
            }
        }
        return values.map { $0! }
    }
}
