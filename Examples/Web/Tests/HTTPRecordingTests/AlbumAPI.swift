import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// A small album API, the "real server" the recordings are taken from: Hummingbird on 127.0.0.1 and a
/// free port, started by a test and stopped by it.
///
/// `GET /search?term=…` answers JSON naming the term and how many searches this server has answered
/// (so repeated identical requests get different answers); `POST /login` answers a token for the
/// JSON body's user and sets a session cookie; `GET /old-search` redirects to a search.
struct AlbumAPI {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the API and returns once it accepts connections.
    static func start() async throws -> AlbumAPI {
        let searches = Mutex(0)
        let router = Router()
        router.get("search") { request, _ -> Response in
            let term = request.uri.queryParameters["term"].map(String.init) ?? ""
            let count = searches.withLock {
                $0 += 1
                return $0
            }
            let body = #"{"term":"\#(term)","search":\#(count)}"#
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("old-search") { _, _ in
            Response(status: .movedPermanently, headers: [.location: "/search?term=moved"])
        }
        router.post("login") { request, context -> Response in
            let login = try await request.decode(as: Login.self, context: context)
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .setCookie: "session=cookie-for-\(login.user)"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"token":"token-for-\#(login.user)"}"#)))
        }
        let bound = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "album-api")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in bound.continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            defer { bound.continuation.finish() }
            try await group.run()
        }
        var ports = bound.stream.makeAsyncIterator()
        guard let port = await ports.next() else {
            _ = await task.result
            throw AlbumAPIError.didNotStart
        }
        return AlbumAPI(port: port, group: group, task: task)
    }

    /// Stops the server gracefully and waits until its socket is closed: Hummingbird's task must not be
    /// cancelled (swift-nio#3481).
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    private struct Login: Decodable {
        var user: String
        var password: String
    }
}

/// The album API stopped before it accepted connections.
enum AlbumAPIError: Error, CustomStringConvertible {
    case didNotStart

    var description: String { "The album API (Hummingbird on 127.0.0.1) stopped before it accepted connections." }
}
