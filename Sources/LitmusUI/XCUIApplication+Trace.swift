import Foundation
import LitmusJSON
import LitmusTestReporting

/// How an app records its UI trace (``TraceRecorder``) from launch to terminate, and how its steps and
/// failures reach it.
extension XCUIApplication {
    /// The steps after which the page may have changed: with ``TraceRecorder/screenshotsAfterActions``,
    /// each is followed by a screenshot.
    static let actions: Set = ["launch", "tap", "typeText", "clearText"]

    /// A recorder for a launch opening `url` on `session`, already receiving the page's console messages
    /// and requests. Without the DevTools connection it records steps and DOMs only.
    static func startRecording(_ mode: UITraceMode, url: URL, on session: BrowserSession) async -> TraceRecorder {
        let test = TestReporter.currentTest
        let recorder = TraceRecorder(
            mode: mode, test: test?.displayName, name: test?.name ?? url.host ?? "ui-test", url: url.absoluteString)
        TraceScope.current?.register(recorder)
        guard let devTools = session.devTools else { return recorder }
        devTools.listen { method, params in recorder.receive(method, params) }
        do {
            try await devTools.enableTraceEvents(timeout: BrowserSession.commandTimeout)
        } catch {
            ActionPhases.noteOnce("the UI trace records no console messages or requests: \(error)")
        }
        return recorder
    }

    /// Stops what ``startRecording(_:url:on:)`` started on `session`, before another app takes it.
    static func stopRecording(_ recorder: TraceRecorder?, on session: BrowserSession) {
        guard recorder != nil else { return }
        session.devTools?.listen(nil)
    }

    /// At terminate: writes the trace when it is kept (`on`, or a failure), with the screenshots still on
    /// their way. A passing test's trace with `failure` is dropped, unless the test runs under
    /// ``UITraceTrait``, which decides at its end.
    func finishRecording(_ recorder: TraceRecorder, on session: BrowserSession) async {
        let keep = recorder.mode == .on || recorder.hasFailed
        // Before the window goes to another app: a screenshot in progress emulates a smaller screen.
        await recorder.awaitScreenshots()
        Self.stopRecording(recorder, on: session)
        if keep { _ = FailureEvidence.write(trace: recorder, announcing: TraceScope.current == nil) }
    }

    /// Records a step begun at `started` (nothing when the app records no trace): `kind` on `element`,
    /// with `detail`, its `phases`, the page the call that made it captured (`result["trace"]`) and, for an
    /// action, the page once it settled (`after["trace"]`), then a screenshot when the recorder takes them.
    func record(
        _ started: TraceRecorder.Start?, _ kind: String, element: String? = nil, detail: String? = nil,
        phases: [(name: String, duration: Duration)] = [], result: JSONValue = .null, after: JSONValue = .null
    ) {
        guard let started, let recorder else { return }
        let step = recorder.record(
            started, kind, element: element, detail: detail, phases: phases, page: result["trace"],
            after: after["trace"])
        guard recorder.screenshotsAfterActions, Self.actions.contains(kind),
            let devTools = try? session().devTools
        else { return }
        // Asked for and not awaited: the test goes on while Chromium paints it. At half the viewport's size:
        // a full-size one cost a tap 1.5 to 1.7 times as long, this 1.0 to 1.1 (docs/ui-testing.md's figures).
        let viewport = recorder.viewport ?? TraceSize(["width": 800, "height": 1000])!
        let clip: JSONValue = [
            "x": 0, "y": 0, "width": .number(viewport.width), "height": .number(viewport.height), "scale": .number(0.5),
        ]
        recorder.takeScreenshot {
            let shot = try? await devTools.call(
                "Page.captureScreenshot", ["format": "jpeg", "quality": 60, "clip": clip, "optimizeForSpeed": true],
                timeout: .seconds(10))
            if let data = shot?["data"].string { recorder.attach(screenshot: data, toStep: step) }
        }
    }

    /// Records the step begun at `started` as the failure `message`, with the page as it is now (the
    /// matches of `query` marked) and `screenshot`, taken at the failure, and writes the trace at once, so
    /// that the error can name it: its path.
    func recordFailure(
        _ started: TraceRecorder.Start?, _ kind: String, element: String?, message: String, query: JSONValue?,
        screenshot: Data?
    ) async -> String? {
        guard let recorder else { return nil }
        let page = try? await session().evaluate(
            "return window.__litmus.capture(arguments[0]);", query ?? .null, waits: false, timeout: callTimeout)
        recorder.record(
            started ?? recorder.begin(), kind, element: element, page: page ?? .null, error: message,
            screenshot: screenshot)
        await recorder.awaitScreenshots()
        return FailureEvidence.write(trace: recorder, announcing: TraceScope.current == nil)
    }

    /// Records an error a step threw that is not an ``XCUIElementError`` (those are recorded where they
    /// are made): a dialog the page opened, a closed browser.
    func recordThrown(_ error: any Error, _ started: TraceRecorder.Start?, _ kind: String, element: String?) {
        guard !(error is XCUIElementError), let started, let recorder else { return }
        recorder.record(started, kind, element: element, error: "\(error)")
        _ = FailureEvidence.write(trace: recorder, announcing: TraceScope.current == nil)
    }
}
