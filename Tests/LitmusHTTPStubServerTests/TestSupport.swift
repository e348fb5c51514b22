import AsyncHTTPClient
import Foundation
import HTTPClientTestSupport
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Testing

extension Tag {
    /// Slower tests: they start a server on 127.0.0.1.
    @Tag static var endToEnd: Self
}

/// A response read whole: status, headers and body text.
struct Fetched {
    var status: Int
    var headers: [String: String]
    var text: String
}

extension HTTPClient {
    /// Sends `method url` with `body`, and reads the whole response.
    func fetch(
        _ url: URL, method: HTTPMethod = .GET, headers: [String: String] = [:], body: String? = nil
    ) async throws -> Fetched {
        let request = try HTTPClient.Request(
            url: url.absoluteString, method: method, headers: HTTPHeaders(Array(headers)),
            body: body.map { .string($0) })
        let answer = await collect(request)
        let head = try answer.completeHead()
        return Fetched(
            status: Int(head.status.code),
            headers: Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }) { first, _ in first },
            text: answer.text)
    }
}

/// Whether `call` throws: for requests that must fail, such as to a stopped server.
func fails(_ call: () async throws -> Void) async -> Bool {
    do {
        try await call()
        return false
    } catch {
        return true
    }
}

/// Whether something accepts TCP connections on 127.0.0.1:`port` (a refused connect fails at once).
func isListening(port: Int) async -> Bool {
    do {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        try? await channel.close()
        return true
    } catch {
        return false
    }
}

/// A raw TCP connection to 127.0.0.1:`port` that has sent one keep-alive request.
func keptAliveConnection(port: Int) async throws -> any Channel {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connect(host: "127.0.0.1", port: port).get()
    try await channel.writeAndFlush(ByteBuffer(string: "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
    return channel
}

/// Whether `channel` is closed (by its peer) before `limit` passes.
func closes(_ channel: any Channel, within limit: TimeAmount) async throws -> Bool {
    let verdict = channel.eventLoop.makePromise(of: Bool.self)
    let decided = Mutex(false)
    let decide: @Sendable (Bool) -> Void = { closed in
        if decided.withLock({ done in
            defer { done = true }
            return !done
        }) {
            verdict.succeed(closed)
        }
    }
    channel.closeFuture.whenComplete { _ in decide(true) }
    let timeout = channel.eventLoop.scheduleTask(in: limit) { decide(false) }
    let closed = try await verdict.futureResult.get()
    timeout.cancel()
    if !closed { try? await channel.close() }
    return closed
}
