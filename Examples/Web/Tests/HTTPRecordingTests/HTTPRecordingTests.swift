import AsyncHTTPClient
import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs
import NIOCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Tag {
    /// Tests that start a real server on 127.0.0.1.
    @Tag static var endToEnd: Self
}

/// Record against a real Hummingbird server, stop it, and replay the recording with the same results:
/// through URLSession (the stubbed session) and through AsyncHTTPClient (the stub server).
@Suite("HAR recordings of a real Hummingbird server", .tags(.endToEnd))
final class HTTPRecordingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-har-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    @Test("URLSession: recorded against the server, replayed with the server stopped, the same answers")
    func urlSessionRecordThenReplay() async throws {
        // Given
        let api = try await AlbumAPI.start()
        let recorder = HTTPStubs()
        try recorder.replay(file: file("search.har"), mode: .recordAll, environment: [:])
        let recorded = try await searches(through: recorder.session(), at: api.baseURL)
        try recorder.finishRecordings()
        await api.stop()
        // When
        let replayer = HTTPStubs()
        try replayer.replay(file: file("search.har"), environment: [:])
        let replayed = try await searches(through: replayer.session(), at: api.baseURL)
        // Then
        #expect(
            recorded == [
                #"200 {"term":"phish","search":1}"#, #"200 {"term":"phish","search":2}"#,
                #"200 {"term":"trey","search":3}"#,
            ])
        #expect(replayed == recorded)
        #expect(replayer.unmatchedRequests.isEmpty)
    }

    @Test("AsyncHTTPClient through the stub server: recorded, replayed with the server stopped, the same answers")
    func asyncHTTPClientRecordThenReplay() async throws {
        // Given
        let api = try await AlbumAPI.start()
        let recorder = HTTPStubs()
        try recorder.replay(file: file("search.har"), mode: .recordAll, environment: [:])
        let recorded = try await HTTPStubServer.serving(recorder, upstream: api.baseURL) { server in
            try await searches(at: server.baseURL)
        }
        try recorder.finishRecordings()
        await api.stop()
        // When
        let replayer = HTTPStubs()
        try replayer.replay(file: file("search.har"), environment: [:])
        let replayed = try await HTTPStubServer.serving(replayer, upstream: api.baseURL) { server in
            try await searches(at: server.baseURL)
        }
        // Then
        #expect(
            recorded == [
                #"200 {"term":"phish","search":1}"#, #"200 {"term":"phish","search":2}"#,
                #"200 {"term":"trey","search":3}"#,
            ])
        #expect(replayed == recorded)
        #expect(replayer.unmatchedRequests.isEmpty)
    }

    @Test("The URLSession and AsyncHTTPClient recordings of the same calls hold the same entries")
    func sameHARForBothClients() async throws {
        // Given
        let api = try await AlbumAPI.start()
        let viaSession = HTTPStubs()
        try viaSession.replay(file: file("session.har"), mode: .recordAll, environment: [:])
        _ = try await viaSession.session().data(from: api.baseURL.appendingPathComponent("search"))
        let viaServer = HTTPStubs()
        try viaServer.replay(file: file("server.har"), mode: .recordAll, environment: [:])
        // When
        _ = try await HTTPStubServer.serving(viaServer, upstream: api.baseURL) { server in
            try await HTTPClient.shared.get(server.url("/search"))
        }
        try viaSession.finishRecordings()
        try viaServer.finishRecordings()
        await api.stop()
        // Then
        let session = try HAR(contentsOf: file("session.har")).log.entries
        let server = try HAR(contentsOf: file("server.har")).log.entries
        #expect(session.map(\.request.url) == ["\(api.baseURL)/search"])
        #expect(server.map(\.request.url) == ["\(api.baseURL)/search"])
        #expect(session.map(\.response.content.text) == [#"{"term":"","search":1}"#])
        #expect(server.map(\.response.content.text) == [#"{"term":"","search":2}"#])
    }

    @Test("URLSession: a redirect of the real server is recorded hop by hop and replayed the same")
    func urlSessionRedirect() async throws {
        // Given
        let api = try await AlbumAPI.start()
        let recorder = HTTPStubs()
        try recorder.replay(file: file("moved.har"), mode: .recordAll, environment: [:])
        let (recorded, _) = try await recorder.session().data(from: api.baseURL.appendingPathComponent("old-search"))
        try recorder.finishRecordings()
        await api.stop()
        let replayer = HTTPStubs()
        try replayer.replay(file: file("moved.har"), environment: [:])
        // When
        let (replayed, _) = try await replayer.session().data(from: api.baseURL.appendingPathComponent("old-search"))
        // Then
        #expect(String(decoding: recorded, as: UTF8.self) == #"{"term":"moved","search":1}"#)
        #expect(replayed == recorded)
        let entries = try HAR(contentsOf: file("moved.har")).log.entries
        #expect(entries.map(\.response.status) == [301, 200])
    }

    @Test("No secret sent to the real server reaches the file", .httpStubs)
    func redactedLogin() async throws {
        // Given
        let api = try await AlbumAPI.start()
        let stubs = HTTPStubs.current
        try stubs.replay(
            file: file("login.har"), mode: .recordAll, redacting: HARRedaction(jsonFields: ["password", "token"]),
            environment: [:])
        var request = URLRequest(url: api.baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.setValue("Bearer s3cret-bearer", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"user":"trey","password":"s3cret-password"}"#.utf8)
        // When
        let (data, _) = try await stubs.session().data(for: request)
        try stubs.finishRecordings()
        await api.stop()
        // Then
        #expect(String(decoding: data, as: UTF8.self) == #"{"token":"token-for-trey"}"#)
        let written = try String(contentsOf: file("login.har"), encoding: .utf8)
        #expect(!written.contains("s3cret"))
        #expect(!written.contains("token-for-trey"))
        #expect(!written.contains("cookie-for-trey"))
    }

    @Test("Recordings made by parallel tests stay separate", .httpStubs, arguments: ["phish", "trey", "mike"])
    func parallelRecordings(term: String) async throws {
        // Given
        let api = try await AlbumAPI.start()
        let stubs = HTTPStubs.current
        try stubs.replay(file: file("\(term).har"), mode: .recordAll, environment: [:])
        // When
        let url = api.baseURL.appendingPathComponent("search").appending(queryItems: [
            URLQueryItem(name: "term", value: term)
        ])
        _ = try await stubs.session().data(from: url)
        try stubs.finishRecordings()
        await api.stop()
        // Then
        let entries = try HAR(contentsOf: file("\(term).har")).log.entries
        #expect(entries.map(\.request.url) == [url.absoluteString])
        #expect(entries.map(\.response.content.text) == [#"{"term":"\#(term)","search":1}"#])
    }

    /// Two searches for phish and one for trey through `session`, each as "status body".
    private func searches(through session: URLSession, at base: URL) async throws -> [String] {
        var answers: [String] = []
        for term in ["phish", "phish", "trey"] {
            let url = base.appendingPathComponent("search").appending(queryItems: [
                URLQueryItem(name: "term", value: term)
            ])
            let (data, response) = try await session.data(from: url)
            answers.append(
                "\((response as? HTTPURLResponse)?.statusCode ?? -1) \(String(decoding: data, as: UTF8.self))")
        }
        return answers
    }

    /// The same searches through AsyncHTTPClient, sent to `base` (the stub server).
    private func searches(at base: URL) async throws -> [String] {
        var answers: [String] = []
        for term in ["phish", "phish", "trey"] {
            let url = base.appendingPathComponent("search").appending(queryItems: [
                URLQueryItem(name: "term", value: term)
            ])
            let response = try await HTTPClient.shared.get(url)
            answers.append(response)
        }
        return answers
    }
}

extension HTTPClient {
    /// `GET url` answered as "status body".
    func get(_ url: URL) async throws -> String {
        let response = try await execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1024 * 1024)
        return "\(response.status.code) \(String(buffer: body))"
    }
}
