import Testing

@testable import LitmusAudit

/// ``NeverNil/isValidScalar(_:test:)``: a Unicode scalar of an integer the test fixes is never `nil`.
@Suite("trapInTest: Unicode scalars of fixed integers")
struct NeverNilScalarsTests {
    @Test("Unicode.Scalar of a fixed integer, or of a walk of valid scalars, is never nil; a surrogate may be")
    func scalarsOfFixedIntegers() throws {
        // Given swift-extras/swift-extras-json 0.6.0's walk of the control characters, vapor/multipart-kit 4.7.1's
        // compactMap over the ASCII codes, and near misses: a walk into the surrogates, a walk of a value the test
        // does not fix, a surrogate literal, a value the code gives, the walked name bound again
        let methods = """
            func testA() { for index in 0 ... 31 { XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testB() { XCTAssertEqual(escape(Character(UnicodeScalar(0x41)!)), "A") }
            func testC() { for index in 0x40 ..< 0x60 { XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testD() { for index in 0xD700 ... 0xD900 { XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testE() { for index in 0 ... limit { XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testF() { XCTAssertEqual(escape(Character(Unicode.Scalar(0xD800)!)), "x") }
            func testG() { XCTAssertEqual(escape(Character(Unicode.Scalar(code())!)), "x") }
            func testH() { for index in codes { XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testI() { let bad: [Int] = (0...127).compactMap { accepts(String(Unicode.Scalar($0)!)) ? nil : $0 }; XCTAssertEqual(bad, []) }
            func testJ() { let bad: [Int] = (0...0xDFFF).compactMap { accepts(String(Unicode.Scalar($0)!)) ? nil : $0 }; XCTAssertEqual(bad, []) }
            func testK() { let bad: [Int] = codes.compactMap { accepts(String(Unicode.Scalar($0)!)) ? nil : $0 }; XCTAssertEqual(bad, []) }
            func testL() { for index in 0 ... 31 { let index = index + 0xD800; XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } }
            func testM() { for index in 0 ... 31 { codes.forEach { index in XCTAssertEqual(escape(Character(Unicode.Scalar(index)!)), "x") } } }
            func testN() { (0...127).forEach { i in let i = i + 0xD800; XCTAssertTrue(accepts(String(Unicode.Scalar(i)!))) } }
            """

        // When: the smells are found
        let sut = try xctestFindings(.trapInTest, methods)

        // Then: the walks of valid scalars and the letter are no traps; the others are
        #expect(
            sut == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testJ:12", "testK:13", "testL:14", "testM:15",
                "testN:16",
            ])
    }
}
