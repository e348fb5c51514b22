import SwiftSyntax
import Testing

@testable import LitmusAudit

@Suite("floatEquality: a value the test gives the code and reads back is exact", .tags(.parsing))
struct FloatComparisonTests {
    @Test("A name interpolated into a text the code parses, or set on a member, is given; printed or changed it is not")
    func givenByTextOrMember() throws {
        // Given tristanhimmelman/ObjectMapper 4.4.3's mapping tests, which write a value into the JSON text they map
        // or set it on an object they write out and map back, and near misses
        let methods = #"""
            func testA() { let value: Double = 11; let json = "{\"double\" : \(value)}"; let mapped = mapper.map(JSONString: json); XCTAssertEqual(mapped?.double, value) }
            func testB() { let value: Double = 11; let object = BasicTypes(); object.double = value; let mapped = mapper.map(JSONString: write(object)); XCTAssertEqual(mapped?.double, value) }
            func testC() { let value: Double = 11; var dict: [String: Double] = [:]; dict["d"] = value; XCTAssertEqual(read(dict), value) }
            func testD() { let value: Double = reading(); print("\(value)"); XCTAssertEqual(sut.total, value) }
            func testE() { let value: Double = reading(); let json = "{\"double\" : \(value + 1)}"; let mapped = mapper.map(JSONString: json); XCTAssertEqual(mapped?.double, value) }
            func testF() { let value: Double = reading(); let object = BasicTypes(); object.double = value * 2; XCTAssertEqual(object.half, value) }
            func testG() { let value: Double = reading(); var copy = 0.0; copy = value; XCTAssertEqual(sut.total, value) }
            func testH() { let value: Double = reading(); XCTAssertEqual(sut.total, value, "expected \(value)") }
            func testI() { let value: Double = 1.0; object.arrayDouble = [value]; XCTAssertEqual(map(write(object)).arrayDouble.first, value) }
            func testJ() { let value: Double = 1.0; object.dictDouble = ["k": value]; XCTAssertEqual(map(write(object)).dictDouble["k"], value) }
            func testK() { let value: Double = 1.0; object.arrayDouble = [value * 3]; XCTAssertEqual(map(write(object)).arrayDouble.first, value) }
            func testL() { let sum: Double = calc.add(0.1, 0.2); let message = "sum was \(sum)"; XCTAssertEqual(sum, 0.3, message) }
            func testM() { let sum: Double = calc.add(0.1, 0.2); NSLog("sum = \(sum)"); label.text = "\(sum)"; XCTAssertEqual(sum, 0.3) }
            func testN() { let product: Double = calc.times(0.1, 3); results["p"] = product; XCTAssertEqual(product, 0.3) }
            func testO() { for value in [1.5, 2.5] { send("\(value)") }; let value: Double = Mapper.average(); XCTAssertEqual(value, other) }
            """#
        // Then what it prints (testD), a value it changed before giving (testE, testF, testK), a local it set (testG),
        // a check's own message (testH, testL), a result compared with a literal however it is stored or logged
        // (testM, testN) and a name handed on before it was bound again (testO) are still reported; an element of an
        // array or dictionary it sets (testI, testJ) is given
        let found = try xctestFindings(.floatEquality, methods)
        #expect(
            found == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testK:13", "testL:14", "testM:15", "testN:16",
                "testO:17",
            ], "\(found)")
    }

    @Test(
        "A floating-point type made from a decimal literal is a float compared with rounding; from an integer, exact")
    func floatOfIntegerLiteral() throws {
        // Given groue/GRDB.swift 7.10.0's NSNumber test, which stores `Float(3)` and reads it back, and near misses (both
        // sides rounded to whole numbers only the compiler's types show: TypedShapesTests)
        let methods = """
            func testA() { let number = NSNumber(value: Float(3)); XCTAssertEqual(Float.read(number.value), Float(3)) }
            func testB() { XCTAssertEqual(sut.half(7), Double(-4)) }
            func testC() { let number = NSNumber(value: Float(0.1)); XCTAssertEqual(Float.read(number.value) * 3.0, Float(0.3)) }
            func testD() { XCTAssertEqual(sut.third(1), Double(0.3)) }
            """

        // When: the smells are found
        let found = try xctestFindings(.floatEquality, methods)

        // Then: a decimal made a float is compared with rounding (the syntax alone did not see these as floats); a whole
        // number made one is exact
        #expect(found == ["testC:5", "testD:6"], "\(found)")
    }

    @Test(
        "Rounded to a whole number: the C library's round, floor, ceil and trunc of one value, rounded() with a rule",
        arguments: [
            ("round(x / 1.0e6)", true), ("floor(x)", true), ("ceil(x * 2)", true), ("trunc(x)", true),
            ("x.rounded()", true), ("(x * 3).rounded(.down)", true),
            ("try values.first!.rounded(.toNearestOrEven)", true),
            ("round(x, 2)", false), ("round(x: x)", false), ("x.rounded(toPlaces: 2)", false), ("rounded(x)", false),
            ("x.rounded(2)", false), ("x.rounded(rule)", false),
            ("x.roundedUp()", false), ("x * 2", false),
        ])
    func roundedToWhole(expression: String, whole: Bool) {
        #expect(FloatComparison.isRoundedToWhole(ExprSyntax(stringLiteral: expression)) == whole)
    }

    @Test("A value compared with its own rounding to a whole number is a check that it is whole: exact, not reported")
    func comparedWithItsRounding() throws {
        // Given swift-property-based 2.0.1's `#expect(last.rounded() == last)` on a shrunk date's seconds, and near
        // misses: a rounding compared with another value, a rounding scaled back, a rounding to places (by a label or
        // a package's unlabelled number); a product rounded and a call each side makes again need the compiler's types to
        // be seen as floats (TypedShapesTests)
        let methods = """
            func testA() { let last: Double = shrink(); XCTAssertEqual(last.rounded(), last) }
            func testB() { let last: Double = shrink(); XCTAssertTrue(last == floor(last)) }
            func testC() { let last: Double = shrink(); let other: Double = grow(); XCTAssertEqual(last.rounded(), other) }
            func testD() { let last: Double = shrink(); XCTAssertEqual((last * 10).rounded() / 10, last) }
            func testE() { let last: Double = shrink(); XCTAssertEqual(last.rounded(toPlaces: 1), last) }
            func testH() { let last: Double = shrink(); XCTAssertEqual(last.rounded(2), last) }
            func testI() { let result = shrunk(); XCTAssertEqual(result.seconds.rounded(.down), result.seconds) }
            """

        // When: the smells are found
        let found = try xctestFindings(.floatEquality, methods)

        // Then: only the comparisons with something else than the value itself rounded are reported
        #expect(found == ["testC:5", "testD:6", "testE:7", "testH:8"], "\(found)")
    }

    @Test("A name in a tuple the test hands a double to return is given; a tuple it only prints or changes is not")
    func givenInATuple() throws {
        // Given Kolos65/Mockable 0.6.4's GivenTests, which stub a mock to return a tuple holding the test's value
        // and compare what the mock returns with it, and near misses
        let methods = """
            func testA() { let doubleValue = 2.5; given(mock).pair().willReturn((.test3, doubleValue)); let (_, value): (User, Double) = mock.pair(); XCTAssertEqual(value, doubleValue) }
            func testB() { let doubleValue = 2.5; given(mock).pair().willReturn((.test3, doubleValue * 3)); let (_, value): (User, Double) = mock.pair(); XCTAssertEqual(value, doubleValue) }
            func testC() { let doubleValue = 2.5; print((1, doubleValue)); let (_, value): (User, Double) = mock.pair(); XCTAssertEqual(value, doubleValue) }
            """

        // When: the smells are found
        let found = try xctestFindings(.floatEquality, methods)

        // Then: the value handed in the tuple is exact; changed first, or never handed on, it is computed
        #expect(found == ["testB:4", "testC:5"])
    }

    @Test(
        "A name whose written type the package declares is not a float, whatever literal made it; a float type, an alias or a type from elsewhere leaves the literal to say"
    )
    func writtenType() throws {
        // Given a2/MessagePack.swift 4.0.0's DoubleTests: the package's enum is ExpressibleByFloatLiteral
        let package = """
            public enum MessagePackValue: ExpressibleByFloatLiteral { case double(Double); public init(floatLiteral value: Double) { self = .double(value) } }
            public typealias Meters = Double
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() { let implicitValue: MessagePackValue = 3.14; XCTAssertEqual(implicitValue, MessagePackValue.double(3.14)) }
                func testB() { let value: Double = 3.14; XCTAssertEqual(value, sut.double(3.14)) }
                func testC() { let value = 3.14; XCTAssertEqual(value, sut.double(3.14)) }
                func testD() { let value: Double? = 3.14; XCTAssertEqual(value, sut.double(3.14)) }
                func testE() { let expected: CLLocationDegrees = 51.5; XCTAssertEqual(coordinate.latitude, expected) }
                func testF() { let expected: Meters = 0.1; XCTAssertEqual(route.length, expected) }
            }
            """
        // When
        let found = try analyzeSources(["T.swift": tests], packageSources: ["Value.swift": package]).findings
            .filter { $0.kind == .floatEquality }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then
        #expect(found == ["T.testB:4", "T.testC:5", "T.testD:6", "T.testE:7", "T.testF:8"], "\(found)")
    }

    @Test(
        "A float literal compared with what the package's own type makes is that type's value; with a Double or an alias it is not"
    )
    func literalOfPackageType() throws {
        // Given Swift-BigInt v2.4.0's `XCTAssertEqual(BDouble("10"), 10.0)` (an arbitrary-precision rational) in a test
        // that also computes with a decimal that rounds, and near misses: a Double computed, a type the package only aliases, a package type's Double member
        let package = """
            public struct BDouble: ExpressibleByFloatLiteral, Equatable { public init?(_ text: String) { nil }; public init(floatLiteral value: Double) {}; public var asDouble: Double { 0 } }
            public typealias Meters = Double
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() { _ = ratio(0.1); XCTAssertEqual(BDouble("10"), 10.0); XCTAssertEqual(BDouble("1.5")!, 1.5) }
                func testB() { XCTAssertEqual(Double(count) * 0.1, 0.3) }
                func testC() { XCTAssertEqual(Meters(0.1 * 3), 0.3) }
                func testD() { XCTAssertEqual(BDouble("10")!.asDouble, 10.0); _ = ratio(0.1) }
            }
            """
        // When
        let found = try analyzeSources(["T.swift": tests], packageSources: ["Value.swift": package]).findings
            .filter { $0.kind == .floatEquality }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then
        #expect(found == ["T.testB:4", "T.testC:5", "T.testD:6"], "\(found)")
    }

    @Test(
        "A decimal the package's own code writes is that stored literal read back; in a comment, a text, an exact literal or not there, it is not"
    )
    func literalThePackageWrites() throws {
        // Given danielsaidi/EmojiKit 3.0.1's versions, stored literals its initializers pick from (read false on first
        // contact), a default argument, and near misses: a decimal the package writes only in a comment or a string, an
        // exact literal it writes that the test may reach by rounding, a decimal it does not write
        let package = """
            public struct EmojiVersion { public let version: Double; public let iOS: Double
                public static var v13_1: Self { .init(version: 13.1, iOS: 14.5) }
                public init(version: Double, iOS: Double) { self.version = version; self.iOS = iOS }
                public init?(iOS: Double) { self = .v13_1 } }
            public struct Options { public var temperature: Float; public init(temperature: Float = 0.8) { self.temperature = temperature } }
            // 0.7 was the old default temperature
            public let legacyName = "2.7"
            public let one = 1.0
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() { XCTAssertEqual(EmojiVersion(iOS: 14.5)?.version, 13.1) }
                func testB() { XCTAssertEqual(Options().temperature, 0.8) }
                func testC() { XCTAssertEqual(Options(temperature: 0.35 * 2).temperature, 0.7) }
                func testD() { XCTAssertEqual(parse(legacyName), 2.7) }
                func testE() { XCTAssertEqual(sum([0.1, 0.2, 0.7]), 1.0) }
                func testF() { XCTAssertEqual(mean(of: samples), 0.3) }
            }
            """
        // When
        let found = try analyzeSources(["T.swift": tests], packageSources: ["Version.swift": package]).findings
            .filter { $0.kind == .floatEquality }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
        // Then
        #expect(found == ["T.testC:5", "T.testD:6", "T.testE:7", "T.testF:8"], "\(found)")
    }

    @Test("A literal whose IEEE 754 bytes the test wrote out is decoded exactly; other bytes or a broken run are not")
    func decodedFromItsOwnBytes() throws {
        // Given Flight-School/MessagePack 1.2.4's float and double decoded from their own bytes (false on first
        // contact), the float's bytes little-endian, and near misses: another value compared, a run one byte short, the
        // run split over two arrays, the run at the end of a longer array, bytes written as decimal counts, a Double's
        // bytes decoded as a Float (read true: the narrowing rounds)
        let methods = """
            func testA() { let value = try! decoder.decode(Float.self, from: Data([0xCA, 0x40, 0x48, 0xF5, 0xC3])); XCTAssertEqual(value, 3.14) }
            func testB() { let data = Data([0xCB, 0x40, 0x09, 0x21, 0xF9, 0xF0, 0x1B, 0x86, 0x6E]); XCTAssertEqual(try decoder.decode(Double.self, from: data), 3.14159) }
            func testC() { let value = try! read(Float.self, [0xC3, 0xF5, 0x48, 0x40]); XCTAssertEqual(value, 3.14) }
            func testD() { let value = try! decoder.decode(Float.self, from: Data([0xCA, 0x40, 0x48, 0xF5, 0xC3])); XCTAssertEqual(value, 3.15) }
            func testE() { let value = try! decoder.decode(Float.self, from: Data([0xCA, 0x40, 0x48, 0xF5])); XCTAssertEqual(value, 3.14) }
            func testF() { let value = try! decode(Float.self, [0x40, 0x48] + [0xF5, 0xC3]); XCTAssertEqual(value, 3.14) }
            func testG() { let value = try! image(Float.self, [0x89, 0x50, 0x4E, 0x47, 0x40, 0x48, 0xF5, 0xC3]); XCTAssertEqual(value, 3.14) }
            func testH() { let sizes = [0, 0, 0, 64]; let ratio = scale(sizes); XCTAssertEqual(ratio, 2.2) }
            func testI() { let data = Data([0xCB, 0x40, 0x09, 0x21, 0xF9, 0xF0, 0x1B, 0x86, 0x6E]); XCTAssertEqual(try decoder.decode(Float.self, from: data), 3.14159) }
            """
        // Then the near misses only
        #expect(
            try xctestFindings(.floatEquality, methods) == [
                "testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11",
            ])
    }
    @Test("A literal a binary fraction holds is compared exactly; a decimal it does not hold is where rounding decides")
    func exactLiterals() throws {
        // Given nicklockwood/Expression 0.13's `5 + 1.5 + 4` checked against 10.5, swift-otel's `2.0 + 2.5 == 4.5`,
        // swift-protobuf's default `2E8`, and near misses: decimals no binary fraction holds, and a literal of more
        // significant bits than a Float keeps
        let methods = """
            func testA() { XCTAssertEqual(try expression.evaluate(), 10.5) }
            func testB() { XCTAssertEqual(counter.value as Double, -4.5) }
            func testC() { XCTAssertEqual(m.largeFloat as Float, 2E8) }
            func testD() { XCTAssertEqual(0.125, ratio() as Double) }
            func testE() { XCTAssertEqual(try expression.evaluate(), 0.6) }
            func testF() { XCTAssertEqual(counter.value as Double, 1.1) }
            func testG() { XCTAssertEqual(m.value as Float, 16777217.0) }
            func testH() { XCTAssertEqual(m.value as Double, 1.5e-3) }
            func testI() { XCTAssertEqual(mean([0.1, 0.2, 0.3, 0.4]) as Double, 0.25) }
            func testJ() { XCTAssertEqual(parse("[0.1, 0.4]").sum as Double, 0.5) }
            func testK() { let third: Double = 1 / 3; XCTAssertEqual(third * 6, 2.0) }
            """
        // Then the comparisons with 0.6, 1.1, 16777217.0 and 1.5e-3 are reported, and so are those where the test
        // computes from a decimal that rounds, in its check or in a text it gives, or divides
        let found = try xctestFindings(.floatEquality, methods)
        #expect(
            found == ["testE:7", "testF:8", "testG:9", "testH:10", "testI:11", "testJ:12", "testK:13"], "\(found)")
        // … and where its type's fixtures hold such a decimal
        let fixtures = """
            import XCTest
            final class CartTests: XCTestCase {
                let prices = [0.1, 0.2, 0.7]
                func testTotal() { XCTAssertEqual(Cart(prices).total as Double, 1.0) }
            }
            """
        #expect(try analyzedFindings(.floatEquality, in: ["T.swift": fixtures]) == ["CartTests.testTotal:4"])
    }

    @Test(
        "A decimal its fixtures, or a constant or helper of the target it names, write is given; one only a check of theirs or an unnamed constant writes is not"
    )
    func givenByFixturesAndHelpers() throws {
        // Given SWXMLHash 8.1.1's XML text in a stored property, mattpolzin/JSONAPI 5.3.1's stub constant in another
        // file and freshOS/Arrow 7.0.0's fixture made by a helper whose JSON text holds the decimal, and near misses
        let stubs = #"""
            let entityStub = """
            {"attributes": {"floater": 123.321}}
            """.data(using: .utf8)!
            let unrelatedStub = "{\"rate\": 0.9}"
            func mockJSON() -> JSON { JSON(parsing: "{\"float\": 0.12, \"nested\": \(nestedText())}") }
            func nestedText() -> String { "{\"ratio\": 0.35}" }
            func verify(_ value: Double) { XCTAssertEqual(value, 0.7) }
            """#
        let tests = #"""
            import XCTest
            final class ParsingTests: XCTestCase {
                let xml = "<root><price>99.14</price></root>"
                let json = mockJSON()
                func testA() { XCTAssertEqual(decode(entityStub).floater, 123.321) }
                func testB() { XCTAssertEqual(Double(json["float"]), 0.12) }
                func testC() { XCTAssertEqual(parse(xml).price, 99.14) }
                func testD() { XCTAssertEqual(Double(json["nested"]["ratio"]), 0.35) }
                func testE() { XCTAssertEqual(calc.add(0.1, 0.2), 0.3) }
                func testF() { verify(sut.other); XCTAssertEqual(sut.total, 0.7) }
                func testG() { XCTAssertEqual(calc.times(0.3, 3), 0.9) }
            }
            """#

        // When: the smells are found
        let found = try analyzedFindings(.floatEquality, in: ["Stubs.swift": stubs, "ParsingTests.swift": tests])
            .sorted()

        // Then the decimals the fixture's text, the stub and the helper (and the helper it calls) write are read back
        // exactly; a sum compared with a decimal nobody gave, one only a helper's check writes, and one only a
        // constant the test never names holds are still reported
        #expect(
            found == ["ParsingTests.testE:9", "ParsingTests.testF:10", "ParsingTests.testG:11"], "\(found)")
    }
}
