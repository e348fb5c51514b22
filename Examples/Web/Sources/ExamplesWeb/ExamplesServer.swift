import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The examples web app: an index at `/` and one screen per example (`/calculator`, …), with
/// state kept per browser session (a cookie), served by hummingbird on a loopback address.
///
/// `swift run examples` runs it on 127.0.0.1:8080; UI tests ``start(port:)`` one per test on a free
/// port, in process, so each test gets a fresh server and no process to clean up.
public struct ExamplesServer: Sendable {
    /// The address the server binds: loopback only, never every interface.
    public static let host = "127.0.0.1"

    /// What the server's examples start with.
    public let configuration: ExamplesConfiguration

    /// Creates a server (not yet running) for a configuration.
    public init(configuration: ExamplesConfiguration = ExamplesConfiguration()) {
        self.configuration = configuration
    }

    /// Runs the server on 127.0.0.1:`port` until the task is cancelled; `onRunning` receives the port
    /// it bound (useful with port 0, which picks a free one).
    public func run(
        port: Int = 8080, logLevel: Logger.Level = .info, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        try await application(port: port, logLevel: logLevel, onRunning: onRunning).run()
    }

    /// The hummingbird application (tests drive it with HummingbirdTesting).
    func application(
        port: Int = 0, logLevel: Logger.Level = .info, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "litmus-examples")
        logger.logLevel = logLevel
        return Application(
            router: router(),
            configuration: .init(address: .hostname(Self.host, port: port), serverName: "litmus-examples"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// Starts the server in this process on a free loopback port (or `port`), and returns once it
    /// accepts connections. Stop it with ``RunningExamplesServer/stop()``. It logs only critical
    /// messages (a test's output stays the test's).
    ///
    /// It runs in a service group of its own, so that stopping it is a graceful shutdown: cancelling
    /// a hummingbird server's task instead traps ("Deinited NIOAsyncWriter without calling finish()")
    /// when a connection was accepted but not yet served, as a browser's can be at that moment.
    public func start(port: Int = 0) async throws -> RunningExamplesServer {
        let started = StartSignal()
        let app = application(port: port, logLevel: .critical) { port in started.succeed(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "litmus-examples")))
        let task = Task {
            do {
                try await group.run()
                started.fail(ExamplesServerError.stoppedBeforeRunning(port: port, reason: "it stopped"))
            } catch {
                started.fail(ExamplesServerError.stoppedBeforeRunning(port: port, reason: "\(error)"))
                throw error
            }
        }
        let server = RunningExamplesServer(task: task, group: group)
        do {
            let boundPort = try await started.port()
            return server.bound(to: URL(string: "http://\(Self.host):\(boundPort)/")!)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The routes: the index, and GET (render) and POST (act, then redirect back, or answer with the
    /// page when the page's script sent the form) for every screen.
    func router() -> Router<BasicRequestContext> {
        let sessions = SessionStore(configuration: configuration)
        let (formScript, onFormReceived) = (configuration.formScript, configuration.onFormReceived)
        let router = Router()
        if formScript == .blocked {
            router.add(middleware: ScriptBlockingMiddleware())
        }
        router.get("/") { _, _ in
            htmlResponse(IndexPage.page(for: Screen.all).html)
        }
        for screen in Screen.all {
            router.get(RouterPath(stringLiteral: screen.path)) { request, _ in
                let id = request.cookies[SessionStore.cookieName]?.value
                let (sessionID, isNew, html) = await MainActor.run {
                    let found = sessions.session(id: id)
                    return (found.id, found.isNew, screen.page(for: found.session).html)
                }
                return htmlResponse(html, newSessionID: isNew ? sessionID : nil)
            }
            router.post(RouterPath(stringLiteral: screen.path)) { request, _ in
                let id = request.cookies[SessionStore.cookieName]?.value
                let sentByScript = request.headers.contains { $0.name.canonicalName == Page.fetchHeader.lowercased() }
                onFormReceived(screen.path, sentByScript)
                if sentByScript && formScript == .fetchRefused {
                    return textResponse(
                        "The examples server refuses forms sent by the page's script (formScript: .fetchRefused).",
                        status: .serviceUnavailable)
                }
                let body = try await request.body.collect(upTo: 64 * 1024)
                let form = FormFields.decode(String(buffer: body))
                let outcome = await sessions.perform(screen, form: form, id: id)
                switch outcome {
                case .success(let (sessionID, isNew)) where sentByScript:
                    let html = await MainActor.run { screen.page(for: sessions.session(id: sessionID).session).html }
                    return htmlResponse(html, newSessionID: isNew ? sessionID : nil)
                case .success(let (sessionID, isNew)):
                    return redirect(to: "/\(screen.path)", newSessionID: isNew ? sessionID : nil)
                case .failure(let error):
                    return textResponse(error.description, status: .badRequest)
                }
            }
        }
        return router
    }
}

/// A server started by ``ExamplesServer/start(port:)``.
public final class RunningExamplesServer: Sendable {
    /// The server's root, such as `http://127.0.0.1:41234/`.
    public let url: URL
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    init(task: Task<Void, any Error>, group: ServiceGroup, url: URL = URL(string: "http://\(ExamplesServer.host)/")!) {
        self.url = url
        self.task = task
        self.group = group
    }

    func bound(to url: URL) -> RunningExamplesServer {
        RunningExamplesServer(task: task, group: group, url: url)
    }

    /// The URL of a screen, such as `calculator`.
    public func url(ofScreen path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// Stops the server gracefully (requests being served are answered, idle connections closed) and
    /// waits until it has closed its socket.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

/// Why the examples server could not start.
public enum ExamplesServerError: Error, CustomStringConvertible, Equatable {
    /// The server stopped before it accepted connections, such as when the port is taken.
    case stoppedBeforeRunning(port: Int, reason: String)

    public var description: String {
        switch self {
        case .stoppedBeforeRunning(let port, let reason):
            "The examples server could not start on \(ExamplesServer.host):\(port): \(reason). "
                + "If the port is in use, choose another with --port, or 0 for a free one."
        }
    }
}

/// Adds `Content-Security-Policy: script-src 'none'` to every answer (``FormScriptMode/blocked``).
private struct ScriptBlockingMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = "script-src 'none'"
        return response
    }
}

private func htmlResponse(_ html: String, newSessionID: String? = nil) -> Response {
    var response = Response(
        status: .ok,
        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .connection: "close"],
        body: .init(byteBuffer: ByteBuffer(string: html))
    )
    if let newSessionID { response.setCookie(sessionCookie(newSessionID)) }
    return response
}

private func redirect(to path: String, newSessionID: String?) -> Response {
    var response = Response(status: .seeOther, headers: [.location: path, .connection: "close"])
    if let newSessionID { response.setCookie(sessionCookie(newSessionID)) }
    return response
}

private func textResponse(_ text: String, status: HTTPResponse.Status) -> Response {
    Response(
        status: status, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
}

private func sessionCookie(_ id: String) -> Cookie {
    Cookie(name: SessionStore.cookieName, value: id, path: "/", httpOnly: true, sameSite: .lax)
}

extension SessionStore {
    /// Performs `screen`'s action for `form` on the session named `id` (created if needed).
    fileprivate func perform(
        _ screen: Screen, form: [String: String], id: String?
    ) async -> Result<(id: String, isNew: Bool), ScreenInputError> {
        let found = session(id: id)
        do throws(ScreenInputError) {
            try await screen.perform(form, found.session)
            return .success((found.id, found.isNew))
        } catch {
            return .failure(error)
        }
    }
}
