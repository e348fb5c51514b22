import Foundation
import LitmusJSON
import Synchronization

/// Records one launch of an app for its UI trace: every step the test took (query, read, wait, action,
/// with its element, phases and the page's DOM at that moment), a screenshot after each, the page's
/// console messages and network requests, and the failure.
///
/// Cheap by design, since the trace of a passing test is usually thrown away: the DOM comes back with the
/// page-script call the step makes anyway; the screenshots are the frames Chromium's screencast sends when
/// the page repaints (no capture is requested), and a step keeps the first frame painted after it ended;
/// the console and network arrive as DevTools events.
final class TraceRecorder: Sendable {
    /// When a step began: on the clock of the trace, and on the wall clock that screencast frames carry.
    struct Start: Sendable {
        let instant: ContinuousClock.Instant
        let wall: Double
    }

    fileprivate struct Frame {
        let time: Double
        let data: String
        /// Its index in `screenshots` once a step shows it.
        var index: Int?
    }

    /// A step that shows the first frame painted after it `ended`, before the next step began (`next`).
    fileprivate struct Waiting {
        let step: Int
        let ended: Double
        var next: Double?
    }

    fileprivate struct State {
        var steps: [TraceStep] = []
        var doms: [String] = []
        var domIndex: [String: Int] = [:]
        var screenshots: [TraceScreenshot] = []
        var latestFrame: Frame?
        var waiting: [Waiting] = []
        var console: [TraceConsoleEntry] = []
        var network: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]
        var failure: TraceFailure?
        var viewport: TraceSize?
        /// Where the trace was written, once it was.
        var path: String?
        /// Whether its path was told and the trace attached.
        var announced = false
    }

    /// Whether the trace is kept always (`on`) or only when the test fails (`failure`).
    let mode: UITraceMode
    /// The test that launched the app (Swift Testing's display name), if known.
    let test: String?
    /// What the trace's file is named after: the test's function, else the app's page.
    let name: String
    /// The page first opened.
    let url: String
    private let started = ContinuousClock.now
    private let startedAt = Date()
    private let state = Mutex(State())

    init(mode: UITraceMode, test: String?, name: String, url: String) {
        self.mode = mode
        self.test = test
        self.name = name
        self.url = url
    }

    /// Starts a step now.
    func begin() -> Start {
        let now = Start(instant: .now, wall: Date().timeIntervalSince1970)
        state.withLock { state in
            for index in state.waiting.indices where state.waiting[index].next == nil {
                state.waiting[index].next = now.wall
            }
        }
        return now
    }

    /// Records a step begun at `start` that ends now: `kind` (`tap`, `exists`, …) on `element`, with
    /// `detail` (the text typed, the value read), its `phases`, and what the page-script call that made it
    /// captured (`page`: `{dom, rect, viewport}`), or `error` when it failed. `screenshot` (a PNG) is shown
    /// for it instead of the next frame painted.
    func record(
        _ start: Start, _ kind: String, element: String? = nil, detail: String? = nil,
        phases: [(name: String, duration: Duration)] = [], page: JSONValue = .null, error: String? = nil,
        screenshot: Data? = nil
    ) {
        let end = ContinuousClock.now
        let wall = Date().timeIntervalSince1970
        state.withLock { state in
            var step = TraceStep(
                kind: kind, element: element, detail: detail, start: milliseconds(start.instant),
                duration: (end - start.instant).inMilliseconds,
                phases: phases.map { TracePhase(name: $0.name, duration: $0.duration.inMilliseconds) }, error: error)
            if let dom = page["dom"].string {
                step.dom = state.domIndex[dom] ?? state.doms.count
                if state.domIndex[dom] == nil {
                    state.domIndex[dom] = state.doms.count
                    state.doms.append(dom)
                }
            }
            step.rect = TraceRect(page["rect"])
            if let viewport = TraceSize(page["viewport"]) { state.viewport = viewport }
            if let screenshot {
                step.screenshot = state.screenshots.count
                state.screenshots.append(TraceScreenshot(mime: "image/png", base64: screenshot.base64EncodedString()))
            } else {
                state.waiting.append(Waiting(step: state.steps.count, ended: wall))
            }
            if let error, state.failure == nil {
                state.failure = TraceFailure(message: error, step: state.steps.count)
            }
            state.steps.append(step)
        }
    }

    /// Records the test's failure, seen outside any step (an issue the test recorded, an error it threw).
    func fail(_ message: String) {
        state.withLock { state in
            if state.failure == nil { state.failure = TraceFailure(message: message, step: nil) }
        }
    }

    /// Whether a failure was recorded.
    var hasFailed: Bool { state.withLock { $0.failure != nil } }

    /// Whether a step still waits for the frame painted after it.
    var awaitsFrames: Bool { state.withLock { !$0.waiting.isEmpty } }

    /// Where the trace was last written, if it was.
    var path: String? {
        get { state.withLock { $0.path } }
        set { state.withLock { $0.path = newValue } }
    }

    /// True the first time only: the trace is to be told about (its path printed, the file attached) once.
    func announce() -> Bool {
        state.withLock { state in
            defer { state.announced = true }
            return !state.announced
        }
    }

    /// Takes a DevTools event of the page: a screencast frame, a console message, a network event.
    func receive(_ method: String, _ params: JSONValue) {
        let time = milliseconds(.now)
        if method == "Page.screencastFrame" {
            guard let data = params["data"].string else { return }
            let painted = params["metadata"]["timestamp"].number ?? Date().timeIntervalSince1970
            state.withLock { $0.take(Frame(time: painted, data: data)) }
        } else if let entry = TraceEvents.console(method, params, at: time) {
            state.withLock { $0.console.append(entry) }
        } else if method.hasPrefix("Network.") {
            state.withLock { state in
                TraceEvents.network(method, params, at: time, into: &state.network, requests: &state.requests)
            }
        }
    }

    /// Everything recorded so far, as the trace file holds it; a step still waiting for its frame shows
    /// the latest one (nothing was painted since).
    func document() -> TraceDocument {
        state.withLock { state in
            for waiting in state.waiting { state.show(latestFrameAt: waiting.step) }
            state.waiting = []
            return TraceDocument(
                title: test ?? url, test: test, url: url, startedAt: ISO8601DateFormatter().string(from: startedAt),
                mode: mode.rawValue, viewport: state.viewport, failure: state.failure, steps: state.steps,
                doms: state.doms, screenshots: state.screenshots, console: state.console, network: state.network)
        }
    }

    private func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        (instant - started).inMilliseconds
    }
}

extension TraceRecorder.State {
    /// A frame painted at `frame.time`: the first after a waiting step ended and before the next began is
    /// that step's; a step whose next step began before this frame was painted shows the frame before
    /// (the page did not repaint in between).
    fileprivate mutating func take(_ frame: TraceRecorder.Frame) {
        var incoming = frame
        var stillWaiting: [TraceRecorder.Waiting] = []
        for step in waiting {
            if incoming.time < step.ended {
                stillWaiting.append(step)
            } else if let next = step.next, incoming.time > next {
                show(latestFrameAt: step.step)
            } else {
                if incoming.index == nil {
                    incoming.index = screenshots.count
                    screenshots.append(TraceScreenshot(mime: "image/jpeg", base64: incoming.data))
                }
                steps[step.step].screenshot = incoming.index
            }
        }
        waiting = stillWaiting
        if let latest = latestFrame, incoming.time < latest.time { return }
        latestFrame = incoming
    }

    /// Shows the latest frame at step `step` (kept once, however many steps show it).
    fileprivate mutating func show(latestFrameAt step: Int) {
        guard var frame = latestFrame else { return }
        if frame.index == nil {
            frame.index = screenshots.count
            screenshots.append(TraceScreenshot(mime: "image/jpeg", base64: frame.data))
            latestFrame = frame
        }
        steps[step].screenshot = frame.index
    }
}
