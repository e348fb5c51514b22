import LitmusModel
import Testing

@Suite("Shards: --shard i/n")
struct ShardTests {
    private let ids = [17, 3, 9, 1, 12, 5, 30, 2, 8, 21, 4]

    @Test("The shares of n shards are disjoint and together are every item, whatever n", arguments: 1...5)
    func disjointAndComplete(count: Int) throws {
        // When
        let shares = try (1...count).map { try Shard(index: $0, count: count).share(of: ids, by: \.self) }

        // Then
        #expect(shares.flatMap(\.self).sorted() == ids.sorted())
        #expect(Set(shares.flatMap(\.self)).count == ids.count)
    }

    @Test("A share is round-robin over the sorted keys, whatever order the items come in")
    func deterministic() throws {
        // Given
        let sut = try Shard(index: 2, count: 3)

        // When
        let share = sut.share(of: ids, by: \.self)
        let shuffled = sut.share(of: ids.reversed(), by: \.self)

        // Then: sorted 1 2 3 4 5 8 9 12 17 21 30; shard 2 of 3 takes positions 1, 4, 7 and 10, in the order given
        #expect(share == [12, 5, 30, 2])
        #expect(shuffled == [2, 30, 5, 12])
    }

    @Test("Shares of n shards differ in size by at most one")
    func balanced() throws {
        // When
        let sizes = try (1...4).map { try Shard(index: $0, count: 4).share(of: ids, by: \.self).count }

        // Then
        #expect(sizes == [3, 3, 3, 2])
    }

    @Test("--shard reads i/n, counted from 1")
    func parses() throws {
        #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        #expect(try Shard(parsing: "1/1").description == "1/1")
    }

    @Test(
        "A value that is not a shard is refused with a message naming it and the fix", arguments: ["0/2", "3/2", "1/0"])
    func outOfRange(text: String) {
        #expect(throws: ShardError.outOfRange(text: text)) { try Shard(parsing: text) }
        #expect(ShardError.outOfRange(text: text).description.contains("--shard \(text)"))
    }

    @Test("Text that is not INDEX/COUNT is refused", arguments: ["2", "a/b", "1/2/3", ""])
    func malformed(text: String) {
        #expect(throws: ShardError.malformed(text: text)) { try Shard(parsing: text) }
        #expect(ShardError.malformed(text: text).description.contains("INDEX/COUNT"))
    }
}
