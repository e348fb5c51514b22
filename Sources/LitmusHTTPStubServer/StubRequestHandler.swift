import Foundation
import LitmusHTTPStubs
import NIOCore
import NIOHTTP1
import NIOSSL

/// Answers one connection's requests from an ``HTTPStubs`` registry; given an ``HTTPSInterception``, opens
/// the HTTPS tunnels a `CONNECT` asks for and answers the requests inside them too.
final class StubRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let stubs: HTTPStubs
    private let forwarder: RecordingForwarder
    private let port: Int
    private let https: HTTPSInterception?
    /// Inside a `CONNECT` tunnel: the host and port it was opened to (`api.example.com:443`), whose
    /// `https` URLs its requests are matched and recorded as.
    private let tunnel: (host: String, port: Int)?
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(
        stubs: HTTPStubs, forwarder: RecordingForwarder, port: Int, https: HTTPSInterception? = nil,
        tunnel: (host: String, port: Int)? = nil
    ) {
        self.stubs = stubs
        self.forwarder = forwarder
        self.port = port
        self.https = https
        self.tunnel = tunnel
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
        if head.method == .CONNECT {
            openTunnel(head, context: context)
            return
        }
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
        if let tunnel, head.uri.hasPrefix("/") {
            let authority =
                tunnel.port == 443 ? Self.urlHost(tunnel.host) : "\(Self.urlHost(tunnel.host)):\(tunnel.port)"
            let url = URL(string: "https://\(authority)\(head.uri)") ?? URL(string: "https://\(authority)/")!
            return RecordedRequest(method: head.method.rawValue, url: url, headers: headers, body: body)
        }
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
        guard tunnel == nil, let upstream = forwarder.upstream?.absoluteString.replacing(/\/$/, with: ""),
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

    /// Answers a `CONNECT host:port`: with an ``HTTPSInterception``, `200`, then this connection becomes
    /// the tunnel, its TLS ended with a certificate for `host` and its requests answered as
    /// `https://host:port/…`; without one, `501` naming the fix.
    private func openTunnel(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let https else {
            let text =
                "CONNECT \(head.uri): the stub server opens HTTPS tunnels only when started with an HTTPSInterception: "
                + "HTTPStubServer.start(stubs, https: RunCertificateAuthority().interception()) "
                + "(LitmusHTTPStubCertificates), with the client trusting the authority's certificate."
            refuse(501, "Not Implemented", text, context: context)
            return
        }
        guard let target = Self.authority(head.uri) else {
            let text = "CONNECT \(head.uri): not a host and port (CONNECT api.example.com:443)."
            refuse(400, "Bad Request", text, context: context)
            return
        }
        let tls: NIOSSLContext
        do {
            tls = try https.serverContext(target.host)
        } catch {
            let text = "CONNECT \(head.uri): no certificate could be made for \(target.host) (\(error))."
            refuse(502, "Bad Gateway", text, context: context)
            return
        }
        let (stubs, forwarder, port) = (self.stubs, self.forwarder, self.port)
        // The client sends nothing before the 200, which is written once the pipeline speaks TLS, so no byte
        // of the tunnel reaches the HTTP handlers being removed (the decoder leaves on a later tick).
        let pipeline = context.pipeline.syncOperations
        let contexts = [
            try? pipeline.context(handlerType: HTTPServerProtocolErrorHandler.self),
            try? pipeline.context(handlerType: HTTPServerPipelineHandler.self),
            try? pipeline.context(handlerType: NIOHTTPResponseHeadersValidator.self),
            try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self),
            try? pipeline.context(handlerType: HTTPResponseEncoder.self), context,
        ]
        let channel = context.channel
        let removals = contexts.compactMap { $0 }.map { pipeline.removeHandler(context: $0) }
        EventLoopFuture.andAllSucceed(removals, on: channel.eventLoop).assumeIsolated().whenComplete { result in
            do {
                try result.get()
                let pipeline = channel.pipeline.syncOperations
                let tlsHandler = NIOSSLServerHandler(context: tls)
                try pipeline.addHandler(tlsHandler)
                try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                try pipeline.addHandler(
                    StubRequestHandler(stubs: stubs, forwarder: forwarder, port: port, tunnel: target))
                // Written below the TLS handler: the proxy's answer goes to the client in clear text.
                let below = try pipeline.context(handler: tlsHandler)
                below.writeAndFlush(
                    NIOAny(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")), promise: nil)
            } catch {
                channel.close(promise: nil)
            }
        }
    }

    /// Answers a `CONNECT` it does not open with `status` and `text` as the body, then closes: written past
    /// the encoder, which drops the body of any answer to a `CONNECT`.
    private func refuse(_ status: Int, _ reason: String, _ text: String, context: ChannelHandlerContext) {
        writeRaw(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
                + "\(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)", thenClose: context)
    }

    /// `host` and `port` of a `CONNECT` target: `api.example.com:443`, `127.0.0.1:8443`, `[::1]:443`.
    static func authority(_ target: String) -> (host: String, port: Int)? {
        guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        var host = String(target[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    /// `host` as a URL writes it: an IPv6 address in brackets.
    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
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
