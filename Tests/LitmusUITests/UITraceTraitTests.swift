import Foundation
import Testing

@testable import LitmusUI

/// The environment variable that makes this test binary, run again as a child process, run the fixture
/// test whose `#expect` fails (``UITraceTraitTests/failingExpectation()``).
private let childVariable = "LITMUS_UI_TRACE_TRAIT_CHILD"
private let isChild = ProcessInfo.processInfo.environment[childVariable] == "1"

@Suite(
    "Under .uiTrace a test's traces are kept when it fails, whatever failed it", .tags(.endToEnd), .serialized,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct UITraceTraitTests {
    @Test(
        "An #expect that fails in a test under .uiTrace keeps the trace of its app, the expectation as its failure",
        .enabled(if: !isChild, "this is the child process"),
        .enabled(if: canRunFixtureProcess, "runs its fixture as a child process, which needs Linux"))
    func failedExpectationKeepsTrace() async throws {
        // When: the fixture test, run alone in a process of its own, failed an #expect after every step passed
        let fixture = try await FailingFixture.run("UITraceTraitTests/failingExpectation", selectedBy: childVariable)
        defer { fixture.remove() }

        // Then
        #expect(fixture.failed, "the fixture test passed:\n\(fixture.output)")
        let path = try #require(fixture.tracePath, "it named no trace:\n\(fixture.output)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            html.contains(#"Expectation failed: try await app.staticTexts[\"3\"].exists (UITraceTraitTests.swift:"#),
            "\(html.prefix(2000))")
    }

    /// The fixture: a test under `.uiTrace` whose app passes every step, and whose `#expect` fails.
    @Test(
        "(child process of the trait test: an #expect that fails, run only when started by it)", .uiTrace,
        .enabled(if: isChild, "runs only as a child process"))
    func failingExpectation() async throws {
        try await page("<output>2</output>").run { (app: XCUIApplication) async throws in
            #expect(try await app.staticTexts["3"].exists)
        }
    }

    @Test("A LitmusUI failure the test expected leaves no trace once the test has passed", .enabled(if: !isChild))
    func expectedFailureLeavesNone() async throws {
        // Given
        let before = writtenTraces(named: "expectedFailureLeavesNone")
        let sut = UITraceTrait()

        // When
        try await sut.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let app = page("<button>Go</button>", timeout: .milliseconds(200))
            app.traceMode = .failure
            await #expect(throws: XCUIElementError.self) {
                try await app.run { app in try await app.buttons["Stop"].tap() }
            }
        }

        // Then
        #expect(writtenTraces(named: "expectedFailureLeavesNone") == before)
    }
}
