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

    @Test("A comparison with an array or dictionary type (`[T].self`) is of metatypes: no rewrite; a value is one")
    func sugaredMetatypes() throws {
        // Given swift-extras/swift-extras-json 0.6.0's checks of a type mismatch's type, and near misses: values in
        // brackets, a literal of two elements, a literal compared
        let methods = """
            func testA() { XCTAssertTrue(type == [JSONValue].self) }
            func testB() { XCTAssertTrue(type == [String: JSONValue].self) }
            func testC() { XCTAssertTrue(type == [Any]?.self) }
            func testD() { XCTAssertTrue(values == [value].self) }
            func testE() { XCTAssertTrue(pair == [key: value].self) }
            func testF() { XCTAssertTrue(kinds == [Kind.a, Kind.b]) }
            func testG() { XCTAssertTrue(names == ["Ada"]) }
            """
        // When: the smells are found
        let sut = try xctestFindings(.boolAssertEquality, methods)

        // Then only the types get no advice
        #expect(sut == ["testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test("Without types, integers of two types written out on each side compare by BinaryInteger's ==: no rewrite")
    func integersOfTwoTypes() throws {
        // Given apple/swift-homomorphic-encryption 1.0.7's DoubleWidthUInt tests, and near misses: one type on both
        // sides, a side whose type is not written, two types neither of which is the standard library's integer, a
        // variable given a type, a type alias of the other side's type, a property's `max`
        let methods = """
            func testA() { XCTAssertTrue(y == (0 as Int)) }
            func testB() { XCTAssertTrue(DWU16(UInt16.max) == UInt16.max) }
            func testC() { XCTAssertTrue(DWU16(0) == Int(0)) }
            func testD() { XCTAssertTrue(DWU16(0) == DWU16.zero) }
            func testE() { XCTAssertTrue(value == UInt16.max) }
            func testF() { XCTAssertTrue(Dog(name: "Rex") == Animal(name: "Rex")) }
            func testG() { XCTAssertTrue(Int(text) == Int(7)) }
            func testH() { XCTAssertTrue(y == (count as Int)) }
            func testI() { XCTAssertTrue(y == 0) }
            func testJ() { typealias Byte = UInt8; XCTAssertTrue(UInt8(v) == Byte.max) }
            func testK() { XCTAssertTrue(Int(n) == Pool.limits.max) }
            func testL() { typealias DWU16 = DoubleWidthUInt<UInt8>; XCTAssertTrue(DWU16(UInt16.max) == UInt16.max) }
            """

        // When: the smells are found
        let sut = try xctestFindings(.boolAssertEquality, methods)

        // Then: the two integer types get no advice; the others do
        #expect(sut == ["testD:6", "testE:7", "testF:8", "testG:9", "testH:10", "testI:11", "testJ:12", "testK:13"])
    }

    @Test(
        "Without types, an error compared by the package's free == over Error gets no advice; without that ==, it does"
    )
    func errorsComparedByPackageEquality() throws {
        // Given google/promises 2.4.1: its test helpers declare `func == (lhs: Error?, rhs: Error?)`, and its tests
        // check `XCTAssertTrue(error == Test.Error.code42)` in a `.catch { error in … }` and `promise.error == …`;
        // near misses: another value compared in that package, and the same checks where no such == is declared
        let helpers = """
            public func == (lhs: Error?, rhs: Error?) -> Bool { (lhs as NSError?) == (rhs as NSError?) }
            """
        let file = """
            import XCTest
            final class T: XCTestCase {
                func testCatch() { promise.catch { error in XCTAssertTrue(error == Test.Error.code42) } }
                func testMember() { XCTAssertTrue(promise.error == Test.Error.code42) }
                func testValue() { XCTAssertTrue(promise.value == 42) }
            }
            """

        // When: the smells are found with and without the helpers' ==
        let withEquality = try analyzeSources(["T.swift": file], packageSources: ["Helpers.swift": helpers])
            .findings.filter { $0.kind == .boolAssertEquality }.compactMap(\.testName)
        let without = try analyzeSources(["T.swift": file], packageSources: ["Other.swift": "public struct P {}"])
            .findings.filter { $0.kind == .boolAssertEquality }.compactMap(\.testName)

        // Then: only the value keeps its advice where the package compares errors; all three do elsewhere
        #expect(withEquality == ["T.testValue"])
        #expect(without.sorted() == ["T.testCatch", "T.testMember", "T.testValue"])
    }
}

@Suite(
    "boolAssertEquality: a message that prints one side and writes the other, a literal, prints both", .tags(.parsing))
struct MessageWritesLiteralTests {
    @Test(
        "The value interpolated and the literal written out in the text: no advice; a literal the text does not write, or a value it does not print, still gets it"
    )
    func literalWrittenOut() throws {
        // Given yannickl/DynamicColor 5.0.1's `XCTAssert(blackHue == 0, "… should be equal to 0 (not \(blackHue))")`,
        // the same with a negative, a float, a hex and a string literal, and near misses: the text names another
        // number (10 is not 0), names no value, or prints another expression than the side compared
        let methods = #"""
            func testA() { XCTAssert(blackHue == 0, "Color hue component should be equal to 0 (not \(blackHue))") }
            func testB() { XCTAssert(whiteXYZ.X == 95.05, "X component should be equal to 95.05 (not \(whiteXYZ.X))") }
            func testC() { XCTAssert(offset == -1, "offset should be -1, got \(offset)") }
            func testD() { XCTAssert(hex == 0xffffff, "expected 0xffffff, got \(hex)") }
            func testE() { XCTAssert(name == "Ada", "expected Ada, got \(name)") }
            func testF() { XCTAssert(count == 0, "expected 10, got \(count)") }
            func testG() { XCTAssert(alpha == 0.8, "alpha should be 0.8") }
            func testH() { XCTAssert(hue == 0, "hue should be 0 (not \(other))") }
            func testI() { XCTAssert(name == "Ada", "wrong name \(name)") }
            """#
        // Then
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testF:8", "testG:9", "testH:10", "testI:11"])
    }

    @Test(
        "A side printed through String(describing:) or String(reflecting:) is printed; through another call it is not")
    func describedSide() throws {
        // Given utahiosmac/Marshal 1.2.8's `XCTAssert(cars?.count == 8, "… should have 8 objects. Actual count =
        // \(String(describing: cars?.count))")`, and near misses: a String(describing:) of another value, and the
        // side given to a function of the test's own
        let methods = #"""
            func testA() { XCTAssert(cars?.count == 8, "should have 8 objects. Actual count = \(String(describing: cars?.count))") }
            func testB() { XCTAssert(name == "Ada", "expected Ada, got \(String(reflecting: name))") }
            func testC() { XCTAssert(cars?.count == 8, "should have 8 objects. Actual = \(String(describing: trucks?.count))") }
            func testD() { XCTAssert(cars?.count == 8, "should have 8 objects. Actual = \(shown(cars?.count))") }
            """#
        // Then
        #expect(try xctestFindings(.boolAssertEquality, methods) == ["testC:5", "testD:6"])
    }
}

@Suite("boolAssertEquality: a name bound to an optional written as one is no Bool", .tags(.parsing))
struct BoundOptionalTests {
    @Test(
        "A name bound to a cast `as?`, a `try?` or a `?.` chain compared with a literal: no advice; bound to a force unwrap, a `??` or a member, advice"
    )
    func boundOptional() throws {
        // Given PostHog/posthog-ios 3.69.3's `let mechHandled = mechanism?["handled"] as? Bool` then
        // `#expect(mechHandled == false)` (6 read false on first contact), and near misses: the whole cast force
        // unwrapped, a default given with `??`, a plain member, an optional chain unwrapped as a whole, a `Bool` an `if
        // let` binds under the name, and a name bound to one in another scope
        let tests = """
                @Test func cast() { let handled = mechanism?["handled"] as? Bool; #expect(handled == false) }
                @Test func attempted() { let valid = try? validate(input); #expect(valid == true) }
                @Test func chained() { let hidden = view?.isHidden; #expect(hidden == true) }
                @Test func unwrapped() { let handled = (mechanism?["handled"] as? Bool)!; #expect(handled == false) }
                @Test func defaulted() { let handled = mechanism?["handled"] as? Bool ?? false; #expect(handled == false) }
                @Test func member() { let hidden = view.isHidden; #expect(hidden == true) }
                @Test func chainUnwrapped() { let hidden = (view?.isHidden)!; #expect(hidden == true) }
                @Test func shadowed() { let handled = info?["handled"] as? Bool; if let handled { #expect(handled == false) } }
                @Test func scoped() { do { let result = try? load(); _ = result }; let result = isValid(); #expect(result == true) }
                @Test func variable() { var handled = info?["handled"] as? Bool; update(&handled); #expect(handled == false) }
            """
        // Then only the force unwraps, the default, the member, and the names bound again where they are compared get
        // the advice
        #expect(try swiftTestingLines(.boolAssertEquality, tests) == [6, 7, 8, 9, 10, 11])
    }
}
