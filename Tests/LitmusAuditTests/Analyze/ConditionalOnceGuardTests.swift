import Testing

@testable import LitmusAudit

/// conditionalTestLogic and a guard that keeps a closure the code calls again from running twice.
@Suite(
    "conditionalTestLogic: a guard on a flag the test starts unset and the closure sets after it skips no first call",
    .tags(.parsing))
struct ConditionalOnceGuardTests {
    @Test(
        "`guard flag == false`, `!flag` or `x == nil`, then the flag set: the first call checks; anything else may skip"
    )
    func onceGuards() throws {
        // Given AliSoftware/Dip 7.1.1's re-entrant resolvingProperties closures, and near misses
        let methods = """
            func testA() { var called = false; container.register { S() }.resolvingProperties { c, s in guard called == false else { return }; called = true; XCTAssertNotNil(s) } }
            func testB() { var service: S?; container.register { S() }.resolvingProperties { c, s in guard service == nil else { return }; service = try c.resolve() as S; XCTAssertNotNil(s) } }
            func testC() { var called = false; run { guard !called else { return }; called = true; XCTAssertTrue(ok) } }
            func testD() { var called = true; run { guard called == false else { return }; called = true; XCTAssertTrue(ok) } }
            func testE() { var called = false; called = true; run { guard called == false else { return }; called = true; XCTAssertTrue(ok) } }
            func testF() { var called = false; run { guard called == false else { return }; XCTAssertTrue(ok) } }
            func testG() { let called = false; run { guard called == false else { return }; XCTAssertTrue(ok) } }
            func testH() { var ready = false; run { guard ready == false, other else { return }; ready = true; XCTAssertTrue(ok) } }
            func testI() { var value: Int? = 3; run { guard value == nil else { return }; value = 1; XCTAssertTrue(ok) } }
            """

        // When: the smells are found
        let found = try xctestFindings(.conditionalTestLogic, methods).sorted()

        // Then the flags the test starts unset and sets only after the guard skip nothing; a flag starting set (testD,
        // testI), set before (testE), never set (testF), a constant (testG) or a guard asking more (testH) may skip
        #expect(found == ["testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11"], "\(found)")
    }
}
