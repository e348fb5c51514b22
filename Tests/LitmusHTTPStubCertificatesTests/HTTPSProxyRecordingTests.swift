import AsyncHTTPClient
import Foundation
import HTTPClientTestSupport
import LitmusHTTPStubCertificates
import LitmusHTTPStubServer
import LitmusHTTPStubs
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization
import Testing

extension Tag {
    /// Slower tests: they start servers on 127.0.0.1.
    @Tag static var endToEnd: Self
}

@Suite(
    "HTTPS recorded through the stub server as a proxy, with a certificate authority made for the run", .tags(.endToEnd)
)
final class HTTPSProxyRecordingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-https-\(UUID().uuidString)")
    let album = #"{"id":1,"title":"Hoist","token":"t-123"}"#

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// GET `url` with `Authorization: Bearer secret` through the proxy on `port`, with `tls`: status and body.
    /// The deadline bounds liveness, not speed (a 10 s one passed on a busy machine, issue #52); a client
    /// that does not retry fails at its first failed connection instead of at the deadline.
    func fetch(
        _ url: String, proxyPort port: Int, tls: TLSConfiguration, retrying: Bool = true
    ) async throws -> (status: Int, body: String) {
        let request = try HTTPClient.Request(url: url, headers: ["Authorization": "Bearer secret"])
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.proxy = .server(host: "127.0.0.1", port: port)
        configuration.connectionPool.retryConnectionEstablishment = retrying
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // Read on the client's event loop (HTTPClientTestSupport): a task waiting for a busy pool leaves no
        // connection unread.
        let answer = await client.collect(request)
        try await client.shutdown()
        let head = try answer.completeHead()
        return (Int(head.status.code), answer.text)
    }

    @Test(
        "AsyncHTTPClient trusting the run's authority records an HTTPS service through the proxy, then replays it without the service"
    )
    func recordThenReplay() async throws {
        // Given: an HTTPS service on 127.0.0.1 with a self-signed certificate the proxy is told to trust.
        let upstream = try await HTTPSUpstream.start(answering: album)
        let url = "https://127.0.0.1:\(upstream.port)/albums/1"
        let authority = try RunCertificateAuthority()
        var upstreamTLS = TLSConfiguration.makeClientConfiguration()
        upstreamTLS.trustRoots = .certificates([upstream.certificate])
        let https = authority.interception(upstreamTLS: upstreamTLS)
        let file = folder.appendingPathComponent("albums.har")
        let recorder = HTTPStubs()
        try recorder.replay(
            file: file, mode: .recordAll, redacting: HARRedaction(jsonFields: ["token"]), environment: [:])
        // When
        let recorded = try await HTTPStubServer.serving(recorder, https: https) { server in
            try await fetch(url, proxyPort: server.port, tls: authority.clientTLSConfiguration)
        }
        try recorder.finishRecordings()
        try await upstream.stop()
        let replayer = HTTPStubs()
        try replayer.replay(file: file, environment: [:])
        let replayed = try await HTTPStubServer.serving(replayer, https: https) { server in
            try await fetch(url, proxyPort: server.port, tls: authority.clientTLSConfiguration)
        }
        // Then: the service saw the real request; the HAR holds the https URL, redacted as any recording is
        // (the standard headers, and the JSON field asked for).
        #expect(recorded.status == 200)
        #expect(recorded.body == album)
        #expect(upstream.authorizations == ["Bearer secret"])
        let entries = try HAR(contentsOf: file).log.entries
        #expect(entries.map(\.request.url) == [url])
        #expect(entries.first?.request.headers.first { $0.name.lowercased() == "authorization" }?.value == "REDACTED")
        #expect(entries.first?.response.headers.first { $0.name.lowercased() == "set-cookie" }?.value == "REDACTED")
        #expect(entries.first?.response.content.text == #"{"id":1,"title":"Hoist","token":"REDACTED"}"#)
        #expect(replayed.status == 200)
        #expect(replayed.body == #"{"id":1,"title":"Hoist","token":"REDACTED"}"#)
        replayer.verifyNoUnmatchedRequests()
    }

    @Test("A client that does not trust the run's authority fails the handshake, and nothing reaches the service")
    func untrustedClient() async throws {
        let upstream = try await HTTPSUpstream.start(answering: album)
        let authority = try RunCertificateAuthority()
        var upstreamTLS = TLSConfiguration.makeClientConfiguration()
        upstreamTLS.trustRoots = .certificates([upstream.certificate])
        let recorder = HTTPStubs()
        try recorder.replay(file: folder.appendingPathComponent("none.har"), mode: .recordAll, environment: [:])
        let other = try RunCertificateAuthority()

        let error = try await HTTPStubServer.serving(recorder, https: authority.interception(upstreamTLS: upstreamTLS))
        {
            server in
            await #expect(throws: NIOSSLError.self) {
                _ = try await fetch(
                    "https://127.0.0.1:\(upstream.port)/albums/1", proxyPort: server.port,
                    // AsyncHTTPClient would retry a failed connection until the deadline, then throw its
                    // error: without retries it throws the handshake's error at once.
                    tls: other.clientTLSConfiguration, retrying: false)
            }
        }
        try await upstream.stop()

        #expect(error != nil)
        #expect(upstream.authorizations.isEmpty)
        #expect(authority.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(authority.certificateDER.first == 0x30)
        #expect(authority.certificate != other.certificate)
    }

    @Test("Without an HTTPSInterception the server refuses CONNECT with 501, naming the fix")
    func connectRefused() async throws {
        let stubs = HTTPStubs()
        try await HTTPStubServer.serving(stubs) { server in
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: server.port).get()
            let reply = Reply()
            try await channel.pipeline.addHandler(reply)
            try await channel.writeAndFlush(
                ByteBuffer(string: "CONNECT 127.0.0.1:9 HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n"))
            try await channel.closeFuture.get()
            #expect(reply.text.hasPrefix("HTTP/1.1 501 Not Implemented\r\n"))
            #expect(reply.text.contains("HTTPStubServer.start(stubs, https: RunCertificateAuthority().interception())"))
        }
    }
}

/// The bytes a raw connection received, until it closed.
private final class Reply: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let received = Mutex("")

    var text: String { received.withLock { $0 } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let text = String(buffer: unwrapInboundIn(data))
        received.withLock { $0 += text }
    }
}

/// An HTTPS service on 127.0.0.1 with a self-signed certificate of its own: every request is answered
/// with the same JSON and a cookie; it keeps the Authorization headers it saw.
final class HTTPSUpstream: Sendable {
    let certificate: NIOSSLCertificate
    let port: Int
    private let channel: any Channel
    private let seen = Mutex<[String]>([])

    private init(certificate: NIOSSLCertificate, port: Int, channel: any Channel) {
        self.certificate = certificate
        self.port = port
        self.channel = channel
    }

    var authorizations: [String] { seen.withLock { $0 } }

    static func start(answering body: String) async throws -> HTTPSUpstream {
        let (certificate, key) = try RunCertificateAuthority.selfSigned(forHost: "127.0.0.1")
        let tls = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
        let log = Log()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Answer(body: body, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let upstream = HTTPSUpstream(
            certificate: certificate, port: channel.localAddress?.port ?? 0, channel: channel)
        log.upstream.withLock { $0 = upstream }
        return upstream
    }

    func stop() async throws {
        try await channel.close()
    }

    fileprivate func saw(_ authorization: String) {
        seen.withLock { $0.append(authorization) }
    }

    /// Where the answering handlers report to, set once the server is bound.
    fileprivate final class Log: Sendable {
        let upstream = Mutex<HTTPSUpstream?>(nil)
    }

    private final class Answer: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let body: String
        let log: Log

        init(body: String, log: Log) {
            self.body = body
            self.log = log
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                log.upstream.withLock { $0 }?.saw(head.headers.first(name: "Authorization") ?? "")
            case .body:
                break
            case .end:
                let headers: HTTPHeaders = [
                    "Content-Type": "application/json", "Content-Length": "\(body.utf8.count)",
                    "Set-Cookie": "session=abc",
                ]
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// Counts the authentication challenges a session's delegate is asked, and refuses each.
    private final class TrustDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        let asked = Mutex(0)

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            asked.withLock { $0 += 1 }
            completionHandler(.performDefaultHandling, nil)
        }
    }

    @Suite("Linux's URLSession and a certificate it does not trust", .tags(.endToEnd))
    struct LinuxURLSessionTrustTests {
        @Test("It fails the request without asking its delegate about server trust: a run's CA cannot be trusted there")
        func noServerTrustChallenge() async throws {
            let upstream = try await HTTPSUpstream.start(answering: "{}")
            let delegate = TrustDelegate()
            let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
            let error = await #expect(throws: URLError.self) {
                _ = try await session.data(from: URL(string: "https://127.0.0.1:\(upstream.port)/albums")!)
            }
            session.invalidateAndCancel()
            try await upstream.stop()
            // curl's verification failure, as URLError(.unknown): the certificate was checked against the system's
            // roots only.
            #expect(error?.code == .unknown)
            #expect(error?.localizedDescription.contains("certificate") == true, "\(String(describing: error))")
            #expect(delegate.asked.withLock { $0 } == 0)
            #expect(upstream.authorizations.isEmpty)
        }
    }
#endif
