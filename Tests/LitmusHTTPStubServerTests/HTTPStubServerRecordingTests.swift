import AsyncHTTPClient
import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs
import LitmusSupport
import NIOCore
import NIOHTTP1
import Testing

/// The stub server recording a HAR through AsyncHTTPClient. The "real" server here is another stub
/// server: a real HTTP server on 127.0.0.1 that costs nothing to build. Examples/Web records from a
/// Hummingbird app.
@Suite("The stub server records and replays a HAR", .tags(.endToEnd))
final class HTTPStubServerRecordingTests {
    let client = HTTPClient.shared
    let folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-har-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A real server answering `/albums` with each of `answers` in turn.
    private func realServer(_ answers: StubResponse...) -> HTTPStubs {
        let real = HTTPStubs()
        real.stub(.path("/albums"), responses: answers)
        return real
    }

    @Test("Standing in for an upstream, it records AsyncHTTPClient's requests and replays them with the upstream gone")
    func recordThenReplayWithUpstreamStopped() async throws {
        // Given
        let file = folder.appendingPathComponent("albums.har")
        let real = realServer(.string("Big Boat", headers: ["X-Served": "real"]), .string("Farmhouse"))
        let upstream = try await HTTPStubServer.start(real)
        let recorder = HTTPStubs()
        try recorder.replay(file: file, mode: .recordAll, environment: [:])
        let recorded = try await HTTPStubServer.serving(recorder, upstream: upstream.baseURL) { server in
            [
                try await client.fetch(server.url("/albums?q=phish")),
                try await client.fetch(server.url("/albums?q=phish")),
            ]
        }
        try recorder.finishRecordings()
        try await upstream.stop()
        // When
        let replayer = HTTPStubs()
        try replayer.replay(file: file, environment: [:])
        let replayed = try await HTTPStubServer.serving(replayer, upstream: upstream.baseURL) { server in
            [
                try await client.fetch(server.url("/albums?q=phish")),
                try await client.fetch(server.url("/albums?q=phish")),
            ]
        }
        // Then
        #expect(recorded.map(\.text) == ["Big Boat", "Farmhouse"])
        #expect(replayed.map(\.text) == ["Big Boat", "Farmhouse"])
        #expect(replayed.map(\.status) == [200, 200])
        #expect(replayed.first?.headers["x-served"] == "real")
        let urls = try HAR(contentsOf: file).log.entries.map(\.request.url)
        #expect(
            urls == [upstream.url("/albums?q=phish").absoluteString, upstream.url("/albums?q=phish").absoluteString])
        replayer.verifyNoUnmatchedRequests()
    }

    @Test("A redirect to the upstream leads the client back through the server: both hops recorded and replayed")
    func redirectThroughServer() async throws {
        // Given
        let file = folder.appendingPathComponent("moved.har")
        let real = HTTPStubs()
        let upstream = try await HTTPStubServer.start(real)
        real.stub(.path("/old"), .redirect(to: upstream.url("/new").absoluteString, status: 301))
        real.stub(.path("/new"), .string("moved here"))
        let recorder = HTTPStubs()
        try recorder.replay(file: file, mode: .recordAll, environment: [:])
        let recorded = try await HTTPStubServer.serving(recorder, upstream: upstream.baseURL) { server in
            try await client.fetch(server.url("/old"))
        }
        try recorder.finishRecordings()
        try await upstream.stop()
        // When
        let replayer = HTTPStubs()
        try replayer.replay(file: file, environment: [:])
        let replayed = try await HTTPStubServer.serving(replayer, upstream: upstream.baseURL) { server in
            try await client.fetch(server.url("/old"))
        }
        // Then
        #expect(recorded.text == "moved here")
        #expect(replayed.text == "moved here")
        #expect(try HAR(contentsOf: file).log.entries.map(\.response.status) == [301, 200])
    }

    @Test("As a plain-http proxy for curl, it records the URL curl asked for")
    func proxyForCurl() async throws {
        // Given
        let file = folder.appendingPathComponent("curl.har")
        let real = realServer(.string("through the proxy"))
        let upstream = try await HTTPStubServer.start(real)
        let recorder = HTTPStubs()
        try recorder.replay(file: file, mode: .recordAll, environment: [:])
        // When
        let output = try await HTTPStubServer.serving(recorder) { proxy in
            try await run(
                "/usr/bin/curl", "-s", "--proxy", proxy.baseURL.absoluteString, upstream.url("/albums").absoluteString)
        }
        try recorder.finishRecordings()
        try await upstream.stop()
        // Then
        #expect(output == "through the proxy")
        #expect(try HAR(contentsOf: file).log.entries.map(\.request.url) == [upstream.url("/albums").absoluteString])
    }

    @Test("A request sent to the server itself with no upstream gets a 502 saying how to record")
    func noUpstream() async throws {
        // Given
        let recorder = HTTPStubs()
        try recorder.replay(file: folder.appendingPathComponent("none.har"), mode: .recordAll, environment: [:])
        // When
        let fetched = try await HTTPStubServer.serving(recorder) { server in
            try await client.fetch(server.url("/albums"))
        }
        // Then
        #expect(fetched.status == 502)
        #expect(fetched.text.contains("start the server with HTTPStubServer.start(stubs, upstream:"))
    }
}

/// Runs `executable` with `arguments` and returns what it printed. Awaited, not waited for: the server
/// it talks to needs the cooperative threads this would block.
private func run(_ executable: String, _ arguments: String...) async throws -> String {
    try await ChildProcess.run(
        URL(fileURLWithPath: executable), arguments, in: FileManager.default.temporaryDirectory, timeout: 600
    ).output
}
