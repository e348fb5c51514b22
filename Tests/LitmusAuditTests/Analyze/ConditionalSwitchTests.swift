import Foundation
import Testing

@testable import LitmusAudit

/// conditionalTestLogic's `switch`: a case that traps or calls the test's own checking function checks, and
/// a silent `default` of a switch over a loop's counter that the test checks after the loop never runs.
@Suite("conditionalTestLogic: switches that cannot skip their checks")
struct ConditionalSwitchTests {

    @Test("A switch over a counter checked after the loop runs each case once; a silent default otherwise skips")
    func countedSwitch() throws {
        // Given CSV.swift's shape (`switch i { case 0: …; case 1: …; default: break }`, `i += 1`, then
        // `XCTAssertEqual(i, 2)`), and near misses: the end not checked, a count past the cases, a counter
        // changed twice, and one that does not start at zero
        let methods = """
            func testA() { var i = 0; for r in rows() { switch i { case 0: XCTAssertEqual(r, 1); case 1: XCTAssertEqual(r, 2); default: break }; i += 1 }; XCTAssertEqual(i, 2) }
            func testB() { var i = 0; for r in rows() { switch i { case 0: XCTAssertEqual(r, 1); default: break }; i += 1 } }
            func testC() { var i = 0; for r in rows() { switch i { case 0: XCTAssertEqual(r, 1); default: break }; i += 1 }; XCTAssertEqual(i, 2) }
            func testD() { var i = 0; for r in rows() { switch i { case 0: XCTAssertEqual(r, 1); default: break }; i += 1; i += 1 }; XCTAssertEqual(i, 1) }
            func testE() { var i = 1; for r in rows() { switch i { case 1: XCTAssertEqual(r, 1); default: break }; i += 1 }; XCTAssertEqual(i, 1) }
            func testF() { var i = 0; for r in rows() { switch i { case 0, 1: XCTAssertEqual(r, 1); default: break }; i += 1 }; XCTAssertEqual(2, i) }
            """
        // Then only the counted switches whose cases name every count are left alone
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == ["testB:4", "testC:5", "testD:6", "testE:7"])
    }

    @Test("A case that traps, fails or calls the test's local checking function checks; a silent case skips")
    func checkingCases() throws {
        // Given swift-argument-parser's MirrorTests (each case calls the test's nested `check`) and
        // swift-openapi-urlsession's `case .produceMore: preconditionFailure()`, and a local function that
        // checks nothing
        let methods = """
            func testA() { func check(_ v: Int) { XCTAssertEqual(v, 1) }; for c in kids() { switch c.label { case "a": check(c.value); default: XCTFail("unexpected") } } }
            func testB() { switch source.write() { case .enqueued: XCTAssertTrue(flag); case .produceMore: preconditionFailure() } }
            func testC() { func note(_ v: Int) { print(v) }; for c in kids() { switch c.label { case "a": XCTAssertEqual(c.value, 1); default: note(c.value) } } }
            """
        // Then only the switch whose other case notes silently is conditional logic
        #expect(try xctestFindings(.conditionalTestLogic, methods) == ["testC:5"])
    }

    @Test("A check's error thrown out of the test fails it as XCTFail does; one a `do` catches is a skippable check")
    func thrownCheckError() throws {
        // Given apple/swift-distributed-actors 0.7.1's RemotingHandshakeStateMachineTests: `case .rejectHandshake: throw
        // shouldNotHappen("…")`, a testkit function that records a failure (unless told not to) and returns the error to
        // throw; near misses:
        // the same error thrown into a `do` that catches it, and the testkit's check called (not thrown) in a case
        let kit = """
            import XCTest
            struct KitError: Error {}
            var repeating = false
            func shouldNotHappen(_ message: String) -> Error { if !repeating { XCTFail(message) }; return KitError() }
            func shouldBeOne(_ value: Int) { XCTAssertEqual(value, 1) }
            """
        let tests = """
            import XCTest
            final class T: XCTestCase {
                func testA() throws { let c: Int; switch negotiate() { case .accept(let s): c = s; case .reject: throw shouldNotHappen("no") }; shouldBeOne(c) }
                func testB() throws { switch negotiate() { case .accept: break; case .reject: do { throw shouldNotHappen("no") } catch { print(error) } } }
                func testC() throws { switch negotiate() { case .accept: break; case .reject: shouldBeOne(value) } }
            }
            """
        // Then only the caught error and the called check are reported
        let found = try analyzedFindings(.conditionalTestLogic, in: ["Kit.swift": kit, "T.swift": tests])
        #expect(found == ["T.testB:4", "T.testC:5"], "\(found)")
    }
}
