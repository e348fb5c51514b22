import AsyncHTTPClient
import Foundation
import LitmusHTTPStubs
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// Sends the requests a recording records to the real server through AsyncHTTPClient, and keeps the
/// answers in the recording.
final class RecordingForwarder: Sendable {
    /// Where requests sent to the server itself (not as a proxy) go, if anywhere.
    let upstream: URL?
    private let group: any EventLoopGroup
    /// The TLS the real HTTPS servers are reached with; the client's default (the system's roots) when nil.
    private let tls: TLSConfiguration?
    /// Made on the first recorded request: a server that only replays never starts a client.
    private let client = Mutex<HTTPClient?>(nil)

    init(upstream: URL?, group: any EventLoopGroup, tls: TLSConfiguration? = nil) {
        self.upstream = upstream
        self.group = group
        self.tls = tls
    }

    private var httpClient: HTTPClient {
        client.withLock { client in
            if let client { return client }
            // Redirects go back to the client, as a real server's do; bodies are decoded, as a HAR keeps them.
            let made = HTTPClient(
                eventLoopGroup: group,
                configuration: HTTPClient.Configuration(
                    tlsConfiguration: tls, redirectConfiguration: .disallow, decompression: .enabled(limit: .none)))
            client = made
            return made
        }
    }

    /// The real response to `request`, recorded (redacted) at `ticket`'s place, and returned unredacted
    /// without the headers that described the bytes on the wire.
    func fetch(_ request: RecordedRequest, into recording: HARRecording, ticket: Int) async throws -> StubResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers where !Self.hopByHop.contains(name.lowercased()) {
            outgoing.headers.add(name: name, value: value)
        }
        if !request.body.isEmpty {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let started = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await httpClient.execute(outgoing, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 256 * 1024 * 1024)
        var headers: [String: String] = [:]
        for field in response.headers {
            headers[field.name] = headers[field.name].map { "\($0), \(field.value)" } ?? field.value
        }
        let answer = StubResponse(
            status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        recording.record(
            ticket: ticket, request: request, response: answer, started: started, duration: clock.now - start)
        return answer.removingWireHeaders()
    }

    /// Shuts the client down, if one was made.
    func shutdown() async throws {
        try await client.withLock { client in
            defer { client = nil }
            return client
        }?.shutdown()
    }

    /// Shuts the client down without waiting, then calls `done` (for a server dropped without `stop()`).
    func shutdown(then done: @escaping @Sendable () -> Void) {
        let made = client.withLock { client in
            defer { client = nil }
            return client
        }
        guard let made else { return done() }
        made.shutdown().whenComplete { _ in done() }
    }

    /// Headers about this connection, not the request: the client sets its own.
    private static let hopByHop: Set<String> = [
        "host", "connection", "proxy-connection", "keep-alive", "transfer-encoding", "content-length", "upgrade",
        "te", "trailer", "proxy-authorization",
    ]
}
