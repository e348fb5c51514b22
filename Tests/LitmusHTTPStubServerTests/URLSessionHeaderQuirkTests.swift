import Foundation
import NIOCore
import NIOPosix
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Pins the FINDINGS.md fact that needs a real socket: URLSession on Linux rejects a response whose
// header has no space after the colon ("Failed writing header"), which chromedriver sends.

@Suite("Linux URLSession quirks over a real socket", .tags(.endToEnd))
struct URLSessionHeaderQuirkTests {
    #if canImport(FoundationNetworking)
        @Test("URLSession rejects a response header without a space after the colon")
        func headerWithoutSpaceRejected() async throws {
            let server = try await RawResponseServer.start(
                "HTTP/1.1 200 OK\r\nContent-Length:2\r\nConnection: close\r\n\r\nok")
            defer { server.stop() }

            let outcome: String
            do {
                let (data, _) = try await URLSession(configuration: .ephemeral).data(from: server.url)
                outcome = "answered \(String(decoding: data, as: UTF8.self))"
            } catch {
                outcome = "failed"
            }

            #expect(outcome == "failed")
        }
    #endif

    @Test("The same response with a space after the colon is accepted (the control)")
    func headerWithSpaceAccepted() async throws {
        let server = try await RawResponseServer.start(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        defer { server.stop() }

        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: server.url)

        #expect(String(decoding: data, as: UTF8.self) == "ok")
    }
}

/// Answers every connection on 127.0.0.1 with the same raw bytes, then closes it.
private struct RawResponseServer {
    let channel: any Channel
    let url: URL

    static func start(_ response: String) async throws -> RawResponseServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RawResponder(response: response))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RawResponseServer(
            channel: channel, url: URL(string: "http://127.0.0.1:\(channel.localAddress!.port!)/")!)
    }

    func stop() {
        channel.close(promise: nil)
    }
}

private final class RawResponder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let response: String
    private var answered = false

    init(response: String) {
        self.response = response
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        answered = true
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
