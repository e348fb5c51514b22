import Foundation
import LitmusJSON
import Testing

@testable import LitmusUI

/// What a launch's recorder keeps for its trace, without a browser: steps, the frame each shows, DOMs,
/// the failure. Frames carry the wall-clock time they were painted at, as Chromium's screencast sends them.
@Suite("A trace recorder keeps each step with the first frame painted after it")
struct TraceRecorderTests {
    private func recorder() -> TraceRecorder {
        TraceRecorder(mode: .failure, test: "a test", name: "aTest()", url: "http://127.0.0.1:1/")
    }

    private func frame(_ data: String, paintedAt time: Double) -> JSONValue {
        ["data": .string(data), "sessionId": 1, "metadata": ["timestamp": .number(time)]]
    }

    private var now: Double { Date().timeIntervalSince1970 }

    @Test("A step shows the first frame painted after it ended, not one painted before")
    func frameAfterStep() {
        // Given
        let sut = recorder()
        let start = sut.begin()
        sut.receive("Page.screencastFrame", frame("before", paintedAt: now - 60))
        sut.record(start, "tap", element: "app.buttons[\"7\"]")

        // When
        sut.receive("Page.screencastFrame", frame("after", paintedAt: now + 60))
        sut.receive("Page.screencastFrame", frame("later", paintedAt: now + 120))

        // Then
        let document = sut.document()
        #expect(document.steps.first?.screenshot.map { document.screenshots[$0].base64 } == "after")
    }

    @Test("A step after which nothing was painted before the next began shows the page as it was")
    func nothingPainted() {
        // Given: a frame, then a step that changed nothing, then the next step
        let sut = recorder()
        sut.receive("Page.screencastFrame", frame("page", paintedAt: now - 60))
        sut.record(sut.begin(), "exists", element: "app.buttons[\"7\"]", detail: "true")
        let next = sut.begin()

        // When: the next step paints
        sut.receive("Page.screencastFrame", frame("next step's", paintedAt: now + 60))
        sut.record(next, "tap", element: "app.buttons[\"8\"]")

        // Then
        let document = sut.document()
        #expect(
            document.steps.map { $0.screenshot.map { document.screenshots[$0].base64 } } == ["page", "next step's"])
    }

    @Test("A frame shown by several steps is kept once")
    func frameKeptOnce() {
        // Given: two steps that painted nothing
        let sut = recorder()
        let painted = now - 60
        sut.record(sut.begin(), "exists", detail: "true")
        sut.record(sut.begin(), "count", detail: "16")

        // When: the last frame painted before them arrives after them (frames come 80 ms late on a busy machine)
        sut.receive("Page.screencastFrame", frame("page", paintedAt: painted))

        let document = sut.document()
        #expect(document.screenshots.count == 1)
        #expect(document.steps.map(\.screenshot) == [0, 0])
    }

    @Test("The same DOM at two steps is kept once")
    func domKeptOnce() {
        let sut = recorder()
        let page: JSONValue = ["dom": "<!doctype html><html><body>7</body></html>"]

        sut.record(sut.begin(), "exists", page: page)
        sut.record(sut.begin(), "count", page: page)

        let document = sut.document()
        #expect(document.doms == ["<!doctype html><html><body>7</body></html>"])
        #expect(document.steps.map(\.dom) == [0, 0])
    }

    @Test("A failed step is the trace's failure, with the screenshot taken at it")
    func failedStep() {
        let sut = recorder()
        sut.record(sut.begin(), "launch", detail: "http://127.0.0.1:1/")

        sut.record(
            sut.begin(), "tap", element: "app.buttons[\"Pay\"]", error: "tap app.buttons[\"Pay\"] failed",
            screenshot: Data([0x89, 0x50]))

        let document = sut.document()
        #expect(sut.hasFailed)
        #expect(document.failure?.message == "tap app.buttons[\"Pay\"] failed")
        #expect(document.failure?.step == 1)
        #expect(document.screenshots.map(\.mime) == ["image/png"])
    }

    @Test("A failure outside any step is the trace's failure, at no step")
    func failureOutsideSteps() {
        let sut = recorder()

        sut.fail("Expectation failed: total == 3")

        #expect(sut.document().failure?.message == "Expectation failed: total == 3")
        #expect(sut.document().failure?.step == nil)
    }

    @Test("Console messages and requests are kept in the order they came")
    func consoleAndNetwork() {
        let sut = recorder()

        sut.receive("Runtime.consoleAPICalled", ["type": "log", "args": [["type": "string", "value": "ready"]]])
        sut.receive("Network.requestWillBeSent", ["requestId": "1", "request": ["method": "GET", "url": "http://x/"]])
        sut.receive("Runtime.executionContextCreated", ["context": ["id": 1]])

        let document = sut.document()
        #expect(document.console.map(\.text) == ["ready"])
        #expect(document.network.map(\.url) == ["http://x/"])
    }
}
