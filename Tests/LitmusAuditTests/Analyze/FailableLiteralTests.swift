import Testing

@testable import LitmusAudit

@Suite("trapInTest: an unwrap of what a literal always gives cannot trap", .tags(.parsing))
struct FailableLiteralTests {
    @Test("A literal searched for in a literal that holds it cannot be nil; a missing needle, a value or options can")
    func literalSearch() throws {
        // Given nicklockwood/Expression 0.13.9's parser tests, which name a part of their input by searching for it,
        // and near misses
        let methods = #"""
            func testA() { let range = "foobar".range(of: "bar")!; XCTAssertEqual(parse("foobar", range), 7) }
            func testB() { let input = "afoo"; XCTAssertEqual(parse(input, input.range(of: "foo")!), 7) }
            func testC() { XCTAssertEqual(parse("abc", "abc".firstIndex(of: "b")!), 7) }
            func testD() { XCTAssertEqual(parse("foobar", "foobar".range(of: "baz")!), 7) }
            func testE() { XCTAssertEqual(parse(input, input.range(of: "foo")!), 7) }
            func testF() { XCTAssertEqual(parse("FooBar", "FooBar".range(of: "bar", options: .caseInsensitive)!), 7) }
            func testG() { XCTAssertEqual(parse("abc", "abc".lastIndex(of: "z")!), 7) }
            func testH() { XCTAssertEqual(parse("a\(x)c", "a\(x)c".range(of: "c")!), 7) }
            func testI() { XCTAssertEqual(parse("👨‍👩‍👧", "👨‍👩‍👧".firstIndex(of: "👩")!), 7) }
            """#
        // Then a needle the literal lacks, a value the test reads, options, an interpolation, and a character inside
        // another (a family emoji holds no woman by characters) can trap
        #expect(
            try xctestFindings(.trapInTest, methods) == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11",
            ])
    }
}
