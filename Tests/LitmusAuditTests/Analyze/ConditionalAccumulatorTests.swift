import Testing

@testable import LitmusAudit

/// A skippable path whose skip a later check would notice (ConditionalLogicDetector+Accumulators.swift):
/// the shapes the corpus's readers called false, each beside the near miss that must still be found.
@Suite(
    "conditionalTestLogic: a path that changes what a later check compares cannot be skipped unnoticed", .tags(.parsing)
)
struct ConditionalAccumulatorTests {
    @Test("A walk that fills a set checked after it against a count plus one, or a closed range, is noticed")
    func countPlusOne() throws {
        // Given swift-collections 1.6.0's walks of a dictionary it filled, and near misses
        let tests = """
                @Test func walked() {
                    var seen: Set<Int> = []
                    var i = d.startIndex
                    while i != d.endIndex {
                        let payload = d[i].key
                        #expect(d[i].ok); seen.insert(payload); i = d.index(after: i)
                    }
                    #expect(seen.count == payload + 1)
                }
                @Test func sorted() {
                    var actual: Set<Int> = []
                    while true {
                        let next = it.nextSpan()
                        guard !next.isEmpty else { break }
                        for j in next.indices { #expect(actual.insert(next[j]).inserted) }
                    }
                    XCTAssertEqual(actual.sorted(), Array(0 ... n))
                }
                @Test func againstTheWalked() {
                    var seen: Set<Int> = []
                    var i = d.startIndex
                    while i != d.endIndex { #expect(d[i].ok); seen.insert(d[i].key); i = d.index(after: i) }
                    #expect(seen.count == d.count)
                }
                @Test func againstZero() {
                    var seen: Set<Int> = []
                    for item in sut.items { #expect(item.ok); seen.insert(item.key) }
                    XCTAssertEqual(seen.count, 0)
                }
                @Test func cutShortUnchecked() {
                    var actual: Set<Int> = []
                    while true {
                        let next = it.nextSpan()
                        guard !next.isEmpty else { break }
                        for j in next.indices { #expect(actual.insert(next[j]).inserted) }
                    }
                }
            """
        // When analyzed
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        // Then a count read from what the loop walks (24), one an empty walk leaves (29), and a guard that cuts
        // a loop short with no check after it (37) are still found
        #expect(found == [24, 29, 37], "\(found)")
    }

    @Test("A buffer filled in a while let and compared with what the test wrote is noticed; with what it read is not")
    func bufferAgainstWrittenBody() throws {
        // Given swift-nio-extras 1.35.2's decompression tests, and near misses
        let tests = """
                @Test func filled() {
                    var body = ""
                    for _ in 1...10 { body += "Lorem ipsum" }
                    var next = read()
                    var buffer = ByteBuffer.of(bytes: [])
                    while let part = next { #expect(part.isBody); buffer.writeBuffer(part.bytes); next = read() }
                    XCTAssertEqual(buffer, ByteBuffer.of(string: body))
                }
                @Test func againstWhatItRead() {
                    let body = response.body
                    var next = read()
                    var buffer = ByteBuffer.of(bytes: [])
                    while let part = next { #expect(part.isBody); buffer.writeBuffer(part.bytes); next = read() }
                    XCTAssertEqual(buffer, ByteBuffer.of(string: body))
                }
                @Test func againstTheDecider() {
                    var next = read()
                    var parts: [Part] = []
                    while let part = next { #expect(part.isBody); parts.append(part); next = read() }
                    XCTAssertEqual(parts, all(next))
                }
            """
        // When analyzed
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        // Then a value the code under test gave (15) and one read from what decides the loop (21) are still found
        #expect(found == [15, 21], "\(found)")
    }

    @Test("A flag the path sets, checked after it to hold what only the path sets, is noticed")
    func flagChecked() throws {
        // Given GRDB 7.10.0's `rowFetched = true` in a cursor's walk, checked after it, and near misses
        let tests = """
                @Test func fetched() {
                    var rowFetched = false
                    while let row = try rows.next() { rowFetched = true; #expect(row.count == 3) }
                    XCTAssertTrue(rowFetched)
                }
                @Test func cleared() {
                    var pending = true
                    while let row = try rows.next() { #expect(row.ok); pending = false }
                    #expect(!pending)
                }
                @Test func stillFalse() {
                    var rowFetched = false
                    while let row = try rows.next() { rowFetched = true; #expect(row.count == 3) }
                    XCTAssertFalse(rowFetched)
                }
                @Test func startsTrue() {
                    var ok = true
                    while let row = try rows.next() { #expect(row.ok); ok = row.valid }
                    #expect(ok)
                }
                @Test func notChecked() {
                    var rowFetched = false
                    while let row = try rows.next() { rowFetched = true; #expect(row.count == 3) }
                    print(rowFetched)
                }
                @Test func setUnderACondition() {
                    var sawHeader = false
                    while let line = reader.next() {
                        if line.hasPrefix("#") { sawHeader = true; continue }
                        #expect(line.count == 3)
                    }
                    #expect(sawHeader)
                }
                @Test func setBeforeAWayOut() {
                    var sawRow = false
                    while let line = reader.next() {
                        sawRow = true
                        guard !line.isEmpty else { continue }
                        #expect(line.count == 3)
                    }
                    #expect(sawRow)
                }
                @Test func setAfterAWayOut() {
                    var sawRow = false
                    while let line = reader.next() {
                        guard !line.isEmpty else { continue }
                        sawRow = true
                        #expect(line.count == 3)
                    }
                    #expect(sawRow)
                }
            """
        // When analyzed
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        // Then a check that the flag keeps its start (15), a flag that starts as what is checked (20), one never
        // checked (25), one set only on a path that skips the checks (32) or before a way out of the pass (41) are
        // still found; one set after the way out is not: once set, the pass reaches its check
        #expect(found == [15, 20, 25, 32, 41], "\(found)")
    }

    @Test("A count not asserted equal, a start not empty, a type's value or one changed elsewhere tells nothing")
    func reviewedNearMisses() throws {
        // Given near misses of the rule: each may pass when the loop is skipped
        let tests = """
                @Test func atMost() {
                    var attempts = 0
                    for item in sut.items { #expect(item.ok); attempts += 1 }
                    XCTAssertLessThanOrEqual(attempts, 3)
                }
                @Test func negated() {
                    var names: [String] = []
                    for item in sut.items { #expect(item.ok); names.append(item.name) }
                    XCTAssertFalse(names == ["b", "a"])
                }
                @Test func startNotEmpty() {
                    var ids: Set<Int> = [7]
                    for item in sut.items { #expect(item.ok); ids.insert(item.id) }
                    XCTAssertEqual(ids.count, 1)
                }
                @Test func aTypesValue() {
                    var seen = 0
                    for item in sut.items { #expect(item.ok); seen += 1 }
                    XCTAssertEqual(seen, Catalog.shared.count)
                }
                @Test func changedExpected() {
                    var expected: [Int] = []
                    expected.append(contentsOf: sut.numbers())
                    var seen: [Int] = []
                    for value in sut.numbers { #expect(value > 0); seen.append(value) }
                    XCTAssertEqual(seen, expected)
                }
                @Test func countedBeforeTheGuard() {
                    var count = 0
                    for line in sut.lines { count += 1; guard let record = Record(line) else { continue }; #expect(record.ok) }
                    XCTAssertEqual(count, 4)
                }
                @Test func startBeforeAnOuterLoop() {
                    var kinds: Set<String> = []
                    for file in ["a", "b"] {
                        for entry in sut.entries { #expect(entry.ok && entry.file == file); kinds.insert(entry.kind) }
                        XCTAssertEqual(kinds, ["item"])
                    }
                }
            """
        // When analyzed
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        // Then every one is still found
        #expect(found == [5, 10, 15, 20, 27, 32, 38], "\(found)")
    }
}
