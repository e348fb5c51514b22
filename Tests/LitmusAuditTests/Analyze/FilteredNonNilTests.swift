import Testing

@testable import LitmusAudit

/// trapInTest and the element a `map` unwraps right after a `filter` kept only those that are not `nil`
/// (typelift/Swiftz 0.8.0's ArrayExtSpec, read false on first contact).
@Suite("trapInTest: filter({ $0 != nil }).map({ $0! }) cannot trap")
struct FilteredNonNilTests {
    /// The Swift Testing tests of `tests` that report a trap.
    private func traps(_ tests: String) throws -> [String] { try swiftTestingNames(.trapInTest, tests) }

    @Test("$0 or a named parameter, != nil either way round, a return: no trap; near misses still trap")
    func filteredThenUnwrapped() throws {
        // Given the idiom written three ways, and near misses: a filter that keeps the nil ones, another call between
        // the filter and the map, an unwrap of a part of the element, a filter on a part of it, a filter that reads
        // two things, a map over a sequence nothing filtered, a lazy chain (it runs the first map again for the last)
        let tests = """
                @Test func dollar() { let xs = Store.load(); #expect(xs.filter({ $0 != nil }).map({ $0! }) == [1]) }
                @Test func named() { let xs = Store.load(); #expect(xs.filter { x in nil != x }.map { y in y! } == [1]) }
                @Test func returned() { let xs = Store.load(); #expect(xs.filter { return $0 != nil }.map { return ($0!) } == [1]) }
                @Test func keepsNil() { let xs = Store.load(); #expect(xs.filter({ $0 == nil }).map({ $0! }) == [1]) }
                @Test func between() { let xs = Store.load(); #expect(xs.filter({ $0 != nil }).reversed().map({ $0! }) == [1]) }
                @Test func part() { let xs = Store.pairs(); #expect(xs.filter({ $0 != nil }).map({ $0!.0! }) == [1]) }
                @Test func onPart() { let xs = Store.pairs(); #expect(xs.filter({ $0.1 != nil }).map({ $0.0! }) == [1]) }
                @Test func both() { let xs = Store.load(); #expect(xs.filter({ $0 != nil || flag }).map({ $0! }) == [1]) }
                @Test func unfiltered() { let xs = Store.load(); #expect(xs.map({ $0! }) == [1]) }
                @Test func lazily() { let xs = Store.load(); #expect(Array(xs.lazy.map { $0 }.filter({ $0 != nil }).map({ $0! })) == [1]) }
            """
        // Then only the near misses trap
        #expect(try Set(traps(tests)) == ["keepsNil", "between", "part", "onPart", "both", "unfiltered", "lazily"])
    }
}
