import Testing

@testable import LitmusAudit

@Suite("conditionalTestLogic: a guard on a count the check right before it requires cannot skip", .tags(.parsing))
struct RequiredBeforeCountsTests {
    @Test("XCTAssertEqual(R.count, N) or #expect(R.count == N) right before a guard the count N satisfies covers it")
    func countCheckedRightBefore() throws {
        // Given nicklockwood/Euclid 0.8's path and polygon tests, and near misses
        let methods = """
            func testA() {
                let vertices = path.vertices
                XCTAssertEqual(vertices.count, 8)
                guard vertices.count >= 8 else { return }
                XCTAssertEqual(vertices[7], end)
            }
            func testB() {
                let polygons = split()
                XCTAssertEqual(polygons.count, 2)
                XCTAssertNotNil(polygons.first)
                guard polygons.count > 1 else { return }
                XCTAssertEqual(polygons[1].area, 3)
            }
            func testC() {
                let vertices = path.vertices
                XCTAssertEqual(vertices.count, 2)
                guard vertices.count >= 8 else { return }
                XCTAssertEqual(vertices[7], end)
            }
            func testD() {
                var vertices = path.vertices
                XCTAssertEqual(vertices.count, 8)
                vertices.removeAll()
                guard vertices.count >= 8 else { return }
                XCTAssertEqual(vertices[7], end)
            }
            func testE() {
                XCTAssertEqual(other.count, 8)
                guard vertices.count >= 8 else { return }
                XCTAssertEqual(vertices[7], end)
            }
            func testF() {
                XCTAssertEqual(vertices.count, 8)
                guard vertices.count > 8 else { return }
                XCTAssertEqual(vertices[8], end)
            }
            func testG() {
                XCTAssertEqual(stack.count, 8)
                XCTAssertEqual(stack.removeLast(), end)
                guard stack.count >= 8 else { return }
                XCTAssertEqual(stack[7], end)
            }
            func testH() {
                XCTAssertEqual(queue.drain().count, 8)
                guard queue.drain().count >= 8 else { return }
                XCTAssertEqual(queue.last, end)
            }
            """
        // Then a count too small, a change between, another collection, a bound the count does not pass, a check
        // between that changes the collection and a count a call gives leave the guard able to skip
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(
            found.map { $0.split(separator: ":")[0] } == ["testC", "testD", "testE", "testF", "testG", "testH"],
            "\(found)")
    }

    @Test("In Swift Testing, #expect(R.count == N) right before a guard on a lower bound covers it; no check does not")
    func expectedCount() throws {
        let source = """
            import Testing
            struct SplitTests {
                @Test func halves() {
                    let parts = split()
                    #expect(parts.count == 2)
                    guard parts.count > 1 else { return }
                    #expect(parts[1] == 3)
                }
                @Test func unchecked() {
                    let parts = split()
                    guard parts.count == 2 else { return }
                    #expect(parts[1] == 3)
                }
            }
            """
        let findings = try analyzeSources(["SplitTests.swift": source]).findings
            .filter { $0.kind == .conditionalTestLogic }
        #expect(findings.compactMap(\.line) == [12])
    }

    @Test(
        "A count checked equal to the count of the test's own non-empty table covers a loop over it; an empty, var or bound-again table does not"
    )
    func countOfOwnTable() throws {
        // Given supabase/supabase-swift v2.55.1's `#expect(capture.urls.count == schemes.count)` of `let schemes = ["https",
        // …]` before `for (index, url) in capture.urls.enumerated()` (false on first contact); and near misses: an empty
        // table, a `var` table, a table bound twice
        let tests = """
            @Test func a() {
                let schemes = ["https", "http"]
                let capture = open(schemes)
                #expect(capture.urls.count == schemes.count)
                for (index, url) in capture.urls.enumerated() { #expect(url.scheme == schemes[index]) }
            }
            @Test func b() {
                let schemes: [String] = []
                let capture = open(schemes)
                #expect(capture.urls.count == schemes.count)
                for (index, url) in capture.urls.enumerated() { #expect(url.scheme == schemes[index]) }
            }
            @Test func c() {
                var schemes = ["https", "http"]
                schemes.removeAll()
                let capture = open(schemes)
                #expect(capture.urls.count == schemes.count)
                for (index, url) in capture.urls.enumerated() { #expect(url.scheme == schemes[index]) }
            }
            @Test func d() {
                let schemes = ["https", "http"]
                let capture = open(schemes)
                let check = { (schemes: [String]) in #expect(capture.urls.count == schemes.count) }
                check([])
                for (index, url) in capture.urls.enumerated() { #expect(url.scheme == schemes[index]) }
            }
            """
        // Then only the loops after the near misses may check nothing
        let found = try swiftTestingLines(.conditionalTestLogic, tests)
        #expect(found == [13, 20, 27], "\(found)")
    }
}
