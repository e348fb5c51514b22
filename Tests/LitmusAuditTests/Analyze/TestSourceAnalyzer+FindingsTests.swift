import Testing

@testable import LitmusAudit

/// What the analysis finds in a test's body besides its smells (TestSourceAnalyzer+Findings.swift): here, the
/// checks a test's XCTest class makes after it.
@Suite("Findings of a test's body: the checks its class makes in tearDown")
struct TestSourceAnalyzerFindingsTests {
    @Test(
        "A test whose class checks in tearDown is checked after it runs; a tearDown that only cleans up checks nothing")
    func tearDownChecks() throws {
        // Given: apple/swift-atomics 1.3.0's StrongReferenceRace shape, a race whose tearDown asserts no leak
        let source = """
            import XCTest
            final class RaceTests: XCTestCase {
                override func tearDown() { XCTAssertEqual(Node.instances, 0, "Leak") }
                func testLoad() { race(iterations: 10) }
            }
            final class CleanTests: XCTestCase {
                override func tearDown() { Node.reset() }
                func testLoad() { race(iterations: 10) }
            }
            final class PlainTests: XCTestCase {
                func testLoad() { race(iterations: 10) }
            }
            final class OnceTests: XCTestCase {
                override class func tearDown() { XCTAssertEqual(Pool.open, 0) }
                func testLoad() { race(iterations: 10) }
            }
            final class NoThrowTests: XCTestCase {
                override func tearDownWithError() throws { XCTAssertNoThrow(try Node.removeAll()) }
                func testLoad() { race(iterations: 10) }
            }
            final class OwnTearDownTests: XCTestCase {
                func tearDown() { XCTAssertEqual(Node.instances, 0) }
                func testLoad() { race(iterations: 10) }
            }
            """
        let suite = """
            import Testing
            class Base { func tearDown() {} }
            @Suite final class RaceSuite: Base {
                override func tearDown() { #expect(Node.instances == 0) }
                @Test func load() { race(iterations: 10) }
            }
            """
        // When
        let found = try analyzedFindings(.noAssertion, in: ["RaceTests.swift": source, "RaceSuite.swift": suite])
        // Then: only RaceTests' per-test tearDown checks its test; a class-level tearDown runs once, a clean-up
        // that checks it did not throw checks nothing, a method that overrides nothing is never called by XCTest,
        // and Swift Testing calls no tearDown
        #expect(
            Set(found) == [
                "CleanTests.testLoad:8", "PlainTests.testLoad:11", "OnceTests.testLoad:15", "NoThrowTests.testLoad:19",
                "OwnTearDownTests.testLoad:23", "RaceSuite/load:5",
            ])
    }
}
