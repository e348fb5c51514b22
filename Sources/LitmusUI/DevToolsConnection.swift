import AsyncHTTPClient
import Foundation
import LitmusJSON
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// One WebSocket to the DevTools of a session's page, straight to Chromium: a call over it takes a
/// fraction of a millisecond, where the same call through chromedriver (`/goog/cdp/execute`) costs
/// its HTTP round trip and chromedriver's own work around every command (4 to 5 ms).
///
/// Only loopback: the socket goes to 127.0.0.1 on the port chromedriver reports as the session's
/// `goog:chromeOptions.debuggerAddress`. It closes with the session, or when Chromium ends.
final class DevToolsConnection: Sendable {
    /// What receives the connection's events (a UI trace's recorder), one at a time.
    typealias Listener = @Sendable (_ method: String, _ params: JSONValue) -> Void

    private let calls: DevToolsCalls
    private let channel: any Channel
    private let listener: EventListener
    /// Whether `Runtime` and `Network` send their events (``enableTraceEvents(timeout:)``).
    private let traceEventsEnabled = Mutex(false)
    /// `host:port` of the browser's DevTools, where its other targets (a page's frames) are listed.
    let debuggerAddress: String

    private init(calls: DevToolsCalls, channel: any Channel, listener: EventListener, debuggerAddress: String) {
        self.calls = calls
        self.channel = channel
        self.listener = listener
        self.debuggerAddress = debuggerAddress
    }

    /// Hands every event from now on to `listener` (nil: to nobody), instead of the one before.
    func listen(_ listener: Listener?) {
        self.listener.handler.withLock { $0 = listener }
    }

    /// Has the page send what a UI trace records: console messages and exceptions (`Runtime`) and
    /// requests (`Network`). Once per connection; a session that never records a trace never pays for it.
    func enableTraceEvents(timeout: Duration) async throws {
        let enabled = traceEventsEnabled.withLock { enabled in
            defer { enabled = true }
            return enabled
        }
        guard !enabled else { return }
        try await callInOrder([("Runtime.enable", [:]), ("Network.enable", [:])], timeout: timeout)
    }

    /// Sends `method` and returns its `result` (see ``DevToolsCalls/call(_:_:timeout:)``).
    func call(_ method: String, _ params: JSONValue = [:], timeout: Duration) async throws -> JSONValue {
        try await calls.call(method, params, timeout: timeout)
    }

    /// Sends the commands in order at once, then waits for all their answers: one round trip, not
    /// one per command. Throws the first command's error.
    func callInOrder(_ commands: [(method: String, params: JSONValue)], timeout: Duration) async throws {
        let sent = commands.map { calls.send($0.method, $0.params, timeout: timeout) }
        var failure: (any Error)?
        for call in sent {
            do { _ = try await calls.answer(to: call) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Evaluates `expression` in the page (``PageScript/expression(_:_:waits:installing:)``: it yields
    /// the JSON text of its result, or a promise of it) and returns that result.
    func evaluate(_ expression: String, timeout: Duration) async throws -> JSONValue {
        let result = try await call(
            "Runtime.evaluate", ["expression": .string(expression), "awaitPromise": true, "returnByValue": true],
            timeout: timeout)
        return try Self.value(ofEvaluation: result)
    }

    /// The JSON a `Runtime.evaluate` of a ``PageScript/expression(_:_:waits:installing:)`` yielded, or the
    /// exception it threw as ``DevToolsError/scriptFailed(method:message:)``.
    static func value(ofEvaluation result: JSONValue) throws -> JSONValue {
        let exception = result["exceptionDetails"]
        if exception != .null {
            throw DevToolsError.scriptFailed(
                method: "Runtime.evaluate",
                message: exception["exception"]["description"].string ?? exception["text"].string ?? "\(exception)")
        }
        guard let text = result["result"]["value"].string else { return .null }
        return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Handles an event: a JavaScript dialog blocks the page (every call waits until it is answered),
    /// so the calls waiting fail (or, with none waiting, the next one), saying so, and the dialog is
    /// dismissed, as chromedriver does; a `beforeunload` one is accepted, so the navigation goes on.
    static func handle(_ calls: DevToolsCalls, event method: String, params: JSONValue) {
        guard method == "Page.javascriptDialogOpening" else { return }
        let type = params["type"].string ?? "dialog"
        let message = params["message"].string ?? ""
        let answer: JSONValue = ["accept": .bool(type == "beforeunload")]
        calls.failUnanswered(orNext: { method in .dialogOpened(method: method, type: type, message: message) })
        let answered = calls.send("Page.handleJavaScriptDialog", answer, timeout: .seconds(10), answering: true)
        Task { _ = try? await calls.answer(to: answered) }
    }

    /// Whether the socket is still open.
    var isOpen: Bool { channel.isActive }

    /// Closes the socket; calls still waiting fail, saying it closed.
    func close() {
        calls.close(reason: "the session ended")
        channel.close(promise: nil)
    }

    /// Connects to the page `window` (chromedriver's window handle, which is the page's DevTools target
    /// id) of the Chromium whose DevTools listen at `debuggerAddress` (`host:port`, a loopback host),
    /// within `timeout`; throws, saying why, when it cannot.
    static func open(debuggerAddress: String, window: String, timeout: Duration) async throws -> DevToolsConnection {
        let connection = try await open(
            debuggerAddress: debuggerAddress, target: "page \(window) (the session's window)", timeout: timeout
        ) { $0["type"].string == "page" && $0["id"].string == window }
        // Page events, for the dialogs (`Page.javascriptDialogOpening`); the rest are ignored.
        do {
            _ = try await connection.call("Page.enable", timeout: timeout)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Connects to the first target that `/json/list` of the DevTools at `debuggerAddress` lists and
    /// `matches` accepts (`described` says which, for the error when there is none).
    static func open(
        debuggerAddress: String, target described: String, timeout: Duration, matching matches: (JSONValue) -> Bool
    ) async throws -> DevToolsConnection {
        guard let colon = debuggerAddress.lastIndex(of: ":"),
            ["localhost", "127.0.0.1"].contains(debuggerAddress[..<colon]),
            let port = Int(debuggerAddress[debuggerAddress.index(after: colon)...])
        else { throw DevToolsUnavailable("the debugger address \"\(debuggerAddress)\" is not a loopback host:port") }
        let root = "http://127.0.0.1:\(port)"
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: root + "/json/list"), timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: 1024 * 1024)
        let targets = try JSONDecoder().decode(JSONValue.self, from: Data(body.readableBytesView))
        guard let found = targets.array?.first(where: matches),
            let address = found["webSocketDebuggerUrl"].string.flatMap(URL.init(string:)), !address.path.isEmpty
        else {
            throw DevToolsUnavailable("\(root)/json/list names no \(described) with a webSocketDebuggerUrl")
        }
        return try await connect(port: port, path: address.path, timeout: timeout)
    }

    private enum Upgrade: Sendable {
        case connected(DevToolsConnection)
        case declined
    }

    /// Connects and upgrades to a WebSocket; a socket not upgraded within `timeout` is closed, which
    /// fails the upgrade.
    private static func connect(port: Int, path: String, timeout: Duration) async throws -> DevToolsConnection {
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(timeout))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 26) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            let listener = EventListener()
                            let calls = DevToolsCalls(
                                transmit: { text in
                                    let frame = WebSocketFrame(
                                        fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text))
                                    channel.writeAndFlush(frame).whenFailure { _ in channel.close(promise: nil) }
                                },
                                onEvent: { calls, method, params in
                                    handle(calls, event: method, params: params)
                                    listener.handler.withLock { $0 }?(method, params)
                                })
                            try channel.pipeline.syncOperations.addHandlers(
                                NIOWebSocketFrameAggregator(
                                    minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                                    maxAccumulatedFrameSize: 1 << 26),
                                DevToolsFrameHandler(calls: calls))
                            return .connected(
                                DevToolsConnection(
                                    calls: calls, channel: channel, listener: listener,
                                    debuggerAddress: "127.0.0.1:\(port)"))
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    headers.add(name: "Content-Length", value: "0")
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                        upgradeRequestHead: HTTPRequestHead(
                            version: .http1_1, method: .GET, uri: path, headers: headers),
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            // Nothing will use a channel Chromium did not upgrade: close it.
                            channel.close(promise: nil)
                            return channel.eventLoop.makeCompletedFuture { .declined }
                        })
                    let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                    let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                        channel.close(promise: nil)
                    }
                    upgraded.whenComplete { _ in deadline.cancel() }
                    return upgraded
                }
            }
        switch try await upgrade.get() {
        case .connected(let connection): return connection
        case .declined: throw DevToolsUnavailable("Chromium declined the WebSocket upgrade of \(path)")
        }
    }
}

/// Who receives a connection's events now (``DevToolsConnection/listen(_:)``).
private final class EventListener: Sendable {
    let handler = Mutex<DevToolsConnection.Listener?>(nil)
}

/// Why the direct DevTools connection could not be opened (LitmusUI then goes through chromedriver).
struct DevToolsUnavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Hands the text messages of the socket to the calls, answers pings, and fails the waiting calls
/// when the socket closes.
private final class DevToolsFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let calls: DevToolsCalls

    init(calls: DevToolsCalls) {
        self.calls = calls
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            calls.receive(String(buffer: frame.unmaskedData))
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            calls.close(reason: "Chromium closed the connection")
            context.close(promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        calls.close(reason: "the socket closed (Chromium ended, or the session did)")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        calls.close(reason: "\(error)")
        context.close(promise: nil)
    }
}
