import Foundation
import Synchronization

/// The app under test, as in XCUITest: configure ``launchArguments`` and ``launchEnvironment``,
/// ``launch()`` it, query it (`app.buttons["7"]`), and ``terminate()`` it.
///
/// The app is a web app opened in headless Chromium. Its ``AppLauncher`` starts it (typically a
/// server in this process on a free port) for every launch; the browser (chromedriver and Chromium)
/// is started by LitmusUI on the first launch and shared by the process, each launch getting its own
/// window with no cookies, so tests stay isolated. Nothing survives the process: see
/// docs/ui-testing.md.
public final class XCUIApplication: Sendable, XCUIElementTypeQueryProvider {
    /// Whether the app is running.
    public enum State: Sendable, Equatable {
        /// Not launched, or terminated.
        case notRunning
        /// Launched and shown in the browser.
        case runningForeground
    }

    private struct Running: Sendable {
        let app: LaunchedApp
        let session: BrowserSession
        /// What this launch records for its UI trace (nil with ``UITraceMode/off``).
        let recorder: TraceRecorder?
    }

    private struct Settings: Sendable {
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var timeout: Duration = .seconds(10)
        var traceMode: UITraceMode?
    }

    private let launcher: AppLauncher
    private let settings = Mutex(Settings())
    private let running = Mutex<Running?>(nil)

    /// An app that `launcher` starts on every ``launch()``.
    public init(launcher: AppLauncher) {
        self.launcher = launcher
    }

    /// An app already served at `url`.
    public convenience init(url: URL) {
        self.init(launcher: .url(url))
    }

    /// Arguments passed to the launcher on the next ``launch()``.
    public var launchArguments: [String] {
        get { settings.withLock { $0.arguments } }
        set { settings.withLock { $0.arguments = newValue } }
    }

    /// Environment passed to the launcher on the next ``launch()``.
    public var launchEnvironment: [String: String] {
        get { settings.withLock { $0.environment } }
        set { settings.withLock { $0.environment = newValue } }
    }

    /// How long actions and reads wait for their element (10 seconds unless set).
    public var timeout: Duration {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// When this app's UI trace is written (``UITraceMode``): `LITMUS_UI_TRACE` unless set (then `failure`
    /// when that is not set either). Read on ``launch()``.
    public var traceMode: UITraceMode {
        get { settings.withLock { $0.traceMode } ?? (try? UITraceMode.fromEnvironment()) ?? .failure }
        set { settings.withLock { $0.traceMode = newValue } }
    }

    /// How long one call into the page may take: its wait (at most ``timeout``) and a margin.
    var callTimeout: Duration { timeout + .seconds(5) }

    /// Whether the app is running.
    public var state: State { running.withLock { $0 == nil ? .notRunning : .runningForeground } }

    /// Starts the app and opens it; a running instance is terminated first, as in XCUITest.
    ///
    /// Throws ``LitmusUIError/browserNotFound(missing:searched:)`` (saying how to install Chromium and
    /// chromedriver) when they are missing, and ``LitmusUIError/invalidSetting(name:value:expected:)`` when
    /// `LITMUS_UI_TRACE` is neither `on`, `off` nor `failure`.
    public func launch() async throws {
        try await terminate()
        var phases = ActionPhases("launch")
        let (arguments, environment, chosenMode) = settings.withLock { ($0.arguments, $0.environment, $0.traceMode) }
        let mode = try chosenMode ?? UITraceMode.fromEnvironment()
        // The app starts while the browser window is found (on the first launch: while Chromium starts).
        async let startedApp = launchCatching(arguments, environment)
        let session: BrowserSession
        do {
            session = try await Browser.shared.session()
        } catch {
            if case .success(let app) = await startedApp { await app.terminate() }
            throw error
        }
        phases.end("browser")
        let app: LaunchedApp
        switch await startedApp {
        case .success(let started):
            app = started
        case .failure(let error):
            await Browser.shared.release(session)
            throw LitmusUIError.launchFailed(reason: "\(error)")
        }
        phases.end("app")
        let recorder = mode == .off ? nil : await Self.startRecording(mode, url: app.url, on: session)
        let started = recorder?.begin()
        do {
            try await session.navigate(to: app.url)
        } catch {
            Self.stopRecording(recorder, on: session)
            await app.terminate()
            await Browser.shared.release(session)
            throw LitmusUIError.launchFailed(reason: "the browser could not open \(app.url): \(error)")
        }
        phases.end("open")
        phases.write()
        running.withLock { $0 = Running(app: app, session: session, recorder: recorder) }
        if let started {
            let page = try? await session.evaluate(
                "return window.__litmus.capture(null);", waits: false, timeout: callTimeout)
            record(
                started, "launch", detail: app.url.absoluteString, phases: phases.phases,
                after: ["trace": page ?? .null])
        }
    }

    /// The launcher's app, or the error it threw (so a failed browser start can still stop the app).
    private func launchCatching(_ arguments: [String], _ environment: [String: String]) async
        -> Result<LaunchedApp, any Error>
    {
        do {
            return .success(try await launcher.launch(arguments, environment))
        } catch {
            return .failure(error)
        }
    }

    /// Stops the app and gives its browser window back (cookies cleared). Does nothing when not running.
    ///
    /// Its UI trace is written (``traceMode``) when a LitmusUI call failed, or always with `on`; see
    /// ``terminate(testFailed:)`` for a test that failed otherwise.
    public func terminate() async throws {
        try await terminate(testFailed: false)
    }

    /// Stops the app as ``terminate()`` does, and keeps its UI trace when `testFailed` too: LitmusUI cannot
    /// see an `XCTAssert` fail, so an XCTest's `tearDown` says whether its test failed:
    ///
    /// ```swift
    /// override func tearDown() async throws {
    ///     try await sut?.terminate(testFailed: (testRun?.totalFailureCount ?? 0) > 0)
    /// }
    /// ```
    ///
    /// (Swift Testing's tests use the ``UITraceTrait`` trait, `.uiTrace`, instead.)
    public func terminate(testFailed: Bool) async throws {
        let instance = running.withLock { running in
            defer { running = nil }
            return running
        }
        guard let instance else { return }
        var phases = ActionPhases("terminate")
        if let recorder = instance.recorder {
            if testFailed { recorder.fail("The test failed (its tearDown said so).") }
            await finishRecording(recorder, on: instance.session)
            phases.end("trace")
        }
        await instance.app.terminate()
        phases.end("app")
        await Browser.shared.release(instance.session)
        phases.end("window")
        phases.write()
    }

    /// Launches the app, runs `body` with it, and terminates it whether `body` returns or throws, so
    /// a failing test leaves no server running and no window taken:
    ///
    /// ```swift
    /// try await app.run { app in
    ///     try await app.buttons["7"].tap()
    /// }
    /// ```
    ///
    /// `body`'s error is the one thrown; one from terminating is thrown only when `body` succeeded.
    public func run<Result>(_ body: (XCUIApplication) async throws -> Result) async throws -> Result {
        try await launch()
        let result: Result
        do {
            result = try await body(self)
        } catch {
            if !(error is XCUIElementError) { recorder?.fail("\(error)") }
            try? await terminate()
            throw error
        }
        try await terminate()
        return result
    }

    /// The app's elements of `type`.
    public func descendants(matching type: XCUIElementType) -> XCUIElementQuery {
        XCUIElementQuery(app: self, steps: [.init(kind: .descendants, type: type, identifier: nil)], description: "app")
            .renamed(typeAccessor(type))
    }

    /// A screenshot of the app's window.
    public func screenshot() async throws -> XCUIScreenshot {
        XCUIScreenshot(pngRepresentation: try await session().screenshot())
    }

    /// The page as LitmusUI sees it: one element a line, indented by depth, as XCUITest's
    /// `debugDescription` prints it (`Button, label: '7'`).
    public func accessibilityTree() async throws -> String {
        try await session().evaluate("return window.__litmus.tree();", waits: false, timeout: callTimeout)
            .string ?? ""
    }

    /// Types `text` into the element that has the keyboard focus (a key press for each character, as
    /// ``XCUIElement/typeText(_:)`` does); throws ``LitmusUIError/noFocusedElement`` when only the page
    /// itself has it.
    public func typeText(_ text: String) async throws {
        try await tracing("typeText", element: "app") { started in
            let keys = try KeyEvents.commands(typing: text)
            let session = try session()
            let target = try await retrying {
                try await session.evaluate(
                    "return window.__litmus.typingTarget();", waits: false, timeout: callTimeout)
            }
            guard target["focused"].bool == true, let page = target["page"].string else {
                throw LitmusUIError.noFocusedElement
            }
            try await session.press(keys)
            let after = try await settle(
                after: "typeText", of: "app", fromPage: page, until: ContinuousClock.now + timeout, started: started)
            let secure = target["secure"].bool == true
            record(
                started, "typeText", element: "app", detail: secure ? "\u{2022}\u{2022}\u{2022}" : text, after: after)
        }
    }

    /// What the running launch records for its UI trace, if anything.
    var recorder: TraceRecorder? { running.withLock { $0?.recorder } }

    func session() throws(LitmusUIError) -> BrowserSession {
        guard let session = running.withLock({ $0?.session }) else { throw .notLaunched }
        return session
    }
}

extension XCUIElementQuery {
    fileprivate func renamed(_ suffix: String) -> XCUIElementQuery {
        XCUIElementQuery(app: app, steps: steps, description: "app" + suffix)
    }
}

/// A screenshot, as in XCUITest.
public struct XCUIScreenshot: Sendable {
    /// The PNG image data.
    public let pngRepresentation: Data
}

extension XCUIApplication {
    /// True when the environment opts out of UI tests (`LITMUS_SKIP_UI=1`); tests check it in setUp
    /// and skip. Without it, a missing browser makes UI tests fail, saying how to install one.
    public static var isOptedOutByEnvironment: Bool {
        ProcessInfo.processInfo.environment["LITMUS_SKIP_UI"] == "1"
    }
}
