import Testing

@testable import LitmusAudit

@Suite("conditionalTestLogic: an if let whose value an earlier check requires cannot skip its checks", .tags(.parsing))
struct RequiredBeforeTests {
    @Test("After XCTAssertFalse(R.isEmpty), a count above 0 or XCTAssertNotNil(E), if let on R.last or E is covered")
    func covered() throws {
        let methods = """
            func testA() {
                let result = search()
                XCTAssertFalse(result.isEmpty, "no path")
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testB() {
                let result = search()
                XCTAssertEqual(result.count, 2)
                if let last = result.last, let first = result.first { XCTAssertEqual(last, first + 1) }
            }
            func testC() {
                XCTAssertNotNil(cache.value(for: "k"))
                if let value = cache.value(for: "k") { XCTAssertEqual(value, 1) }
            }
            func testD() {
                let result = search()
                XCTAssertGreaterThan(result.count, 0)
                if let first = result.first { XCTAssertEqual(first, 1) }
            }
            """
        #expect(try xctestFindings(.conditionalTestLogic, methods) == [])
    }

    @Test("Near misses stay flagged: the check after the if, under another if, a count of 0, another collection")
    func nearMisses() throws {
        let methods = """
            func testA() {
                let result = search()
                if let last = result.last { XCTAssertEqual(last, 3) }
                XCTAssertFalse(result.isEmpty)
            }
            func testB() {
                let result = search()
                if flag { XCTAssertFalse(result.isEmpty) }
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testC() {
                let result = search()
                XCTAssertGreaterThanOrEqual(result.count, 0)
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testD() {
                let result = search()
                XCTAssertFalse(other.isEmpty)
                if let last = result.last { XCTAssertEqual(last, 3) }
            }
            func testE() {
                XCTAssertNotNil(cache.value(for: "k"))
                if let value = cache.value(for: "j") { XCTAssertEqual(value, 1) }
            }
            """
        let sut = try xctestFindings(.conditionalTestLogic, methods)
        #expect(sut == ["testA:5", "testB:10", "testC:16", "testD:21", "testE:25"])
    }
}
