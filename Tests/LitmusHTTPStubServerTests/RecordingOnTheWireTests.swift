import AsyncHTTPClient
import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recording against a real server on 127.0.0.1 (another stub server), through the URLSession every
/// recording shares and through the stub server's AsyncHTTPClient: a redacted secret stays out of the
/// file wherever the server echoes it, and one test's cookies never go out with another test's requests.
@Suite("Recording on the wire: secrets and cookies", .tags(.endToEnd))
final class RecordingOnTheWireTests {
    let folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-wire-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A real server that redirects `/login` to `/home` with the key and a cookie, and echoes the key.
    private func echoingServer() async throws -> (stubs: HTTPStubs, server: HTTPStubServer) {
        let real = HTTPStubs()
        let server = try await HTTPStubServer.start(real)
        var login = StubResponse.redirect(to: server.url("/home?api_key=s3cret-wire-key&step=2").absoluteString)
        login.headers["Set-Cookie"] = "session=s3cret-session-cookie; Path=/"
        real.stub(.path("/login"), login)
        real.stub(.path("/home"), .string("welcome, s3cret-wire-key", headers: ["Content-Type": "text/plain"]))
        return (real, server)
    }

    @Test("Through the shared URLSession, the redacted key is in no Location, redirectURL or body of the file")
    func sessionRecordsNoSecret() async throws {
        // Given
        let (_, upstream) = try await echoingServer()
        let file = folder.appendingPathComponent("session.har")
        let recorder = HTTPStubs()
        try recorder.replay(
            file: file, mode: .recordAll, redacting: HARRedaction(queryItems: ["api_key"]), environment: [:])
        // When
        let (data, _) = try await recorder.session().data(from: upstream.url("/login?api_key=s3cret-wire-key"))
        try recorder.finishRecordings()
        try await upstream.stop()
        // Then
        #expect(String(decoding: data, as: UTF8.self) == "welcome, s3cret-wire-key")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("s3cret"))
        let entries = try HAR(contentsOf: file).log.entries
        #expect(entries.map(\.response.status) == [302, 200])
        #expect(entries.first?.response.redirectURL.hasSuffix("/home?api_key=REDACTED&step=2") == true)
    }

    @Test("Through the stub server, the redacted key is in no Location, redirectURL or body of the file")
    func serverRecordsNoSecret() async throws {
        // Given
        let (_, upstream) = try await echoingServer()
        let file = folder.appendingPathComponent("server.har")
        let recorder = HTTPStubs()
        try recorder.replay(
            file: file, mode: .recordAll, redacting: HARRedaction(queryItems: ["api_key"]), environment: [:])
        // When
        // AsyncHTTPClient follows the redirect, which the server points back at itself.
        let answer = try await HTTPStubServer.serving(recorder, upstream: upstream.baseURL) { server in
            try await HTTPClient.shared.fetch(server.url("/login?api_key=s3cret-wire-key"))
        }
        try recorder.finishRecordings()
        try await upstream.stop()
        // Then
        #expect(answer.text == "welcome, s3cret-wire-key")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(!written.contains("s3cret"))
        let entries = try HAR(contentsOf: file).log.entries
        #expect(entries.map(\.response.status) == [302, 200])
        #expect(entries.first?.response.redirectURL.hasSuffix("/home?api_key=REDACTED&step=2") == true)
    }

    @Test("One test's Set-Cookie is not sent as another test's Cookie by the recording session")
    func noCookieAcrossTests() async throws {
        // Given: the first test's server sets a cookie
        let real = HTTPStubs()
        let upstream = try await HTTPStubServer.start(real)
        real.stub(.path("/login"), .string("in", headers: ["Set-Cookie": "session=first-test; Path=/"]))
        real.stub(.path("/whoami"), .string("anyone"))
        let first = HTTPStubs()
        try first.replay(file: folder.appendingPathComponent("first.har"), mode: .recordAll, environment: [:])
        let second = HTTPStubs()
        try second.replay(file: folder.appendingPathComponent("second.har"), mode: .recordAll, environment: [:])
        // When
        _ = try await first.session().data(from: upstream.url("/login"))
        _ = try await second.session().data(from: upstream.url("/whoami"))
        try await upstream.stop()
        // Then: the server saw no cookie from the second test
        let whoami = try #require(real.requests.first { $0.url.path == "/whoami" })
        #expect(whoami.header("Cookie") == nil)
    }
}
