import Foundation
import Testing

@testable import LitmusAudit

/// The never-run family read from the sources (docs/audit.md, "Tests that never run"): each case named with
/// its cause, and the near misses that are helpers or tests that do run. What XCTest lists on Linux was
/// measured on Swift 6.3.1 (`--list-tests` of a package holding every shape below).
@Suite("Tests that never run, read from the sources")
struct NeverRunFamilyTests {
    /// The never-run findings of `files`, as `test:line cause`.
    private func neverRun(_ files: [String: String], packageSources: [String: String] = [:]) throws -> [String] {
        try analyzeSources(files, packageSources: packageSources).findings.filter {
            $0.kind == .neverRan || $0.kind == .ignoredTest
        }.map { "\($0.testName ?? "-"):\($0.line ?? 0) \($0.finding.cause?.rawValue ?? "none")" }.sorted()
    }

    @Test("A test… function without @Test in a Swift Testing suite is named; one a @Test calls is a helper")
    func missingTestAttribute() throws {
        // Given: drmohundro/SWXMLHash 8.1.1's shape, a struct suite whose tests lost their @Test in a port
        let suite = """
            import Testing
            struct ConversionTests {
                @Test func parsesInt() { #expect(parse("1") == 1) }
                func testParsesDouble() { #expect(parse("1.5") == 1.5) }
                func testValue(_ text: String) -> Int { parse(text) }
                @Test func parsesBoth() { #expect(testValue("2") == 2) }
                func tests() { #expect(parse("") == nil) }
            }
            extension ConversionTests {
                func testParsesBool() { #expect(parse("true") == 1) }
            }
            func testFree() { #expect(parse("0") == 0) }
            """
        // When / Then: the two suite functions and the free function; not the helper a @Test calls, not `tests()`
        #expect(
            try neverRun(["Conversion.swift": suite]) == [
                "ConversionTests/testParsesBool:10 missingTestAttribute",
                "ConversionTests/testParsesDouble:4 missingTestAttribute",
                "testFree:12 missingTestAttribute",
            ])
    }

    @Test("The message of a test without @Test says why it never runs, and the fix says to mark it")
    func missingTestAttributeMessage() throws {
        // Given
        let suite = "import Testing\n@Suite struct S {\n    func testA() { #expect(f() == 1) }\n}\n"
        // When
        let finding = try #require(analyzeSources(["S.swift": suite]).findings.first { $0.kind == .neverRan })
        // Then
        #expect(finding.message == "S.testA() has no @Test: Swift Testing never runs it, and nothing calls it")
        #expect(finding.finding.fix.hasPrefix("Mark it `@Test`"))
        #expect(finding.finding.cause == .missingTestAttribute)
    }

    @Test("XCTest methods of shapes discovery skips are named; the same shapes called by a test are helpers")
    func xctestShapes() throws {
        // Given: every shape Swift 6.3.1's discovery left out of --list-tests, and its called twin
        let methods = """
            func testParams(_ x: Int) { XCTAssertEqual(x, 1) }
            func testReturns() -> Int { 1 }
            static func testStatic() { XCTAssertTrue(ok) }
            class func testClass() { XCTAssertTrue(ok) }
            private func testPrivate() { XCTAssertTrue(ok) }
            fileprivate func testFileprivate() { XCTAssertTrue(ok) }
            func testVoid() -> Void { XCTAssertTrue(ok) }
            func testHelper(_ x: Int) { XCTAssertEqual(x, 2) }
            private func testLoaded() -> Data { Data() }
            func testUsesHelpers() { testHelper(2); XCTAssertEqual(testLoaded().count, 0) }
            """
        // When / Then: not testVoid (it runs), nor the two helpers testUsesHelpers calls
        #expect(
            try xctestFindings(.neverRan, methods).sorted() == [
                "testClass:6", "testFileprivate:8", "testParams:3", "testPrivate:7", "testReturns:4", "testStatic:5",
            ])
        let causes = try analyzeSources(["T.swift": "import XCTest\nfinal class T: XCTestCase {\n\(methods)\n}\n"])
            .findings.filter { $0.kind == .neverRan }.compactMap { $0.finding.cause?.rawValue }
        #expect(
            causes.sorted() == [
                "privateMethod", "privateMethod", "returnsValue", "staticMethod", "staticMethod", "takesParameters",
            ])
    }

    @Test("test… methods in a type that does not inherit XCTestCase are named; a package subclass runs")
    func notATestCase() throws {
        // Given: a class without a superclass, one under NSObject, a struct, a subclass of the package's own
        // test case, a class of an unknown base (another module's, maybe a test case), and a helper type
        let sources = """
            import XCTest
            final class CartTests { func testTotal() { XCTAssertEqual(total(), 3) } }
            final class PriceTests: NSObject { func testPrice() { XCTAssertEqual(price(), 2) } }
            struct TaxTests { func testTax() { XCTAssertEqual(tax(), 1) } }
            class BaseCase: XCTestCase {}
            final class RefundTests: BaseCase { func testRefund() { XCTAssertEqual(refund(), 0) } }
            final class ServerTests: ExternalCase { func testServe() { XCTAssertTrue(serve()) } }
            struct Fixture { func testValue() { load() } }
            """
        // When / Then
        #expect(
            try neverRun(["Cart.swift": sources]) == [
                "CartTests.testTotal:2 notATestCase", "PriceTests.testPrice:3 notATestCase",
                "TaxTests.testTax:4 notATestCase",
            ])
    }

    @Test("test… methods in an extension of XCTestCase or of a protocol are named; a helper there is not")
    func extensionNotDiscovered() throws {
        // Given
        let sources = """
            import XCTest
            extension XCTestCase {
                func testSharedSetup() { XCTAssertTrue(ready()) }
                func testEqual(_ a: Int, _ b: Int) { XCTAssertEqual(a, b) }
            }
            protocol Checks {}
            extension Checks where Self: XCTestCase {
                func testInvariant() { XCTAssertTrue(holds()) }
            }
            final class ListTests: XCTestCase, Checks {
                func testCount() { testEqual(1, 1) }
            }
            extension ListTests { func testAppend() { XCTAssertTrue(ok) } }
            """
        // When / Then: not the helper, nor the test class's own extension (discovery lists it)
        #expect(
            try neverRun(["List.swift": sources]) == [
                "Checks.testInvariant:8 extensionNotDiscovered", "XCTestCase.testSharedSetup:3 extensionNotDiscovered",
            ])
    }

    @Test("Tests a class inherits from a test class of another module are named, unless it overrides them")
    func inheritedFromOtherModule() throws {
        // Given: the base class in a library target of the package, a subclass in the tests
        let base = """
            import XCTest
            open class ServerTestCase: XCTestCase {
                open func testStarts() { XCTAssertTrue(start()) }
                open func testStops() { XCTAssertTrue(stop()) }
                public func startServer() {}
            }
            """
        let tests = """
            import XCTest
            import Support
            final class HTTPTests: ServerTestCase { func testGet() { XCTAssertTrue(get()) } }
            final class FullTests: ServerTestCase {
                override func testStarts() { super.testStarts() }
                override func testStops() { super.testStops() }
            }
            """
        // When
        let findings = try analyzeSources(["HTTP.swift": tests], packageSources: ["Base.swift": base]).findings
            .filter { $0.kind == .neverRan }
        // Then
        #expect(findings.map { "\($0.testName ?? "-"):\($0.line ?? 0)" } == ["HTTPTests.testStarts:3"])
        #expect(
            findings.first?.message
                == "HTTPTests inherits 2 tests (testStarts(), testStops()) from ServerTestCase, a class of another module (source-Base.swift): on Linux, test discovery lists only the tests its own module declares, so they never run for HTTPTests"
        )
        #expect(findings.first?.finding.cause == .inheritedFromOtherModule)
    }

    @Test("A method switched off by its name that a test calls is a helper: it runs inside that test")
    func switchedOffButCalled() throws {
        // Given Differ 1.4.5's shape: `testCells()` runs `_testCells()`; near misses: one nothing calls, and one
        // only named in a comment
        let xctest = """
            import XCTest
            final class T: XCTestCase {
                func testCells() { self._testCells() }
                func testMoves() { _testMoves() }
                func _testCells() { XCTAssertEqual(f(), 1) }
                func _testMoves() { XCTAssertEqual(f(), 2) }
                func _testRows() { XCTAssertEqual(f(), 3) }
                func xtestColumns() { XCTAssertEqual(f(), 4) }
                // xtestColumns() is off until the grid lands
                func testGrid() { XCTAssertEqual(f(), 5) }
            }
            """
        // When / Then
        #expect(try neverRun(["T.swift": xctest]) == ["T._testRows:7 renamedOff", "T.xtestColumns:8 renamedOff"])
    }

    @Test("Each switched-off test names its cause; a comment above, or a skip's message, is a reason")
    func switchedOffCauses() throws {
        // Given
        let testing = """
            import Testing
            @Test(.disabled()) func a() { #expect(f() == 1) }
            @Test(.enabled(if: false)) func b() { #expect(f() == 1) }
            @Test(.disabled(if: true)) func c() { #expect(f() == 1) }
            @Test(.disabled("the sandbox refuses it")) func d() { #expect(f() == 1) }
            @Test(.disabled(if: isCI)) func e() { #expect(f() == 1) }
            @Test(.enabled(if: false, "Skipped until we decide on the rules")) func g() { #expect(f() == 1) }
            """
        let xctest = """
            import XCTest
            final class T: XCTestCase {
                func testA() throws { throw XCTSkip() }
                func xtestB() { XCTAssertTrue(ok) }
                func testC() throws { try XCTSkipIf(true, "Memory blows up: suspend does not stop traffic") }
                func testD() throws { try XCTSkipIf(true) }
                func testE() throws { throw XCTSkip("") }
            }
            """
        let spec = """
            import Quick
            import Nimble
            final class CartSpec: QuickSpec {
                override class func spec() {
                    describe("a cart") {
                        xit("discounts") { expect(total()).to(equal(2)) }
                        // Waits for the pricing service (issue 12).
                        xit("refunds") { expect(total()).to(equal(0)) }
                        pending("taxes") {}
                    }
                    // Rounding is being rewritten.
                    xdescribe("rounding") { it("rounds") { expect(total()).to(equal(3)) } }
                }
            }
            """
        // A test that always skips checks nothing on purpose, with a reason or without: no noAssertion
        #expect(try analyzedFindings(.noAssertion, in: ["T.swift": xctest]) == [])
        // When / Then
        #expect(
            try neverRun(["S.swift": testing, "T.swift": xctest, "CartSpec.swift": spec]) == [
                "CartSpec.a cart discounts:6 pendingWithoutReason", "CartSpec.a cart taxes:9 pendingWithoutReason",
                "T.testA:3 alwaysSkips", "T.testD:6 alwaysSkips", "T.testE:7 alwaysSkips", "T.xtestB:4 renamedOff",
                "a:2 disabledWithoutReason",
                "b:3 conditionAlwaysFalse", "c:4 conditionAlwaysFalse",
            ])
    }

    @Test("A bare `return` opening a test switches it off: one finding, none in the code that never runs after it")
    func returnsFirst() throws {
        // Given DNS 1.2.0's fuzz tests, switched off by a `return` above their loops, and near misses: a reason
        // above the `return`, a `return` under a condition, and one after a check, whose check still counts
        let xctest = """
            import XCTest
            final class T: XCTestCase {
                func testA() {
                    return
                    for _ in 0..<1_000_000 {
                        print(data.hex)
                        do { _ = try Message(deserialize: random()) } catch {}
                        XCTAssertEqual(IPv4("10.0.1.2")!.bytes, 4)
                    }
                }
                func testB() {
                    // Too slow for CI: run it by hand.
                    return
                    let value = f()
                    XCTAssertEqual(value, 1)
                }
                func testC() {
                    if skip() { return }
                    print(f())
                    XCTAssertEqual(f(), 1)
                }
                func testD() {
                    XCTAssertEqual(try! f(), 1)
                    return
                    let value = f()
                    print(value)
                }
                func testF() {
                    return
                    print(f())
                }
            }
            """
        let testing = """
            import Testing
            @Test func e() {
                return
                let value = try! f()
                #expect(value == 1)
            }
            """
        // When
        let findings = try analyzeSources(["T.swift": xctest, "S.swift": testing]).findings
        let shown = findings.map { "\($0.testName ?? "-"):\($0.line ?? 0) \($0.kind.rawValue)" }.sorted()
        // Then the opening `return`s are ignored tests and nothing after them is found; the print under a
        // condition and the trap before a `return` are, and so is the print a `return` on the line above returns
        // (`return print(f())`, as Swift reads it)
        #expect(
            shown == [
                "T.testA:3 ignoredTest", "T.testC:19 redundantPrint", "T.testD:23 trapInTest",
                "T.testF:28 noAssertion", "T.testF:30 redundantPrint", "e:2 ignoredTest",
            ])
        #expect(
            findings.first { $0.testName == "T.testA" }?.message
                == "T.testA returns before anything runs (a bare `return` opens its body, with no comment saying why): its checks never run"
        )
        #expect(findings.first { $0.testName == "T.testA" }?.finding.cause == .returnsFirst)
    }

    @Test("A fuzz test checks that odd input does not crash: no noAssertion, and a `try?` there is an accepted outcome")
    func fuzzTest() throws {
        // Given DNS 1.2.0's fuzz test, and near misses: a name of another word (`Fuzzy`), and one for not throwing
        let xctest = """
            import XCTest
            final class T: XCTestCase {
                func testDeserializeFuzzMessages() {
                    _ = try? Message(deserialize: data) // should either deserialize or throw, but not sigfault
                }
                func testFuzzyMatch() {
                    _ = try? match("a", "b")
                }
                func testParseDoesNotThrow() {
                    _ = try? parse("a")
                }
                func testCompileNestedSections() {
                    _ = try? compile("{{#a}}{{/a}}")
                }
            }
            """
        // When
        let findings = try analyzeSources(["T.swift": xctest]).findings
        let shown = findings.map { "\($0.testName ?? "-") \($0.kind.rawValue)" }.sorted()
        // Then
        #expect(
            shown == [
                "T.testCompileNestedSections swallowedError", "T.testFuzzyMatch noAssertion",
                "T.testFuzzyMatch swallowedError", "T.testParseDoesNotThrow swallowedError",
            ])
    }

    @Test("The JSON names the cause of a never-run finding; any other finding's cause is null")
    func causeInJSON() throws {
        // Given
        let neverRan = Finding(cause: .missingTestAttribute, file: "Tests/T.swift", line: 3, message: "m")
        let slow = Finding(kind: .slowTest, message: "m")
        // When
        let written = String(decoding: try JSONEncoder().encode([neverRan, slow]), as: UTF8.self)
        let read = try JSONDecoder().decode([Finding].self, from: Data(written.utf8))
        // Then
        #expect(written.components(separatedBy: "\"cause\":\"missingTestAttribute\"").count == 2)
        #expect(written.components(separatedBy: "\"cause\":null").count == 2)
        #expect(read.map(\.cause) == [.missingTestAttribute, nil])
        #expect(read.first?.kind == .neverRan)
    }
}
