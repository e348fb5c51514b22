import Foundation
import LitmusHTTPStubs
import NIOCore
import NIOHTTP1

/// Answers one connection's requests from an ``HTTPStubs`` registry.
final class StubRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let stubs: HTTPStubs
    private let forwarder: RecordingForwarder
    private let port: Int
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(stubs: HTTPStubs, forwarder: RecordingForwarder, port: Int) {
        self.stubs = stubs
        self.forwarder = forwarder
        self.port = port
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, body: Data(body.readableBytesView), context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, body: Data, context: ChannelHandlerContext) {
        let request = self.request(head, body: body)
        let response: StubResponse
        switch stubs.resolve(request, followRedirects: false) {
        case .respond(let stubbed, _):
            response = stubbed
        case .record(let recording, let ticket):
            record(request, into: recording, ticket: ticket, head: head, context: context)
            return
        case .unmatched(let unmatched):
            response = .string(
                unmatched.description, status: 501, headers: ["X-Litmus-Unmatched": "true"])
        case .passThrough:
            response = .string(
                "\(request) is on the pass-through allow-list, but the stub server does not forward "
                    + "requests to the network. Stub it, or send it to the real server.", status: 502)
        }
        send(response, head: head, context: context)
    }

    /// The request as matched and recorded: with an upstream, sent to the upstream's URL and host.
    private func request(_ head: HTTPRequestHead, body: Data) -> RecordedRequest {
        var headers = Dictionary(head.headers.map { ($0.name, $0.value) }) { first, later in "\(first),\(later)" }
        guard let upstream = forwarder.upstream, head.uri.hasPrefix("/"),
            let url = URL(string: upstream.absoluteString.replacing(/\/$/, with: "") + head.uri)
        else {
            return RecordedRequest(method: head.method.rawValue, url: Self.url(of: head), headers: headers, body: body)
        }
        if let name = headers.keys.first(where: { $0.lowercased() == "host" }) {
            headers[name] = upstream.port.map { "\(upstream.host ?? ""):\($0)" } ?? upstream.host
        }
        return RecordedRequest(method: head.method.rawValue, url: url, headers: headers, body: body)
    }

    /// With an upstream, a redirect to the upstream leads back to this server, so the client's next hop
    /// is recorded, and replayed, too.
    private func redirectingHere(_ response: StubResponse) -> StubResponse {
        guard let upstream = forwarder.upstream?.absoluteString.replacing(/\/$/, with: ""),
            let name = response.headers.keys.first(where: { $0.lowercased() == "location" }),
            let location = response.headers[name], location.hasPrefix(upstream)
        else { return response }
        var redirected = response
        redirected.headers[name] = "http://127.0.0.1:\(port)" + location.dropFirst(upstream.count)
        return redirected
    }

    /// Sends `request` to the real server and answers with what it said, keeping both in `recording`.
    private func record(
        _ request: RecordedRequest, into recording: HARRecording, ticket: Int, head: HTTPRequestHead,
        context: ChannelHandlerContext
    ) {
        let isSelf = ["127.0.0.1", "localhost"].contains(request.url.host ?? "") && request.url.port == port
        guard !isSelf else {
            let text =
                "\(request) is not in the recording and there is nowhere to record it from: start the server "
                + "with HTTPStubServer.start(stubs, upstream: URL(string: \"https://api.example.com\")!), or use "
                + "it as an HTTP proxy (requests in absolute form go where they name)."
            send(.string(text, status: 502, headers: ["X-Litmus-Unmatched": "true"]), head: head, context: context)
            return
        }
        let forwarder = self.forwarder
        let answer = context.eventLoop.makeFutureWithTask {
            try await forwarder.fetch(request, into: recording, ticket: ticket)
        }
        answer.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let response):
                self.send(response, head: head, context: context)
            case .failure(let error):
                let text = "Litmus could not record \(request): the real server did not answer (\(error))."
                self.send(.string(text, status: 502), head: head, context: context)
            }
        }
    }

    private func send(_ response: StubResponse, head: HTTPRequestHead, context: ChannelHandlerContext) {
        let response = redirectingHere(response)
        let loop = context.eventLoop.assumeIsolated()
        let keepAlive = head.isKeepAlive
        loop.scheduleTask(in: Self.timeAmount(response.requestDelay)) {
            guard context.channel.isActive else { return }
            switch (response.fault, response.failureCode) {
            case (.malformed?, _):
                self.writeRaw("SMTP 220 not HTTP\r\n\r\n", thenClose: context)
                return
            case (.malformedChunks?, _):
                let text = "HTTP/1.1 \(response.status) OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n"
                self.writeRaw(text, thenClose: context)
                return
            case (_, .networkConnectionLost?):
                Self.reset(context)
                return
            case (_, .some):
                context.close(promise: nil)
                return
            default:
                break
            }
            self.writeHead(response, version: head.version, keepAlive: keepAlive, context: context)
            if case .truncated(let count)? = response.fault {
                loop.scheduleTask(in: Self.timeAmount(response.responseDelay)) {
                    guard context.channel.isActive else { return }
                    // The head promised the whole body: its first bytes, then the connection goes.
                    let part = ByteBuffer(bytes: response.body.prefix(count))
                    context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(part)))).assumeIsolated()
                        .whenComplete { _ in context.close(promise: nil) }
                }
                return
            }
            context.flush()
            let parts = response.bodyParts
            let step = Self.timeAmount(response.responseDelay / max(1, parts.count))
            self.writeBody(parts[...], every: step, keepAlive: keepAlive, context: context)
        }
    }

    /// Sends `text` as it is, past the HTTP encoder (bytes no encoder would write), then closes.
    private func writeRaw(_ text: String, thenClose context: ChannelHandlerContext) {
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            context.close(promise: nil)
            return
        }
        // Written from the encoder's place in the pipeline, the bytes go to the socket without it.
        encoder.writeAndFlush(NIOAny(ByteBuffer(string: text))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Closes the connection with a TCP reset (SO_LINGER 0) rather than an orderly shutdown.
    private static func reset(_ context: ChannelHandlerContext) {
        guard let socket = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func writeHead(
        _ response: StubResponse, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders(response.headers.map { ($0.key, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    /// Sends `parts`, each flushed on its own after `step` (a slow body arrives in pieces, as over a slow
    /// network), then ends the response.
    private func writeBody(
        _ parts: ArraySlice<Data>, every step: TimeAmount, keepAlive: Bool, context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop.assumeIsolated()
        loop.scheduleTask(in: step) {
            guard context.channel.isActive else { return }
            if let part = parts.first {
                context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: part)))), promise: nil)
                if parts.count > 1 {
                    self.writeBody(parts.dropFirst(), every: step, keepAlive: keepAlive, context: context)
                    return
                }
            }
            let done = context.writeAndFlush(self.wrapOutboundOut(.end(nil)))
            if !keepAlive {
                done.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        }
    }

    /// The request's URL: as sent in proxy form, or built from the Host header.
    private static func url(of head: HTTPRequestHead) -> URL {
        if head.uri.hasPrefix("http://") || head.uri.hasPrefix("https://"), let url = URL(string: head.uri) {
            return url
        }
        let host = head.headers.first(name: "Host") ?? "127.0.0.1"
        let path = head.uri.hasPrefix("/") ? head.uri : "/" + head.uri
        // A Host header or path that makes no URL (a client's mistake) must not stop the server.
        return URL(string: "http://\(host)\(path)") ?? URL(string: "http://127.0.0.1\(path)")
            ?? URL(string: "http://127.0.0.1/")!
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
