import Foundation
import LitmusJSON
import Testing

@testable import LitmusUI

@Suite(
    "Taps and page calls go straight to Chromium's DevTools, or through chromedriver without it", .tags(.endToEnd),
    .serialized, .uiTrace, .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct DirectDevToolsTests {
    private static let button = URL(
        string: "data:text/html;base64,"
            + Data(#"<!doctype html><button id="b" onclick="this.textContent = 'tapped'">tap me</button>"#.utf8)
            .base64EncodedString())!

    @Test("A tap, a call that returns and one that waits work the same over either path", arguments: [true, false])
    func bothPaths(direct: Bool) async throws {
        try await withSession { pooled in try await tapAndCall(pooled, direct: direct) }
    }

    private func tapAndCall(_ pooled: BrowserSession, direct: Bool) async throws {
        #expect(pooled.devTools != nil, "the direct connection did not open: see LITMUS_UI_PHASES=1")
        let sut = direct ? pooled : BrowserSession(id: pooled.id, client: pooled.client, devTools: nil)
        try await sut.navigate(to: Self.button)
        let point = try await sut.evaluate(
            """
            const r = document.getElementById('b').getBoundingClientRect();
            return {x: Math.floor(r.left + r.width / 2), y: Math.floor(r.top + r.height / 2)};
            """, waits: false, timeout: .seconds(120))
        try await sut.tap(atX: Int(try #require(point["x"].number)), y: Int(try #require(point["y"].number)))
        let label = try await sut.evaluate(
            "return document.getElementById('b').textContent;", waits: false, timeout: .seconds(120))
        #expect(label == "tapped")
        let later = try await sut.evaluate(
            "setTimeout(() => done(arguments[0] + 1), 5);", 41, waits: true, timeout: .seconds(120))
        #expect(later == 42)
    }

    @Test("An element in a direct call's result reads as null (it has no WebDriver id there)")
    func elementsAreNull() async throws {
        try await withSession { sut in
            try await sut.navigate(to: Self.button)
            let value = try await sut.evaluate(
                "return {element: document.getElementById('b'), count: 1};", waits: false, timeout: .seconds(120))
            #expect(value == ["element": .null, "count": 1])
        }
    }

    @Test("A call the document's replacement cuts off fails as retryable, and the next one reaches the new document")
    func navigationIsRetryable() async throws {
        try await withSession { sut in try await cutOff(sut) }
    }

    private func cutOff(_ sut: BrowserSession) async throws {
        try await sut.navigate(to: Self.button)
        let waiting = Task {
            try await sut.evaluate("document.title = 'waiting';", waits: true, timeout: .seconds(120))
        }
        let started = ContinuousClock.now + .seconds(120)
        var title = JSONValue.null
        while title != "waiting" && ContinuousClock.now < started {
            title = try await sut.evaluate("return document.title;", waits: false, timeout: .seconds(120))
        }
        try #require(title == "waiting", "the waiting call never ran")
        try await sut.navigate(to: Self.button)  // a new document, the same URL
        let error = await #expect(throws: DevToolsError.self) { try await waiting.value }
        #expect(error?.isRetryable == true, "\(String(describing: error))")
        let deadline = ContinuousClock.now + .seconds(120)
        var label = JSONValue.null
        while label != "tap me" && ContinuousClock.now < deadline {
            label =
                (try? await sut.evaluate(
                    "return document.getElementById('b').textContent;", waits: false,
                    timeout: .seconds(120))) ?? .null
        }
        #expect(label == "tap me")
    }

    @Test("A JavaScript alert fails the tap at once, saying what it said, and is dismissed so the page goes on")
    func alertIsDismissed() async throws {
        let app = page(#"<button onclick="alert('hi'); this.textContent = 'after'">go</button>"#)
        try await app.run { (sut: XCUIApplication) async throws in
            let start = ContinuousClock.now
            let error = await #expect(throws: DevToolsError.self) { try await sut.buttons["go"].tap() }
            #expect(error == .dialogOpened(method: "Input.dispatchMouseEvent", type: "alert", message: "hi"))
            #expect(ContinuousClock.now - start < .seconds(30))  // not after the tap's 60 s timeout
            #expect(try await sut.buttons.element.label == "after")
        }
    }

    @Test("Deleting a session closes its socket: a call then fails at once, saying so")
    func closesWithSession() async throws {
        try await withSession(returnsToPool: false) { sut in
            let devTools = try #require(sut.devTools)
            try await sut.delete()
            let error = await #expect(throws: DevToolsError.self) {
                try await devTools.call("Runtime.evaluate", ["expression": "1"], timeout: .seconds(120))
            }
            if case .closed = error {} else { Issue.record("not closed: \(String(describing: error))") }
            #expect(error?.description.contains("closed") == true)
        }
    }

    @Test("Closing the connection closes its socket, while Chromium still runs")
    func closeClosesTheSocket() async throws {
        try await withSession(returnsToPool: false) { sut in
            let devTools = try #require(sut.devTools)
            #expect(devTools.isOpen)
            devTools.close()
            let deadline = ContinuousClock.now + .seconds(120)
            while devTools.isOpen && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(!devTools.isOpen, "the socket was still open two minutes after close()")
            try await sut.delete()  // not back to the pool: its connection is gone
        }
    }

    /// Runs `body` with a session of the pool and gives it back however `body` ends: to the pool when it
    /// returns (unless `returnsToPool` is false: `body` deleted it, and the pool forgets it), discarded
    /// when it throws, as a failed `#require` does, since the page may be left mid-way.
    private func withSession(returnsToPool: Bool = true, _ body: (BrowserSession) async throws -> Void)
        async throws
    {
        let session = try await Browser.shared.session()
        do {
            try await body(session)
        } catch {
            await Browser.shared.discard(session)
            throw error
        }
        if returnsToPool {
            await Browser.shared.release(session)
        } else {
            await Browser.shared.forget(session)
        }
    }
}
