import Foundation
import LitmusJSON
import LitmusTestReporting

/// How an app records its UI trace (``TraceRecorder``) from launch to terminate, and how its steps and
/// failures reach it.
extension XCUIApplication {
    /// A recorder for a launch opening `url` on `session`, already receiving the page's console messages,
    /// requests and repaints (a screencast of JPEG frames, acknowledged as they come, as Chromium requires).
    /// Without the DevTools connection it records steps and DOMs only.
    static func startRecording(_ mode: UITraceMode, url: URL, on session: BrowserSession) async -> TraceRecorder {
        let test = TestReporter.currentTest
        let recorder = TraceRecorder(
            mode: mode, test: test?.displayName, name: test?.name ?? url.host ?? "ui-test", url: url.absoluteString)
        TraceScope.current?.register(recorder)
        guard let devTools = session.devTools else { return recorder }
        devTools.listen { [weak devTools] method, params in
            if method == "Page.screencastFrame" {
                devTools?.notify("Page.screencastFrameAck", ["sessionId": params["sessionId"]])
            }
            recorder.receive(method, params)
        }
        do {
            try await devTools.enableTraceEvents(timeout: BrowserSession.commandTimeout)
            _ = try await devTools.call(
                "Page.startScreencast", ["format": "jpeg", "quality": 50, "maxWidth": 800, "maxHeight": 1000],
                timeout: BrowserSession.commandTimeout)
        } catch {
            PhaseTiming.noteOnce("the UI trace records no console, network or screenshots: \(error)")
        }
        return recorder
    }

    /// Stops what ``startRecording(_:url:on:)`` started on `session`, before another app takes it.
    static func stopRecording(_ recorder: TraceRecorder?, on session: BrowserSession) async {
        guard recorder != nil, let devTools = session.devTools else { return }
        _ = try? await devTools.call("Page.stopScreencast", timeout: .seconds(5))
        devTools.listen(nil)
    }

    /// At terminate: writes the trace when it is kept (`on`, or a failure), after at most 100 ms for the
    /// frames of the last steps still on their way. A passing test's trace with `failure` is dropped, unless
    /// the test runs under ``UITraceTrait``, which decides at its end.
    func finishRecording(_ recorder: TraceRecorder, on session: BrowserSession) async {
        let keep = recorder.mode == .on || recorder.hasFailed
        if keep {
            let deadline = ContinuousClock.now + .milliseconds(100)
            while recorder.awaitsFrames && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        await Self.stopRecording(recorder, on: session)
        if keep { _ = FailureEvidence.write(trace: recorder, announcing: TraceScope.current == nil) }
    }

    /// Records a step begun at `started` (nothing when the app records no trace): `kind` on `element`,
    /// with `detail`, its `phases`, and the page the call that made it captured (`result["trace"]`).
    func record(
        _ started: TraceRecorder.Start?, _ kind: String, element: String? = nil, detail: String? = nil,
        phases: [(name: String, duration: Duration)] = [], result: JSONValue = .null
    ) {
        guard let started, let recorder else { return }
        recorder.record(started, kind, element: element, detail: detail, phases: phases, page: result["trace"])
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
