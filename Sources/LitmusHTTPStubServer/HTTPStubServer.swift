import Foundation
import LitmusHTTPStubs
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Serves an ``HTTPStubs`` registry over real HTTP/1.1 on 127.0.0.1 and a free port, for clients that
/// are not URLSession: AsyncHTTPClient, other processes, a browser.
///
/// ```swift
/// let stubs = HTTPStubs()
/// stubs.stub(.path("/albums"), try .fixture("albums.json", in: .module))
/// try await HTTPStubServer.serving(stubs) { server in
///     let response = try await HTTPClient.shared.get(url: server.url("/albums").absoluteString).get()
/// }   // stopped here, whatever happened
/// ```
///
/// The same matchers, responses, sequences, delays, request log and hit counts apply as through a
/// session. Differences, since this is a real server: redirects go to the client, a network error
/// closes the connection without a response, and an unmatched request gets `501 Not Implemented` with
/// the issue text as its body (and is kept in ``HTTPStubs/unmatchedRequests``). A request's URL is
/// built from its `Host` header, so a client that sends `Host: api.example.com` to the server is matched
/// by `.host("api.example.com")`; a request in absolute form (`GET http://api.example.com/albums`)
/// keeps its URL as sent.
///
/// It replays and records HAR files too (``HTTPStubs/replay(_:mode:expiresAfter:matching:timing:redacting:recordingThrough:filePath:)``
/// on its registry): requests no entry answers go to the real server through AsyncHTTPClient, either
/// the `upstream` the server stands in for (a base-URL swap), or the URL a request in absolute form
/// names (the server as a plain-http proxy, `curl --proxy http://127.0.0.1:<port> http://…`).
///
/// Given an ``HTTPSInterception`` (LitmusHTTPStubCertificates' `RunCertificateAuthority` makes one), it
/// is an HTTPS proxy too: a `CONNECT host:443` is answered `200`, the tunnel's TLS is ended with a
/// certificate for `host` that the test's client trusts, and its requests are matched, replayed and
/// recorded as `https://host/…`, forwarded to the real server over TLS.
public final class HTTPStubServer: Sendable {
    /// The registry answering requests.
    public let stubs: HTTPStubs
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    /// Where requests sent to the server itself are recorded from, and whose URLs they are matched as.
    public let upstream: URL?
    private let channel: any Channel
    private let connections: OpenConnections
    private let group: MultiThreadedEventLoopGroup
    private let forwarder: RecordingForwarder

    private init(
        stubs: HTTPStubs, port: Int, channel: any Channel, connections: OpenConnections,
        group: MultiThreadedEventLoopGroup, forwarder: RecordingForwarder
    ) {
        self.stubs = stubs
        self.port = port
        self.upstream = forwarder.upstream
        self.channel = channel
        self.connections = connections
        self.group = group
        self.forwarder = forwarder
    }

    /// Starts serving `stubs` on 127.0.0.1 and a port the system picks. Call ``stop()`` when done, or
    /// use ``serving(_:upstream:https:_:)``, which cannot forget to.
    ///
    /// With an `upstream` (`https://api.example.com`), the server stands in for it (a base-URL swap): a
    /// request for `/search?q=a` is matched, and recorded, as `https://api.example.com/search?q=a`, so the
    /// HAR holds the real URLs and replays through a session too. Without one, requests in absolute form
    /// (the server used as a plain-http proxy) are recorded from the URL they name.
    ///
    /// With `https`, `CONNECT` tunnels are opened and their TLS ended with its certificates (see
    /// ``HTTPSInterception``); without, `CONNECT` is refused.
    public static func start(
        _ stubs: HTTPStubs, upstream: URL? = nil, https: HTTPSInterception? = nil
    ) async throws -> HTTPStubServer {
        // A group of its own: shutting it down closes the listener and every open connection with it.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = OpenConnections()
        let forwarder = RecordingForwarder(upstream: upstream, group: group, tls: https?.upstreamTLS)
        let port = PortBox()
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    connections.insert(channel)
                    return channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(
                            StubRequestHandler(stubs: stubs, forwarder: forwarder, port: port.value, https: https))
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
            guard let bound = channel.localAddress?.port else {
                throw HTTPStubServerError.noPort
            }
            port.value = bound
            return HTTPStubServer(
                stubs: stubs, port: bound, channel: channel, connections: connections, group: group,
                forwarder: forwarder)
        } catch {
            try? await forwarder.shutdown()
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` with a server serving `stubs` (standing in for `upstream`, if given, and opening HTTPS
    /// tunnels with `https`, if given; see ``start(_:upstream:https:)``), and stops the server when `body`
    /// returns or throws.
    public static func serving<Result>(
        _ stubs: HTTPStubs, upstream: URL? = nil, https: HTTPSInterception? = nil,
        _ body: (HTTPStubServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(stubs, upstream: upstream, https: https)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// The server's URL for `path` (`"/albums?q=phish"`).
    public func url(_ path: String) -> URL {
        let text = baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)
        guard let url = URL(string: text) else {
            preconditionFailure("HTTPStubServer.url(\"\(path)\"): not a valid URL path; percent-encode it")
        }
        return url
    }

    /// Stops listening and closes every open connection.
    public func stop() async throws {
        try? await channel.close()
        // Kept-alive connections would otherwise stay open, answering nothing, until the client gives up.
        for connection in connections.removeAll() {
            try? await connection.close()
        }
        try? await forwarder.shutdown()
        try await group.shutdownGracefully()
    }

    deinit {
        // A server dropped without stop() must not outlive its test either.
        let group = self.group
        forwarder.shutdown { group.shutdownGracefully { _ in } }
    }
}

/// The loopback server could not start.
public enum HTTPStubServerError: Error, CustomStringConvertible {
    /// The socket was bound but reported no port.
    case noPort

    /// Names the failure and the fix.
    public var description: String {
        "The stub server bound 127.0.0.1 but the system reported no port for it; start it again."
    }
}

/// The bound port, known only after binding, read by connections accepted after that.
private final class PortBox: Sendable {
    private let port = Mutex(0)

    var value: Int {
        get { port.withLock { $0 } }
        set { port.withLock { $0 = newValue } }
    }
}

/// The server's open connections, so stopping closes them rather than leaving clients waiting.
private final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func insert(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.channels.withLock { $0.removeValue(forKey: key) }
        }
    }

    func removeAll() -> [any Channel] {
        channels.withLock { channels in
            defer { channels.removeAll() }
            return Array(channels.values)
        }
    }
}
