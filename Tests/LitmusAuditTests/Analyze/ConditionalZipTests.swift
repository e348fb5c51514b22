import Foundation
import Testing

@testable import LitmusAudit

/// conditionalTestLogic on a loop over `zip`: it cannot skip its checks when each side iterates, or when a
/// check equates the two sides' counts (the loop then goes over every pair there is).
@Suite("conditionalTestLogic: a loop over zip of two sequences whose counts a check equates")
struct ConditionalZipTests {
    @Test(
        "Counts equated with a table's, before or after the loop, cover it; of two others, loosely or under an if, not")
    func equatedCounts() throws {
        // Given vapor/fluent-kit 1.57.0's shape: a table of expected queries zipped with the ones recorded
        let methods = """
            func testA() {
                let expected = [("a", [1]), ("b", [])]
                XCTAssertEqual(db.queries.count, expected.count)
                for ((sql, binds), query) in zip(expected, db.queries) {
                    XCTAssertEqual(query.sql, sql)
                    XCTAssertEqual(query.binds.count, binds.count)
                    for (left, right) in zip(binds, query.binds) { XCTAssertEqual(left, right) }
                }
            }
            func testB() {
                for (left, right) in zip(made.rows, read.rows) { XCTAssertEqual(left, right) }
                XCTAssert(read.rows.count == made.rows.count)
            }
            func testC() {
                XCTAssertGreaterThanOrEqual(db.queries.count, expected.count)
                for (sql, query) in zip(expected, db.queries) { XCTAssertEqual(query.sql, sql) }
            }
            func testD() {
                if flag { XCTAssertEqual(db.queries.count, expected.count) } else { XCTFail("no flag") }
                for (sql, query) in zip(expected, db.queries) { XCTAssertEqual(query.sql, sql) }
            }
            func testE() {
                XCTAssertEqual(db.queries.count, other.count)
                for (sql, query) in zip(expected, db.queries) { XCTAssertEqual(query.sql, sql) }
            }
            func testF() {
                XCTAssertFalse(db.queries.isEmpty)
                for (sql, query) in zip(["a", "b"], db.queries) { XCTAssertEqual(query.sql, sql) }
            }
            """
        // Then two counts equated where neither side is the test's (both may be 0), a count compared loosely,
        // under a condition, or with a third sequence cover nothing
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(found == ["testB:13", "testC:18", "testD:22", "testE:26"])
    }
}
