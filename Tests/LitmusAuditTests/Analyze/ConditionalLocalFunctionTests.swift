import Testing

@testable import LitmusAudit

/// A test's own function, called with values the test wrote: a branch or a switch on one of its parameters is decided
/// by each call, the same every run, as a branch on a parameterized test's argument (swift-syntax 603.0.1's
/// `test(with: UInt.self, unsigned: true)`, attaswift/BigInt 6.0.1's `test(direction: .wordsToUnits, …)` and swiftly's
/// `expectedInUse: nil`: read false on the corpus), beside the near misses that must still be found.
@Suite("conditionalTestLogic: a branch on a parameter the test's own calls fix", .tags(.parsing))
struct ConditionalLocalFunctionTests {
    @Test("An `if` on a parameter every call gives a literal, or leaves at its literal default, is the test's table")
    func branchOnLiteralParameter() throws {
        // Given swift-syntax's shape: a local generic function, a Bool parameter defaulting to false, `true` in some
        // calls, and the `-42` check only for the signed types
        let methods = """
            func testLiteralInt() {
                func test<T>(with ty: T.Type, unsigned: Bool = false) {
                    XCTAssertEqual(render(42 as! T), "42")
                    if !unsigned { XCTAssertEqual(render(-42 as! T), "-42") }
                }
                test(with: Int.self)
                test(with: UInt.self, unsigned: true)
            }
            """

        // When: its conditions are read
        let found = try xctestFindings(.conditionalTestLogic, methods)

        // Then the branch filters the test's own calls
        #expect(found == [])
    }

    @Test("A switch on a parameter each call gives an enumeration's case or nil is the test's table")
    func switchOnCaseParameter() throws {
        // Given BigInt's shape: a local function switching twice on its `direction`, some cases checking nothing,
        // called with `.wordsToUnits`, `.unitsToWords` or the default `.both`; and swiftly's `nil` argument
        let methods = """
            func testConversion() {
                enum Direction { case unitsToWords, wordsToUnits, both }
                func test(direction: Direction = .both, words: [UInt8], units: [UInt16]) {
                    switch direction {
                    case .wordsToUnits, .both: XCTAssertEqual(Units(words), units)
                    default: break
                    }
                    switch direction {
                    case .unitsToWords, .both: XCTAssertEqual(Words(units), words)
                    default: break
                    }
                }
                test(words: [], units: [])
                test(direction: .unitsToWords, words: [0x01, 0x00], units: [0x0001])
                test(direction: .wordsToUnits, words: [0x01], units: [0x0001])
            }
            func testInUse() {
                func check(_ name: String, expectedInUse: String?) {
                    if let expectedInUse { XCTAssertEqual(inUse(name), expectedInUse) }
                }
                check("a", expectedInUse: "5.9")
                check("b", expectedInUse: nil)
            }
            """

        // When: its conditions are read
        let found = try xctestFindings(.conditionalTestLogic, methods)

        // Then each switch and branch is decided by the calls
        #expect(found == [])
    }

    @Test("A parameter some call gives a computed value, or a function handed on as a value, still skips")
    func nearMisses() throws {
        // Given a call that passes what the code under test returned, a function also handed to `forEach` (its
        // calls there are not read), a `switch` on what the code returned, a second function whose parameter of the
        // same name is given a computed value, a method of a type the test declares, and a value of the machine's
        let methods = """
            func testComputed() {
                func test(flag: Bool) { if flag { XCTAssertEqual(sut.value, 1) } }
                test(flag: true)
                test(flag: sut.isReady)
            }
            func testHandedOn() {
                func test(flag: Bool) { if flag { XCTAssertEqual(sut.value, 1) } }
                test(flag: true)
                sut.flags.forEach(test)
            }
            func testSwitchOnResult() {
                func test(direction: Direction) {
                    switch sut.direction(direction) { case .up: XCTAssertEqual(sut.value, 1); default: break }
                }
                test(direction: .up)
            }
            func testTwoFunctions() {
                func a(flag: Bool) { if flag { XCTAssertEqual(sut.value, 1) } }
                func b(flag: Bool) { if flag { XCTAssertEqual(sut.other, 2) } }
                a(flag: true)
                b(flag: sut.isReady)
            }
            func testLocalType() {
                final class Delegate { func didFinish(success: Bool) { if success { XCTAssertEqual(sut.value, 1) } } }
                let delegate = Delegate()
                delegate.didFinish(success: true)
            }
            func testMachineValue() {
                func check(locale: Locale) { if locale.identifier == "en_US" { XCTAssertEqual(format(1.5, locale), "1.5") } }
                check(locale: .current)
            }
            """

        // When: its conditions are read
        let found = try xctestFindings(.conditionalTestLogic, methods)

        // Then each is still reported
        #expect(
            found == [
                "testComputed:4", "testHandedOn:9", "testSwitchOnResult:15", "testTwoFunctions:21", "testLocalType:26",
                "testMachineValue:31",
            ], "\(found)")
    }

    @Test("A switch on a parameterized test's argument is its table, as an `if` is; on what the code made of it, not")
    func switchOnArgument() throws {
        // Given a Swift Testing test switching on its argument, some case checking nothing, and one switching on what
        // the code under test parses from it
        let tests = """
            @Test(arguments: [Kind.a, .b]) func kinds(kind: Kind) {
                switch kind { case .a: #expect(sut.value(kind) == 1); default: break }
            }
            @Test(arguments: ["1", "x"]) func parsed(input: String) throws {
                switch try sut.parse(input) { case .number: #expect(sut.count == 1); default: break }
            }
            """

        // When: its conditions are read
        let found = try swiftTestingNames(.conditionalTestLogic, tests)

        // Then only the switch on the code's result is reported
        #expect(found == ["parsed"], "\(found)")
    }
}
