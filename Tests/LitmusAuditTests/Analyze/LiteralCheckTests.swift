import Testing

@testable import LitmusAudit

/// tautology and a comparison with a floating-point type's NaN, which always comes out the same (DDMathParser
/// 3.1.0's `XCTAssertTrue(d != Double.nan)`, read on first contact as a tautology given boolAssertEquality's advice).
@Suite("tautology: a check that compares with Double.nan always passes")
struct LiteralCheckTests {
    @Test("!= Double.nan asserted true, == asserted false, XCTAssertNotEqual with NaN: tautologies; near misses not")
    func nanComparisons() throws {
        // Given checks that always pass, and near misses: a bare .nan (Decimal.nan compares otherwise), a check
        // that always fails instead, isNaN, a comparison with another constant
        let methods = """
            func testA() { XCTAssertTrue(d != Double.nan) }
            func testB() { XCTAssertFalse(Float.nan == x) }
            func testC() { XCTAssertNotEqual(value, CGFloat.nan) }
            func testD() { XCTAssert(d != .nan) }
            func testE() { XCTAssertTrue(d == Double.nan) }
            func testF() { XCTAssertFalse(d.isNaN) }
            func testG() { XCTAssertTrue(d != Double.infinity) }
            func testH() { XCTAssertEqual(d != Double.nan, true) }
            func testI() { XCTAssertEqual(d == Double.nan, false) }
            """
        // Then the tautologies, and no advice to assert them otherwise; a check that always fails keeps its advice
        #expect(try xctestFindings(.tautology, methods) == ["testA:3", "testB:4", "testC:5", "testH:10", "testI:11"])
        let advised = try xctestFindings(.boolAssertEquality, methods)
        #expect(advised.allSatisfy { !["testA:3", "testB:4", "testH:10", "testI:11"].contains($0) })
        #expect(advised.contains("testE:7"))
        let source = """
            import Testing
            @Test func expectation() { #expect(d != Double.nan) }
            @Test func required() throws { try #require(Double.nan != d) }
            @Test func fails() { #expect(d == Double.nan) }
            """
        let tautologies = try analyzeSources(["T.swift": source]).findings.filter { $0.kind == .tautology }
        #expect(tautologies.compactMap(\.testName).sorted() == ["expectation", "required"])
        #expect(tautologies.allSatisfy { $0.message.contains("NaN is unequal to everything") })
    }
}
