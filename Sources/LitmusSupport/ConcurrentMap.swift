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
