import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// A call reaches the helpers it can call: by argument labels, and a local function of its own
/// function first (false alarms found on swift-nio 2.101.3's tests).
@Suite("Following helpers by declaration, not by name alone")
struct HelperResolutionTests {
    @Test("assert(x) is the standard library's when the only helper named assert needs a within: label")
    func labels() throws {
        // Given an XCTest helper assert(_:within:) and a @Test calling assert both ways
        let files = [
            "Helpers.swift": """
            import XCTest
            func assert(_ condition: @autoclosure () -> Bool, within seconds: Int, _ message: String = "") {
                if !condition() { XCTFail(message) }
            }
            """,
            "S.swift": """
            import Testing
            struct S {
                @Test func standard() { assert(1 == 1) }
                @Test func helper() {
                    assert(1 == 1, within: 2)
                }
            }
            """,
        ]

        // When they are analyzed
        let sut = try analyzedFindings(.xctestAssertionInSwiftTesting, in: files)

        // Then only the call that fits the helper's labels reaches XCTFail
        #expect(sut == ["S/helper:5"])
    }

    @Test("A local function hides a same-named local function of another test")
    func localFunctions() throws {
        // Given an XCTest method and a @Test, each with its own local check() in its framework
        let files = [
            "X.swift": """
            import XCTest
            final class XTests: XCTestCase {
                func testA() {
                    func check() { XCTAssertEqual(1, 1) }
                    check()
                }
            }
            """,
            "S.swift": """
            import Testing
            struct S {
                @Test func a() {
                    func check() { #expect(1 == 1) }
                    check()
                }
            }
            """,
        ]

        // When they are analyzed, then neither is taken for the other's
        #expect(try analyzedFindings(.xctestAssertionInSwiftTesting, in: files) == [])
        #expect(try analyzedFindings(.expectInXCTest, in: files) == [])
    }

    @Test("A call on self reaches its own type's methods, not a same-named method of an unrelated type")
    func callsOnSelf() throws {
        // Given swift-nio's shapes: a class whose advanceTime sleeps, another whose advanceTime does not, an
        // extension of a library type calling the library's own advanceTime, and near misses
        let files = [
            "T.swift": """
            import XCTest
            final class Sleeping: XCTestCase {
                func advanceTime(by amount: Int) { usleep(1000) }
                func testA() { self.advanceTime(by: 1); XCTAssertTrue(fired) }
            }
            final class Virtual: XCTestCase {
                func advanceTime(by amount: Int) { loop.run() }
                func testB() { self.advanceTime(by: 1); XCTAssertTrue(fired) }
                func testC() { advanceTime(by: 1); XCTAssertTrue(fired) }
                func testD() { loop.advanceTime(by: 1); XCTAssertTrue(fired) }
            }
            extension EmbeddedEventLoop {
                func advanceTimeForTests(by amount: Int) { self.advanceTime(by: amount) }
            }
            final class Embedded: XCTestCase {
                func testE() { loop.advanceTimeForTests(by: 1); XCTAssertTrue(fired) }
            }
            class Base: XCTestCase {
                func advanceTime(by amount: Int) { loop.run() }
                func testF() { advanceTime(by: 1); XCTAssertTrue(fired) }
            }
            final class Real: Base {
                override func advanceTime(by amount: Int) { usleep(1000) }
            }
            extension XCTestCase {
                func pause() { sleep(1) }
            }
            final class Pausing: XCTestCase {
                func testG() { self.pause(); XCTAssertTrue(fired) }
            }
            """
        ]

        // When they are analyzed
        let sut = try analyzedFindings(.sleepInTest, in: files)

        // Then the sleeping class's own call, the base class's call that a subclass's sleeping override answers,
        // and a method of an extension of XCTestCase wait; the calls of the class that advances virtual time, of
        // another value (no helper of the test's: `loop.advanceTime`), and of the library loop's own method, do not
        #expect(sut == ["Sleeping.testA:4", "Base.testF:20", "Pausing.testG:29"])
    }

    @Test("Work a test waits for through a helper named for waiting is awaited")
    func waitingHelper() throws {
        // Given an assertion in async work inside a closure that runAndWait waits for
        let source = """
            import XCTest
            final class XTests: XCTestCase {
                func testA() throws {
                    try runAndWait {
                        DispatchQueue.global().async { XCTAssertEqual(1, 1) }
                    }
                }
                func testB() {
                    DispatchQueue.global().async { XCTAssertEqual(1, 1) }
                }
            }
            """

        // When it is analyzed, then only the test that waits for nothing is found
        #expect(try analyzedFindings(.unawaitedAssertion, in: ["X.swift": source]) == ["XTests.testB:9"])
    }

    @Test("A call of a closure's or function's parameter is no helper of the same name")
    func parameterIsNoHelper() throws {
        // Given swift-composable-architecture 1.25.5's shape: a checking helper named send, and a reducer's effect
        // calling the send it is handed, only in one case of a switch
        let files = [
            "Helpers.swift": """
            import XCTest
            func send(_ action: Int, file: StaticString = #filePath) { XCTAssertGreaterThan(action, 0, file: file) }
            """,
            "T.swift": """
            import XCTest
            final class T: XCTestCase {
                func testEffect() async {
                    let reducer = Reduce { action in
                        switch action {
                        case 1: return .run { send in await send(2) }
                        default: return .none
                        }
                    }
                    XCTAssertNotNil(reducer)
                }
                func testHelper() async {
                    switch mode {
                    case 1: send(2)
                    default: break
                    }
                }
                func handle(send: (Int) -> Void) { if ok { send(1) } }
            }
            """,
        ]

        // When they are analyzed
        let sut = try analyzedFindings(.conditionalTestLogic, in: files)

        // Then the handed send is no check that a case can skip; the helper called in one case is
        #expect(sut == ["T.testHelper:14"])
    }

    @Test(
        "A helper whose XCTFail is under an if on a Bool parameter reaches none from a call giving it false; given true, left at its default, or with a failure outside the if, it does"
    )
    func failureGatedByParameter() throws {
        // Given PostHog/posthog-ios 3.69.3's `getBatchedEvents(_:timeout:failIfNotCompleted:)`, whose XCTFail is under
        // `if result != .completed, failIfNotCompleted` (8 read false on first contact), and near misses: the flag
        // given true or left at its default, a helper with a failure outside the if, one that assigns its flag, one that
        // binds its name again
        let files = [
            "Helpers.swift": """
            import XCTest
            func events(_ server: Server, failIfNotCompleted: Bool = true) -> [Event] {
                let result = XCTWaiter.wait(for: [server.expectation], timeout: 1)
                if result != .completed, failIfNotCompleted {
                    XCTFail("The expected requests never arrived")
                }
                return server.events
            }
            func strict(_ server: Server, failIfEmpty: Bool = true) -> [Event] {
                if server.events.isEmpty, failIfEmpty { XCTFail("empty") }
                XCTAssertNotNil(server.last)
                return server.events
            }
            func rebound(_ server: Server, fail: Bool) -> [Event] {
                let fail = fail || server.strict
                if fail { XCTFail("empty") }
                return server.events
            }
            func overridden(_ server: Server, fail: Bool) -> [Event] {
                var fail = fail
                fail = server.strict
                if fail { XCTFail("empty") }
                return server.events
            }
            """,
            "S.swift": """
            import Testing
            struct S {
                @Test func off() { #expect(events(server, failIfNotCompleted: false).count == 1) }
                @Test func on() { #expect(events(server, failIfNotCompleted: true).count == 1) }
                @Test func byDefault() { #expect(events(server).count == 1) }
                @Test func outside() { #expect(strict(server, failIfEmpty: false).count == 1) }
                @Test func assigned() { #expect(overridden(server, fail: false).count == 1) }
                @Test func bound() { #expect(rebound(server, fail: false).count == 1) }
            }
            """,
        ]

        // When they are analyzed
        let sut = try analyzedFindings(.xctestAssertionInSwiftTesting, in: files)

        // Then only the call giving the gating flag false reaches no XCTest failure
        #expect(sut == ["S/on:4", "S/byDefault:5", "S/outside:6", "S/assigned:7", "S/bound:8"])
    }
}
