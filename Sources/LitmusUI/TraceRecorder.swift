import Foundation
import LitmusJSON
import Synchronization

/// Records one launch of an app for its UI trace: every step the test took (query, read, wait, action,
/// with its element and phases), the page's DOM at each step and after each action, screenshots, the
/// page's console messages and network requests, and the failure.
///
/// Cheap by design, since the trace of a passing test is usually thrown away: the DOMs come back with the
/// page-script calls the steps make anyway, and the console and network arrive as DevTools events. A
/// screenshot makes Chromium paint the page (UIBenchmark measured 15 to 40 % more per tap), so one is taken
/// at the failure, and after every action only with ``screenshotsAfterActions`` (`LITMUS_UI_TRACE=on`).
final class TraceRecorder: Sendable {
    /// When a step began.
    struct Start: Sendable {
        let instant: ContinuousClock.Instant
    }

    private struct State {
        var steps: [TraceStep] = []
        var doms: [String] = []
        var domIndex: [String: Int] = [:]
        var screenshots: [TraceScreenshot] = []
        var console: [TraceConsoleEntry] = []
        var network: [TraceNetworkEntry] = []
        var requests: [String: Int] = [:]
        var failure: TraceFailure?
        var viewport: TraceSize?
        /// Screenshots asked for and not yet come.
        var pending: [Task<Void, Never>] = []
        /// Where the trace was written, once it was.
        var path: String?
        /// Whether its path was told and the trace attached.
        var announced = false

        /// The index of `dom` in `doms`, added once however many steps show it.
        mutating func index(of dom: String?) -> Int? {
            guard let dom else { return nil }
            if let index = domIndex[dom] { return index }
            domIndex[dom] = doms.count
            doms.append(dom)
            return doms.count - 1
        }
    }

    /// Whether the trace is kept always (`on`) or only when the test fails (`failure`).
    let mode: UITraceMode
    /// Whether every action is followed by a screenshot: with `on`, or `LITMUS_UI_TRACE_SCREENSHOTS=1`.
    let screenshotsAfterActions: Bool
    /// The test that launched the app (Swift Testing's display name), if known.
    let test: String?
    /// What the trace's file is named after: the test's function, else the app's page.
    let name: String
    /// The page first opened.
    let url: String
    private let started = ContinuousClock.now
    private let startedAt = Date()
    private let state = Mutex(State())

    /// A recorder of a launch of `url` by `test` (file named after `name`); `environment` says whether
    /// `LITMUS_UI_TRACE_SCREENSHOTS=1` asks for screenshots after actions with `failure`.
    init(
        mode: UITraceMode, test: String?, name: String, url: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.mode = mode
        self.screenshotsAfterActions = mode == .on || environment["LITMUS_UI_TRACE_SCREENSHOTS"] == "1"
        self.test = test
        self.name = name
        self.url = url
    }

    /// Starts a step now.
    func begin() -> Start {
        Start(instant: .now)
    }

    /// Records a step begun at `start` that ends now: `kind` (`tap`, `exists`, …) on `element`, with
    /// `detail` (the text typed, the value read), its `phases`, what the page-script call that made it
    /// captured (`page`: `{dom, rect, viewport}`) and, for an action, what the page was once it settled
    /// (`after`), or `error` when it failed, with `screenshot` (a PNG) taken then. Its index.
    @discardableResult
    func record(
        _ start: Start, _ kind: String, element: String? = nil, detail: String? = nil,
        phases: [(name: String, duration: Duration)] = [], page: JSONValue = .null, after: JSONValue = .null,
        error: String? = nil, screenshot: Data? = nil
    ) -> Int {
        let end = ContinuousClock.now
        return state.withLock { state in
            var step = TraceStep(
                kind: kind, element: element, detail: detail, start: milliseconds(start.instant),
                duration: (end - start.instant).inMilliseconds,
                phases: phases.map { TracePhase(name: $0.name, duration: $0.duration.inMilliseconds) }, error: error)
            step.dom = state.index(of: page["dom"].string)
            step.domAfter = state.index(of: after["dom"].string)
            step.rect = TraceRect(page["rect"])
            if let viewport = TraceSize(page["viewport"]) ?? TraceSize(after["viewport"]) { state.viewport = viewport }
            if let screenshot {
                step.screenshot = state.screenshots.count
                state.screenshots.append(TraceScreenshot(mime: "image/png", base64: screenshot.base64EncodedString()))
            }
            if let error, state.failure == nil {
                state.failure = TraceFailure(message: error, step: state.steps.count)
            }
            state.steps.append(step)
            return state.steps.count - 1
        }
    }

    /// Shows the screenshot `base64` (a JPEG) at step `index`: the page after it.
    func attach(screenshot base64: String, toStep index: Int) {
        state.withLock { state in
            guard state.steps.indices.contains(index) else { return }
            state.steps[index].screenshot = state.screenshots.count
            state.screenshots.append(TraceScreenshot(mime: "image/jpeg", base64: base64))
        }
    }

    /// Takes a screenshot with `capture` (which attaches it) once the ones asked for before it are taken:
    /// one at a time, because Chromium scales a screenshot down by emulating a smaller screen while it
    /// takes it, and two at once leave the page emulated. Not awaited: see ``awaitScreenshots()``.
    func takeScreenshot(_ capture: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let previous = state.pending.last
            state.pending.append(
                Task {
                    await previous?.value
                    await capture()
                })
        }
    }

    /// Waits for the screenshots asked for so far (each has its own time limit).
    func awaitScreenshots() async {
        let pending = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        for task in pending { await task.value }
    }

    /// Records the test's failure, seen outside any step (an issue the test recorded, an error it threw).
    func fail(_ message: String) {
        state.withLock { state in
            if state.failure == nil { state.failure = TraceFailure(message: message, step: nil) }
        }
    }

    /// The viewport's size, once a step captured the page.
    var viewport: TraceSize? { state.withLock { $0.viewport } }

    /// Whether a failure was recorded.
    var hasFailed: Bool { state.withLock { $0.failure != nil } }

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

    /// Takes a DevTools event of the page: a console message, a network event.
    func receive(_ method: String, _ params: JSONValue) {
        let time = milliseconds(.now)
        if let entry = TraceEvents.console(method, params, at: time) {
            state.withLock { $0.console.append(entry) }
        } else if method.hasPrefix("Network.") {
            state.withLock { state in
                TraceEvents.network(method, params, at: time, into: &state.network, requests: &state.requests)
            }
        }
    }

    /// Everything recorded so far, as the trace file holds it.
    func document() -> TraceDocument {
        state.withLock { state in
            TraceDocument(
                title: test ?? url, test: test, url: url, startedAt: ISO8601DateFormatter().string(from: startedAt),
                mode: mode.rawValue, viewport: state.viewport, failure: state.failure, steps: state.steps,
                doms: state.doms, screenshots: state.screenshots, console: state.console, network: state.network)
        }
    }

    private func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        (instant - started).inMilliseconds
    }
}
