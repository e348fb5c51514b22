import Foundation
import Testing

@testable import LitmusUI

/// The environment variable that makes this test binary, run again as a child process, run the fixture
/// UI test that fails (``TraceUITests/failingJourney()``).
private let childVariable = "LITMUS_UI_TRACE_CHILD"
private let isChild = ProcessInfo.processInfo.environment[childVariable] == "1"

@Suite(
    "A failed UI test leaves a trace to step through, opened in Chromium", .tags(.endToEnd), .serialized,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct TraceUITests {
    @Test(
        "A failing UI test's trace lists every step, shows a step's screenshot and DOM, the console and the network",
        .enabled(if: !isChild, "this is the child process"),
        .enabled(if: canRunFixtureProcess, "runs its fixture as a child process, which needs Linux"))
    func failingTestLeavesTrace() async throws {
        // Given: the fixture test, run alone in a process of its own, failed and said where its trace is
        let fixture = try await FailingFixture.run("TraceUITests/failingJourney", selectedBy: childVariable)
        defer { fixture.remove() }
        #expect(fixture.failed, "the fixture test passed:\n\(fixture.output)")
        let path = try #require(fixture.tracePath, "it named no trace:\n\(fixture.output)")
        #expect(
            try fixture.attachment(named: "ui-trace.html") == (try Data(contentsOf: URL(fileURLWithPath: path))),
            "the trace was not attached to the Swift Testing test as written")

        // When
        try await openTrace(path) { (sut: XCUIApplication) async throws in
            // Then: the timeline lists every step, the failed one last and selected
            let timeline = sut.tables["Timeline"].cells
            #expect(try await timeline.count == 5)
            #expect(try await timeline.element(boundBy: 0).label.hasPrefix("1. launch “http://127.0.0.1:"))
            #expect(
                try await timeline.element(boundBy: 1).label.hasPrefix(#"2. typeText app.textFields["Item"] “milk”"#))
            #expect(try await timeline.element(boundBy: 2).label.hasPrefix(#"3. tap app.buttons["Add"]"#))
            #expect(
                try await timeline.element(boundBy: 3).label.hasPrefix(#"4. exists app.staticTexts["1 item"] “true”"#))
            #expect(try await timeline.element(boundBy: 4).label.hasSuffix("· failed"))
            #expect(try await sut.staticTexts["step-title"].label == #"Step 5. tap app.buttons["Check out"] (failed)"#)

            // Then: the failed step shows the screenshot taken at the failure
            #expect(try await sut.images["Screenshot after step 5"].exists)

            // Then: an action shows the DOM it found, its element outlined, and the DOM it left
            try await sut.buttons["step-3"].tap()
            #expect(try await sut.staticTexts["step-title"].label == #"Step 3. tap app.buttons["Add"]"#)
            let frames = try await domFrames(of: sut) { frames in
                frames.contains { $0.marked == "button: Add" } && frames.contains { $0.tree.contains("1 item") }
            }
            let found = try #require(frames.first { $0.marked != nil }, "no frame outlines an element: \(frames)")
            #expect(found.marked == "button: Add")
            #expect(found.tree.contains(#"- textbox "Item": "milk""#), "\(found.tree)")
            #expect(found.tree.contains(#"- status: "No items""#), "\(found.tree)")
            let left = try #require(frames.first { $0.marked == nil }, "no frame shows the page after it: \(frames)")
            #expect(left.tree.contains(#"- status: "1 item""#), "\(left.tree)")
            #expect(left.tree.contains(#"- listitem [level=1]: "milk""#), "\(left.tree)")

            // Then: the console and network panes hold the page's messages and requests
            let console = try await labels(of: sut.tables["Console"].cells)
            #expect(console.contains { $0.hasSuffix("log shopping list ready") }, "\(console)")
            #expect(console.contains { $0.hasSuffix("warning adding milk") }, "\(console)")
            let network = try await labels(of: sut.tables["Network"].cells)
            #expect(network.contains { $0.contains("GET http://127.0.0.1:") && $0.contains("/ 200") }, "\(network)")
            #expect(
                network.contains { $0.contains("POST http://127.0.0.1:") && $0.contains("/api/items 200") },
                "\(network)")
        }
    }

    /// The fixture: a UI test that fails at its fifth step, tapping a button the page does not have.
    @Test(
        "(child process of the trace test: a UI test that fails, run only when started by it)",
        .enabled(if: isChild, "runs only as a child process"))
    func failingJourney() async throws {
        try await ShoppingListPage.serving { url in
            let app = XCUIApplication(url: url)
            app.timeout = .seconds(20)  // the last tap fails after it; a busy machine needs the others to have time
            try await app.run { (sut: XCUIApplication) async throws in
                try await sut.textFields["Item"].typeText("milk")
                try await sut.buttons["Add"].tap()
                #expect(try await sut.staticTexts["1 item"].exists)
                try await sut.buttons["Check out"].tap()
            }
        }
    }

    @Test("With traces on failure, a passing test leaves no trace", .enabled(if: !isChild))
    func passingTestLeavesNone() async throws {
        // Given
        let before = writtenTraces(named: "passingTestLeavesNone")

        // When
        try await ShoppingListPage.serving { url in
            let sut = XCUIApplication(url: url)
            sut.traceMode = .failure
            try await sut.run { app in try await app.buttons["Add"].tap() }
        }

        // Then
        #expect(writtenTraces(named: "passingTestLeavesNone") == before)
    }

    @Test(
        "With traces on, a passing test leaves one, listing its steps with a screenshot after each action",
        .enabled(if: !isChild))
    func traceOn() async throws {
        // Given
        let before = writtenTraces(named: "traceOn")

        // When
        try await ShoppingListPage.serving { url in
            let sut = XCUIApplication(url: url)
            sut.traceMode = .on
            try await sut.run { app in try await app.buttons["Add"].tap() }
        }

        // Then
        let written = writtenTraces(named: "traceOn").subtracting(before)
        #expect(written.count == 1)
        for path in written {
            let html = try String(contentsOfFile: path, encoding: .utf8)
            #expect(html.contains(#""kind":"tap""#))
            #expect(html.contains(#""mime":"image\/jpeg""#), "no screenshot after the tap")
            #expect(html.contains(#"<title>UI trace: With traces on, a passing test leaves one"#))
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test(
        "The DOMs a trace keeps have no script, handler, password or hidden value, and mark the step's element",
        .enabled(if: !isChild))
    func domCopies() async throws {
        // Given
        let before = writtenTraces(named: "domCopies")
        let sut = page(
            """
            <form onsubmit="return false"><input type="password" aria-label="Password">
            <input type="hidden" name="token" value="s3cret-token">
            <button onclick="document.title = 'tapped'">Go</button> <a href="javascript:alert(1)">Help</a></form>
            <script>window.ran = true;</script><noscript>Turn JavaScript on</noscript>
            """)
        sut.traceMode = .on

        // When
        try await sut.run { app in
            try await app.secureTextFields["Password"].typeText("hunter2")
            try await app.buttons["Go"].tap()
        }

        // Then
        let written = writtenTraces(named: "domCopies").subtracting(before)
        let path = try #require(written.first)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!html.contains("hunter2") && !html.contains("s3cret-token"), "a secret was written to the trace")
        let all = (try traceData(in: html)["doms"].array?.compactMap(\.string) ?? []).joined(separator: "\n")
        for kept in ["<script", "onclick", "onsubmit", "javascript:", "<noscript"] {
            #expect(!all.contains(kept), "a trace's DOM holds \(kept)")
        }
        #expect(all.contains(#"value="•••••••""#))
        #expect(all.contains(#"<button data-litmus-target="">Go</button>"#))
    }

    @Test(
        "terminate(testFailed: true), as an XCTest's tearDown calls it, keeps a passing app's trace, saying so",
        .enabled(if: !isChild))
    func tearDownSaysFailed() async throws {
        // Given: an app whose steps all passed, in a test its framework failed (an XCTAssert LitmusUI cannot see)
        let before = writtenTraces(named: "tearDownSaysFailed")
        try await ShoppingListPage.serving { url in
            let sut = XCUIApplication(url: url)
            sut.traceMode = .failure
            try await sut.launch()
            try await sut.buttons["Add"].tap()

            // When
            try await sut.terminate(testFailed: true)
        }

        // Then
        let written = writtenTraces(named: "tearDownSaysFailed").subtracting(before)
        #expect(written.count == 1)
        let path = try #require(written.first, "no trace was kept")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try traceData(in: try String(contentsOfFile: path, encoding: .utf8))
        #expect(data["failure"]["message"] == "The test failed (its tearDown said so).")
        #expect(data["steps"].array?.compactMap { $0["kind"].string } == ["launch", "tap"])
    }

    @Test("With traces off, a failed action names no trace", .enabled(if: !isChild))
    func traceOff() async throws {
        let sut = page("<button>Go</button>", timeout: .milliseconds(200))
        sut.traceMode = .off

        let error = await #expect(throws: XCUIElementError.self) {
            try await sut.run { app in try await app.buttons["Stop"].tap() }
        }

        #expect(error != nil)
        #expect(error?.tracePath == nil)
    }

    @Test(
        "A screenshot of a trace is taken (docs/images/ui-trace.png with LITMUS_UPDATE_SCREENSHOTS=1)",
        .enabled(if: !isChild))
    func screenshot() async throws {
        // Given: a trace written in this process by a journey that failed
        let error = try await ShoppingListPage.serving { url in
            let app = XCUIApplication(url: url)
            app.timeout = .seconds(20)  // the last tap fails after it; a busy machine needs the others to have time
            app.traceMode = .on  // a screenshot after each action, for the picture
            return await #expect(throws: XCUIElementError.self) {
                try await app.run { (sut: XCUIApplication) async throws in
                    try await sut.textFields["Item"].typeText("milk")
                    try await sut.buttons["Add"].tap()
                    try await sut.buttons["Check out"].tap()
                }
            }
        }
        let path = try #require(error?.tracePath)
        defer { try? FileManager.default.removeItem(atPath: path) }

        try await openTrace(path) { (sut: XCUIApplication) async throws in
            // When
            try await sut.buttons["step-3"].tap()
            let png = try await sut.screenshot().pngRepresentation

            // Then
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            if ProcessInfo.processInfo.environment["LITMUS_UPDATE_SCREENSHOTS"] == "1" {
                let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("docs/images/ui-trace.png")
                try png.write(to: docs)
            }
        }
    }

    /// Opens the trace at `path` in Chromium (recording no trace of its own) for `body`.
    private func openTrace(_ path: String, _ body: (XCUIApplication) async throws -> Void) async throws {
        let viewer = XCUIApplication(url: URL(fileURLWithPath: path))
        viewer.traceMode = .off
        try await viewer.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.tables["Timeline"].waitForExistence(timeout: 120))
            try await body(sut)
        }
    }

    private func labels(of query: XCUIElementQuery) async throws -> [String] {
        var labels: [String] = []
        for element in try await query.allElementsBoundByIndex { labels.append(try await element.label) }
        return labels
    }
}
