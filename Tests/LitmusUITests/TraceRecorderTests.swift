import Foundation
import LitmusJSON
import Testing

@testable import LitmusUI

/// What a launch's recorder keeps for its trace, without a browser: steps, their DOMs and screenshots, the
/// failure, console messages and requests.
@Suite("A trace recorder keeps each step with the page as the step found it and left it")
struct TraceRecorderTests {
    private func recorder(_ mode: UITraceMode = .failure, environment: [String: String] = [:]) -> TraceRecorder {
        TraceRecorder(mode: mode, test: "a test", name: "aTest()", url: "http://127.0.0.1:1/", environment: environment)
    }

    @Test("An action keeps the DOM it found, its element's box, and the DOM once it settled")
    func domsOfAnAction() {
        // Given
        let sut = recorder()

        // When
        sut.record(
            sut.begin(), "tap", element: "app.buttons[\"7\"]",
            page: ["dom": "<p>before</p>", "rect": ["x": 1, "y": 2, "width": 30, "height": 20]],
            after: ["dom": "<p>after</p>"])

        // Then
        let document = sut.document()
        #expect(document.steps.first?.dom.map { document.doms[$0] } == "<p>before</p>")
        #expect(document.steps.first?.domAfter.map { document.doms[$0] } == "<p>after</p>")
        #expect(document.steps.first?.rect?.width == 30)
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

    @Test("A screenshot attached to a step shows there, as a JPEG")
    func attachedScreenshot() {
        let sut = recorder()
        let step = sut.record(sut.begin(), "tap", element: "app.buttons[\"7\"]")

        sut.attach(screenshot: "/9j/4AAQ", toStep: step)

        let document = sut.document()
        #expect(document.steps.first?.screenshot == 0)
        #expect(document.screenshots.first?.mime == "image/jpeg")
        #expect(document.screenshots.first?.base64 == "/9j/4AAQ")
    }

    @Test("Screenshots still on their way are waited for before the trace is written")
    func screenshotsAwaited() async {
        // Given: a screenshot that comes after a while
        let sut = recorder()
        let step = sut.record(sut.begin(), "tap")
        let (arrived, arrive) = AsyncStream<Void>.makeStream()
        sut.takeScreenshot {
            for await _ in arrived { break }
            sut.attach(screenshot: "late", toStep: step)
        }

        // When
        arrive.yield()
        await sut.awaitScreenshots()

        // Then
        #expect(sut.document().screenshots.map(\.base64) == ["late"])
    }

    @Test("A screenshot is taken once the one asked for before it is taken, never at the same time")
    func screenshotsOneAtATime() async {
        // Given: a first screenshot that has not come yet
        let sut = recorder()
        let first = sut.record(sut.begin(), "tap")
        let second = sut.record(sut.begin(), "tap")
        let (arrived, arrive) = AsyncStream<Void>.makeStream()
        sut.takeScreenshot {
            for await _ in arrived { break }
            sut.attach(screenshot: "first", toStep: first)
        }

        // When: the second is asked for, then the first comes
        sut.takeScreenshot { sut.attach(screenshot: "second", toStep: second) }
        arrive.yield()
        await sut.awaitScreenshots()

        // Then
        #expect(sut.document().screenshots.map(\.base64) == ["first", "second"])
    }

    @Test("With on, actions are followed by screenshots; with failure only when LITMUS_UI_TRACE_SCREENSHOTS=1")
    func screenshotsAfterActions() {
        #expect(recorder(.on).screenshotsAfterActions)
        #expect(!recorder(.failure).screenshotsAfterActions)
        #expect(recorder(.failure, environment: ["LITMUS_UI_TRACE_SCREENSHOTS": "1"]).screenshotsAfterActions)
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

    @Test("Console messages and requests are kept in the order they came; other events are not")
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
