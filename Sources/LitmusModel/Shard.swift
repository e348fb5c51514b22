import Foundation

/// One CI worker's share of a run: shard `index` of `count`, counted from 1 (`--shard 2/3`).
///
/// The share is round-robin over the sorted keys of the work (mutant ids, test ids): the item at
/// position `k` of the sorted keys belongs to shard `k % count + 1`. Every worker sorts the same keys,
/// so the shares are the same on every machine, never overlap, and together are the whole run; and
/// neighbours (mutants of one function, tests of one class) are spread over the shards, so their
/// costs even out.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// This shard, from 1.
    public var index: Int
    /// How many shards the run is split into.
    public var count: Int

    /// A shard; `index` must be in `1...count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw ShardError.outOfRange(text: "\(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `i/n` as `--shard` gives it.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError.malformed(text: text)
        }
        guard count >= 1, (1...count).contains(index) else { throw ShardError.outOfRange(text: text) }
        self.index = index
        self.count = count
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }

    /// The items of this shard: those whose key sits at a position `k` of the sorted distinct keys with
    /// `k % count == index - 1`, in the order given (items with equal keys go to the same shard).
    public func share<Item, Key: Hashable & Comparable>(of items: [Item], by key: (Item) -> Key) -> [Item] {
        let positions = Dictionary(
            uniqueKeysWithValues: Set(items.map(key)).sorted().enumerated().map { ($0.element, $0.offset) })
        return items.filter { positions[key($0)].map { $0 % count == index - 1 } ?? false }
    }
}

/// Why a `--shard` value is not one.
public enum ShardError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// Not two whole numbers with a slash between.
    case malformed(text: String)
    /// The index is not in `1...count`.
    case outOfRange(text: String)

    /// The message, naming the value and the fix.
    public var description: String {
        switch self {
        case .malformed(let text):
            return "--shard \(text) is not a shard: give INDEX/COUNT, e.g. --shard 1/3 (shards count from 1)."
        case .outOfRange(let text):
            return "--shard \(text) is out of range: the index counts from 1 to the count, e.g. 1/3, 2/3 and 3/3."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
