import Foundation
import LitmusJSON

/// A DevTools call: its method and parameters.
typealias DevToolsCommand = (method: String, params: JSONValue)

/// One WebDriver session: one headless Chromium window, used by one launched app at a time.
struct BrowserSession: Sendable {
    let id: String
    let client: WebDriverClient
    /// The direct connection to the page's DevTools, for the calls that need no WebDriver semantics
    /// (taps, typing, page-script calls that return no element); nil when it could not be opened, and then
    /// those calls go through chromedriver.
    let devTools: DevToolsConnection?

    /// How long a DevTools command that waits for nothing (a mouse event, clearing cookies) may take.
    static let commandTimeout: Duration = .seconds(60)

    /// Creates a session (about 300 to 600 ms: Chromium starts).
    static func create(on client: WebDriverClient, chromium: String) async throws -> BrowserSession {
        var arguments: [JSONValue] = [
            "--headless=new", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--disable-background-networking", "--disable-crash-reporter", "--disable-breakpad", "--mute-audio",
            "--window-size=800,1000", "--force-device-scale-factor=1",
            // A headless page is never in front: without these a busy machine starves its timers and renderer.
            "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
            "--disable-backgrounding-occluded-windows",
        ]
        if geteuid() == 0 { arguments.append("--no-sandbox") }  // Chromium refuses to start as root otherwise
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "pageLoadStrategy": "normal",
                    "timeouts": ["script": 60_000, "pageLoad": 60_000, "implicit": 0],
                    "goog:chromeOptions": ["binary": .string(chromium), "args": .array(arguments)],
                ]
            ]
        ]
        let value = try await client.send(.POST, "/session", capabilities)
        guard let id = value["sessionId"].string else {
            throw LitmusUIError.processFailed(command: "chromedriver new session", reason: "no session id in \(value)")
        }
        let session = BrowserSession(
            id: id, client: client,
            devTools: await openDevTools(
                value["capabilities"]["goog:chromeOptions"]["debuggerAddress"].string,
                window: { try await client.send(.GET, "/session/\(id)/window").string }))
        do {
            try await session.installPageScriptInNewDocuments()
        } catch {
            try? await session.delete()
            throw error
        }
        return session
    }

    /// The direct DevTools connection of a new session, or nil (said once in the trace) when there is none
    /// or `LITMUS_UI_CHROMEDRIVER_ONLY=1` asks for none (to compare, or to work around the socket).
    private static func openDevTools(_ debuggerAddress: String?, window: () async throws -> String?) async
        -> DevToolsConnection?
    {
        do {
            if ProcessInfo.processInfo.environment["LITMUS_UI_CHROMEDRIVER_ONLY"] == "1" {
                throw DevToolsUnavailable("LITMUS_UI_CHROMEDRIVER_ONLY=1 is set")
            }
            guard let debuggerAddress else {
                throw DevToolsUnavailable("chromedriver's new session names no goog:chromeOptions.debuggerAddress")
            }
            guard let window = try await window() else {
                throw DevToolsUnavailable("chromedriver names no window of the session")
            }
            return try await DevToolsConnection.open(
                debuggerAddress: debuggerAddress, window: window, timeout: .seconds(5))
        } catch {
            ActionPhases.noteOnce("devtools unavailable, calls go through chromedriver: \(error)")
            return nil
        }
    }

    private var path: String { "/session/\(id)" }

    /// Opens `url` and waits for it to load. On a loaded machine (a CI runner building while it tests)
    /// chromedriver can give up on a busy renderer ("timeout: Timed out receiving message from renderer")
    /// while the page still loads; the navigation is tried once more before that is an error.
    func navigate(to url: URL) async throws {
        try await Self.retryingOnceOnTimeout {
            _ = try await client.send(.POST, path + "/url", ["url": .string(url.absoluteString)])
        }
    }

    /// Runs `command`, and once more when chromedriver answered it with `timeout`; any other error, or a
    /// second timeout, is thrown.
    static func retryingOnceOnTimeout(_ command: () async throws -> Void) async throws {
        do {
            try await command()
        } catch let error as WebDriverError where error.code == "timeout" {
            ActionPhases.noteOnce("\(error.command) timed out (\(error.message)); trying once more")
            try await command()
        }
    }

    /// Runs `body` with the page script installed; `arguments[0]` is `argument`.
    private func execute(_ body: String, _ argument: JSONValue = .null) async throws -> JSONValue {
        let value = try await client.send(
            .POST, path + "/execute/sync", ["script": .string(PageScript.guardSync + body), "args": [argument]])
        guard value.string == PageScript.missing else { return value }
        return try await client.send(
            .POST, path + "/execute/sync",
            ["script": .string(PageScript.install + "\n" + body), "args": [argument]])
    }

    /// Runs `body` asynchronously with the page script installed: `arguments[0]` is `argument`, and
    /// `done` (the last argument) must be called with the result.
    private func executeAsync(_ body: String, _ argument: JSONValue) async throws -> JSONValue {
        let value = try await client.send(
            .POST, path + "/execute/async", ["script": .string(PageScript.guardAsync + body), "args": [argument]])
        guard value.string == PageScript.missing else { return value }
        return try await client.send(
            .POST, path + "/execute/async",
            [
                "script": .string(PageScript.install + "\nconst done = arguments[arguments.length - 1];\n" + body),
                "args": [argument],
            ])
    }

    /// Runs `body` with the page script installed, as ``execute(_:_:)`` (`waits: false`) or
    /// ``executeAsync(_:_:)`` (`waits: true`, ended by `done`) do, straight over DevTools when the
    /// session has that connection: a fraction of a millisecond instead of chromedriver's 4 to 5.
    /// An element in the result reads as null over DevTools: calls return plain values. Fails after
    /// `timeout` at the latest.
    func evaluate(_ body: String, _ argument: JSONValue = .null, waits: Bool, timeout: Duration) async throws
        -> JSONValue
    {
        guard let devTools else {
            return try await waits ? executeAsync(body, argument) : execute(body, argument)
        }
        let value = try await devTools.evaluate(
            PageScript.expression(body, argument, waits: waits, installing: false), timeout: timeout)
        guard value.string == PageScript.missing else { return value }
        return try await devTools.evaluate(
            PageScript.expression(body, argument, waits: waits, installing: true), timeout: timeout)
    }

    /// Sends DevTools commands in order: all at once over the direct connection (then waiting for their
    /// answers), else one by one through chromedriver.
    private func devToolsCommands(_ commands: [DevToolsCommand]) async throws {
        if let devTools {
            try await devTools.callInOrder(commands, timeout: Self.commandTimeout)
        } else {
            for (method, params) in commands {
                _ = try await client.send(
                    .POST, path + "/goog/cdp/execute", ["cmd": .string(method), "params": params])
            }
        }
    }

    /// Sends one DevTools command and returns its result: over the direct connection, else through chromedriver.
    func devTools(call method: String, _ params: JSONValue = [:]) async throws -> JSONValue {
        if let devTools { return try await devTools.call(method, params, timeout: Self.commandTimeout) }
        return try await client.send(.POST, path + "/goog/cdp/execute", ["cmd": .string(method), "params": params])
    }

    /// Has Chromium run the page script in every document this session opens from now on, before
    /// the document's own scripts, so calls into the page need not send it.
    private func installPageScriptInNewDocuments() async throws {
        _ = try await client.send(
            .POST, path + "/goog/cdp/execute",
            ["cmd": "Page.addScriptToEvaluateOnNewDocument", "params": ["source": .string(PageScript.install)]])
    }

    /// Presses and releases the left mouse button at a point of the viewport (whole CSS pixels), as a
    /// person would: the browser's own hit testing decides what receives it. Unlike WebDriver's
    /// element click, this does not wait for a navigation; the caller waits for exactly that.
    /// (Chromium's `Input.dispatchMouseEvent` twice: 8 ms through chromedriver, about 1 ms over the
    /// direct connection, where one WebDriver actions command takes 20 and `Input.synthesizeTapGesture`,
    /// one call, 40 ms even with a duration of 0: it waits for frames.)
    func tap(atX x: Int, y: Int) async throws {
        try await devToolsCommands(
            ["mousePressed", "mouseReleased"].map { type in
                (
                    "Input.dispatchMouseEvent",
                    [
                        "type": .string(type), "x": .number(Double(x)), "y": .number(Double(y)), "button": "left",
                        "clickCount": 1,
                    ]
                )
            })
    }

    /// Presses and releases keys (``KeyEvents/commands(typing:)``) in the element that has the focus:
    /// every event at once over the direct connection (one round trip for the whole text).
    func press(_ keys: [DevToolsCommand]) async throws {
        try await devToolsCommands(keys)
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        let value = try await client.send(.GET, path + "/screenshot")
        guard let base64 = value.string, let data = Data(base64Encoded: base64) else {
            throw LitmusUIError.processFailed(command: "chromedriver screenshot", reason: "no PNG data")
        }
        return data
    }

    /// Forgets every cookie, so the next app this session shows starts clean (it navigates there
    /// itself, so the old page is not replaced here: one round trip less per launch).
    func reset() async throws {
        try await devToolsCommands([("Network.clearBrowserCookies", [:])])
    }

    /// Ends the session (its Chromium quits) and closes its DevTools connection.
    func delete() async throws {
        devTools?.close()
        _ = try await client.send(.DELETE, path)
    }
}
