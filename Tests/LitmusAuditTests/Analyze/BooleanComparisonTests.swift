import Testing

@testable import LitmusAudit

@Suite("boolAssertEquality: no advice where the failure already prints both sides", .tags(.parsing))
struct BooleanComparisonTests {
    @Test("A message that interpolates both sides of the equality prints what differed; one side or none does not")
    func messagePrintsBothSides() throws {
        // Given tid-kijyun/Kanna 6.1.0's CSS tests, which name both sides in the message, and near misses
        let methods = #"""
            func testA() { XCTAssert(xpath == testCase.xpath, "Create XPath = [\(xpath)] != [\(testCase.xpath)]") }
            func testB() { XCTAssertTrue(a == b, "\(b) expected, got \(a)") }
            func testC() { XCTAssert(xpath == testCase.xpath, "Create XPath = [\(xpath)]") }
            func testD() { XCTAssert(xpath == testCase.xpath, "the XPath differs") }
            func testE() { XCTAssert(xpath == testCase.xpath) }
            func testF() { XCTAssert(xpath == testCase.xpath, "\(xpath.count) != \(testCase.xpath.count)") }
            func testG() { XCTAssert(actual.next() == wanted.next(), "\(actual.next()) != \(wanted.next())") }
            """#
        // Then a message with one side (testC), none (testD, testE), only what is made of the sides (testF) or sides
        // that call, which the message calls again (testG), still gets the advice
        #expect(
            try xctestFindings(.boolAssertEquality, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
    }
}
