import SwiftParser
import SwiftSyntax
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

    @Test("A literal the loop over the test's own table gives cannot trap; a text that does not parse, a var, can")
    func loopOverLiteralTable() throws {
        // Given AliSoftware/OHHTTPStubs 9.1.0's matcher tests (false on first contact): `for (url, result) in urls`
        // over a dictionary literal of URLs, unwrapping `URL(string: url)!` (`NSURL` in its `#else`); an array loop, a table of
        // tuples; and near misses: a table holding a text that does not parse, the dictionary's values, a `var`
        // table, a name bound again in the loop, and the element read inside a closure
        let methods = #"""
            func testA() {
                let urls = ["foo://bar": true, "bar://foo/baz?x=1": false]
                for (url, result) in urls {
                    #if swift(>=3.0)
                    XCTAssertEqual(match(URL(string: url)!), result)
                    #else
                    XCTAssertEqual(match(NSURL(string: url)!), result)
                    #endif
                }
            }
            func testB() { for text in ["1.5", "2"] { XCTAssertEqual(f(Decimal(string: text)!), 7) } }
            func testC() { for (text, value) in [("1", 1), ("22", 22)] { XCTAssertEqual(Int(text)!, value) } }
            func testD() { for text in ["1", "x"] { XCTAssertEqual(f(Int(text)!), 7) } }
            func testE() { for (value, text) in [1: "a", 2: "b"] { XCTAssertEqual(Int(text)!, value) } }
            func testF() { var texts = ["1"]; texts.append(g()); for text in texts { XCTAssertEqual(f(Int(text)!), 7) } }
            func testG() { for text in ["1"] { let text = g(); XCTAssertEqual(f(Int(text)!), 7) } }
            func testH() { for text in ["1"] { run { XCTAssertEqual(f(Int(text)!), 7) } } }
            """#
        // Then only the near misses can trap
        let found = try xctestFindings(.trapInTest, methods)
        #expect(found == ["testD:15", "testE:16", "testF:17", "testG:18", "testH:19"], "\(found)")
    }

    @Test("A literal parsed by a type named with its module (`Foundation.UUID`) cannot trap; another module's can")
    func moduleQualifiedType() throws {
        // Given apple/swift-cassandra-client 0.12.0's `Foundation.UUID(uuidString: "12345678-…-123456789ABC")!`, and near
        // misses: a literal that does not parse, and a type of the same name another module declares
        let methods = #"""
            func testA() { XCTAssertEqual(f(Foundation.UUID(uuidString: "12345678-1234-1234-1234-123456789ABC")!), 7) }
            func testB() { XCTAssertEqual(f(Swift.Int("42")!), 7) }
            func testC() { XCTAssertEqual(f(Foundation.UUID(uuidString: "not-a-uuid")!), 7) }
            func testD() { XCTAssertEqual(f(Cassandra.UUID(uuidString: "12345678-1234-1234-1234-123456789ABC")!), 7) }
            """#
        // Then the literal that does not parse and the other module's type can trap
        let found = try xctestFindings(.trapInTest, methods)
        #expect(found == ["testC:5", "testD:6"], "\(found)")
    }

    @Test("A time zone of a name the database holds, or of an offset within a day, cannot be nil; another can")
    func timeZones() throws {
        // Given swiftlang/swift-foundation's calendar tests, which set their zones from literals, and near misses
        let methods = #"""
            func testA() { XCTAssertEqual(f(TimeZone(identifier: "America/Los_Angeles")!), 7) }
            func testB() { XCTAssertEqual(f(TimeZone(abbreviation: "EST")!), 7) }
            func testC() { XCTAssertEqual(f(TimeZone(secondsFromGMT: -3600 * 8 - 30)!), 7) }
            func testD() { XCTAssertEqual(f(TimeZone(identifier: "Mars/Olympus_Mons")!), 7) }
            func testE() { XCTAssertEqual(f(TimeZone(secondsFromGMT: 3600 * 24 * 2)!), 7) }
            func testF() { XCTAssertEqual(f(TimeZone(identifier: name)!), 7) }
            func testG() { XCTAssertEqual(f(TimeZone(secondsFromGMT: offset * 60)!), 7) }
            func testH() { XCTAssertEqual(f(TimeZone(abbreviation: "XYZ")!), 7) }
            """#
        // Then a name no database holds, an offset beyond a day, and a value the test does not fix can trap
        #expect(
            try xctestFindings(.trapInTest, methods) == ["testD:6", "testE:7", "testF:8", "testG:9", "testH:10"])
    }

    @Test("An integer the source fixes is its value: literals and their sums, differences and products")
    func fixedIntegers() {
        let value = { (text: String) -> Int? in
            let tree = Parser.parse(source: "let x = \(text)")
            let expression = tree.descendants(of: InitializerClauseSyntax.self).first?.value
            return expression.flatMap(FailableLiteral.fixedInteger)
        }
        #expect(value("-3600 * 8 - 30") == -28830)
        #expect(value("(2 + 3) * 4") == 20)
        #expect(value("1_000 - 1 - 2") == 997)
        // Then a name, a division, and an overflow are not fixed here
        #expect(value("x * 2") == nil)
        #expect(value("7 / 2") == nil)
        #expect(value("9223372036854775807 + 1") == nil)
    }
}
