import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recording through a session: here the "real network" is another registry's session, so these stay
/// unit tests; LitmusHTTPStubServerTests and Examples/Web record from real servers.
@Suite("Recording a HAR: entries in request order, redacted, written atomically at the end")
struct HARRecordingTests {
    let stubs = HTTPStubs()
    let upstream = HTTPStubs()
    let folder = TemporaryFolder()

    private func record(_ name: String, mode: HARRecordMode = .recordAll, redacting: HARRedaction = .standard)
        throws -> HARRecording
    {
        try stubs.replay(
            file: folder.file(name), mode: mode, redacting: redacting, recordingThrough: upstream.session(),
            environment: localEnvironment)
    }

    @Test("A recorded request gets the real answer, and finishing writes it to the file")
    func recordsAndWrites() async throws {
        // Given
        upstream.stub(.path("/albums"), .string(#"["Farmhouse"]"#, status: 200))
        let sut = try record("albums.har")
        // When
        let answer = try await stubs.fetch("https://api.example.com/albums?q=phish")
        try sut.finish()
        // Then
        #expect(answer.text == #"["Farmhouse"]"#)
        let entries = try HAR(contentsOf: folder.file("albums.har")).log.entries
        #expect(entries.map(\.request.url) == ["https://api.example.com/albums?q=phish"])
        #expect(entries.map(\.response.content.text) == [#"["Farmhouse"]"#])
        #expect(entries.first?.request.queryString == [HAR.Header(name: "q", value: "phish")])
    }

    @Test("Replaying a recording answers as the recording did, with the real server gone")
    func replayAfterRecording() async throws {
        // Given
        upstream.stub(.path("/albums"), .string("first"), .string("second"))
        let recording = try record("albums.har")
        _ = try await stubs.fetch("https://api.example.com/albums")
        _ = try await stubs.fetch("https://api.example.com/albums")
        try recording.finish()
        let sut = HTTPStubs()
        try sut.replay(file: folder.file("albums.har"), environment: localEnvironment)
        // When
        let first = try await sut.fetch("https://api.example.com/albums")
        let second = try await sut.fetch("https://api.example.com/albums")
        // Then
        #expect([first.text, second.text] == ["first", "second"])
        #expect(upstream.requests.count == 2)
    }

    @Test("Entries are written in the order their requests were sent, not the order answers came")
    func requestOrder() async throws {
        // Given
        // The slow answer waits 60 ms, several times the fast request's whole round trip here (5 to
        // 20 ms on a loaded machine): the answers come back fast first without a wait that makes this
        // unit test slow (it waited 300 ms, over the audit's 100 ms budget).
        upstream.stub(.path("/slow"), StubResponse.string("slow").delayed(request: .milliseconds(60)))
        upstream.stub(.path("/fast"), .string("fast"))
        let sut = try record("order.har")
        // When
        // The slow request is started from this test's own thread, not from a task of its own: a task waits for a
        // thread of the cooperative pool, which a loaded run held for minutes (a clean clone's run, 2026-12-02: the
        // fast request left first, after 120 s). The recording takes a request's place when the session starts
        // loading it, on the session's queue, so the slow request has its place before the fast one leaves, however
        // long the pool makes it wait.
        let (answered, answer) = AsyncStream<String?>.makeStream()
        let slow = stubs.session().dataTask(with: URL(string: "https://api.example.com/slow")!) { data, _, error in
            answer.yield(error == nil ? data.map { String(decoding: $0, as: UTF8.self) } : nil)
            answer.finish()
        }
        slow.resume()
        // … and the real server has it before the fast one leaves.
        let deadline = ContinuousClock.now + .seconds(120)
        while upstream.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        _ = try await stubs.fetch("https://api.example.com/fast")
        var slowText: String?
        for await text in answered { slowText = text }
        try sut.finish()
        // Then
        let urls = try HAR(contentsOf: folder.file("order.har")).log.entries.map(\.request.url)
        #expect(slowText == "slow")
        #expect(urls == ["https://api.example.com/slow", "https://api.example.com/fast"])
    }

    @Test("No secret given in a request or returned in a response reaches the file")
    func redaction() async throws {
        // Given
        upstream.stub(
            .any,
            .string(
                #"{"token":"s3cret-token","name":"trey"}"#,
                headers: ["Content-Type": "application/json", "Set-Cookie": "session=s3cret-cookie"]))
        let sut = try record(
            "login.har",
            redacting: HARRedaction(headers: ["X-Api-Key"], queryItems: ["key"], jsonFields: ["password", "token"]))
        // When
        _ = try await stubs.fetch(
            "https://api.example.com/login?key=s3cret-key&page=1", method: "POST",
            headers: [
                "Authorization": "Bearer s3cret-bearer", "Cookie": "id=s3cret-id", "X-Api-Key": "s3cret-api",
                "Content-Type": "application/json",
            ],
            body: #"{"user":"trey","password":"s3cret-password"}"#)
        try sut.finish()
        // Then
        let written = try String(contentsOf: folder.file("login.har"), encoding: .utf8)
        #expect(!written.contains("s3cret"))
        let entry = try #require(try HAR(contentsOf: folder.file("login.har")).log.entries.first)
        #expect(entry.request.url == "https://api.example.com/login?key=REDACTED&page=1")
        #expect(entry.request.postData?.text == #"{"password":"REDACTED","user":"trey"}"#)
        #expect(entry.request.headers.first { $0.name == "Authorization" }?.value == "REDACTED")
        #expect(entry.response.headers.first { $0.name == "Set-Cookie" }?.value == "REDACTED")
        #expect(entry.response.content.text == #"{"name":"trey","token":"REDACTED"}"#)
    }

    @Test("The client gets the real answer while recording, not the redacted one")
    func clientSeesUnredacted() async throws {
        // Given
        upstream.stub(.any, .string(#"{"token":"t-1"}"#, headers: ["Content-Type": "application/json"]))
        _ = try record("token.har", redacting: HARRedaction(jsonFields: ["token"]))
        // When
        let answer = try await stubs.fetch("https://api.example.com/token")
        // Then
        #expect(answer.text == #"{"token":"t-1"}"#)
    }

    @Test("A replayed request with a real secret matches the entry recorded with the placeholder")
    func redactedMatching() async throws {
        // Given
        try HAR(entries: [harEntry("GET", "https://api.example.com/me?key=REDACTED", text: "trey")])
            .write(to: folder.file("me.har"))
        try stubs.replay(
            file: folder.file("me.har"), redacting: HARRedaction(queryItems: ["key"]), environment: localEnvironment)
        // When
        let answer = try await stubs.fetch("https://api.example.com/me?key=s3cret")
        // Then
        #expect(answer.text == "trey")
    }

    @Test("A recording never finished (the test threw, or the run was interrupted) writes nothing")
    func interruptedWritesNothing() async throws {
        // Given
        upstream.stub(.any, .string("answer"))
        let original = HAR(entries: [harEntry("GET", "https://api.example.com/old", text: "old")])
        try original.write(to: folder.file("kept.har"))
        var sut: HARRecording? = try record("kept.har")
        // When
        _ = try await stubs.fetch("https://api.example.com/new")
        sut = nil
        // Then
        #expect(sut == nil)
        #expect(try HAR(contentsOf: folder.file("kept.har")) == original)
        #expect(folder.fileNames == ["kept.har"])
    }

    @Test("A test that throws leaves its recording unwritten; one that returns writes it")
    func traitWritesOnlyOnReturn() async throws {
        // Given
        upstream.stub(.any, .string("answer"))
        let session = upstream.session()
        let (failing, passing) = (folder.file("failing.har"), folder.file("passing.har"))
        let test = try #require(Test.current)
        // When
        await #expect(throws: CancellationError.self) {
            try await HTTPStubsTrait.httpStubs.provideScope(for: test, testCase: nil) {
                try HTTPStubs.current.replay(
                    file: failing, mode: .recordAll, recordingThrough: session, environment: localEnvironment)
                _ = try await HTTPStubs.current.fetch("https://api.example.com/a")
                throw CancellationError()
            }
        }
        try await HTTPStubsTrait.httpStubs.provideScope(for: test, testCase: nil) {
            try HTTPStubs.current.replay(
                file: passing, mode: .recordAll, recordingThrough: session, environment: localEnvironment)
            _ = try await HTTPStubs.current.fetch("https://api.example.com/a")
        }
        // Then
        #expect(folder.fileNames == ["passing.har"])
    }

    @Test("Record new keeps the recorded entries and appends the requests they did not answer")
    func recordNew() async throws {
        // Given
        upstream.stub(.path("/new"), .string("fresh"))
        try HAR(entries: [harEntry("GET", "https://api.example.com/old", text: "kept")]).write(
            to: folder.file("mix.har"))
        let sut = try record("mix.har", mode: .recordNew)
        // When
        let old = try await stubs.fetch("https://api.example.com/old")
        let new = try await stubs.fetch("https://api.example.com/new")
        try sut.finish()
        // Then
        #expect([old.text, new.text] == ["kept", "fresh"])
        let entries = try HAR(contentsOf: folder.file("mix.har")).log.entries
        #expect(entries.map(\.response.content.text) == ["kept", "fresh"])
        #expect(upstream.requests.map(\.url.path) == ["/new"])
    }

    @Test("Record new rewrites the entries it keeps redacted too (a browser export holding a cookie)")
    func recordNewRedactsKept() async throws {
        // Given
        upstream.stub(.any, .string("fresh"))
        var exported = harEntry("GET", "https://api.example.com/old", text: "kept")
        exported.request.headers = [HAR.Header(name: "Cookie", value: "sid=s3cret")]
        try HAR(entries: [exported]).write(to: folder.file("export.har"))
        let sut = try record("export.har", mode: .recordNew)
        // When
        _ = try await stubs.fetch("https://api.example.com/new")
        try sut.finish()
        // Then
        let written = try String(contentsOf: folder.file("export.har"), encoding: .utf8)
        #expect(!written.contains("s3cret"))
        #expect(try HAR(contentsOf: folder.file("export.har")).log.entries.count == 2)
    }

    @Test("A redirect is recorded hop by hop, and the replay follows the same hops")
    func redirectHops() async throws {
        // Given
        let server = HTTPStubs(followsRedirects: false)
        server.stub(.path("/old"), .redirect(to: "/new", status: 301))
        server.stub(.path("/new"), .string("moved here"))
        let recording = try stubs.replay(
            file: folder.file("moved.har"), mode: .recordAll, recordingThrough: server.session(),
            environment: localEnvironment)
        let recorded = try await stubs.fetch("https://api.example.com/old")
        try recording.finish()
        let sut = HTTPStubs()
        try sut.replay(file: folder.file("moved.har"), environment: localEnvironment)
        // When
        let replayed = try await sut.fetch("https://api.example.com/old")
        // Then
        #expect(recorded.text == "moved here")
        #expect(replayed.text == "moved here")
        let entries = try HAR(contentsOf: folder.file("moved.har")).log.entries
        #expect(entries.map(\.request.url) == ["https://api.example.com/old", "https://api.example.com/new"])
        #expect(entries.map(\.response.status) == [301, 200])
    }

    @Test("Re-record all ignores the file and records every request again")
    func recordAll() async throws {
        // Given
        upstream.stub(.any, .string("new answer"))
        try HAR(entries: [harEntry("GET", "https://api.example.com/a", text: "old answer")])
            .write(to: folder.file("all.har"))
        let sut = try record("all.har", mode: .recordAll)
        // When
        let answer = try await stubs.fetch("https://api.example.com/a")
        try sut.finish()
        // Then
        #expect(answer.text == "new answer")
        #expect(try HAR(contentsOf: folder.file("all.har")).log.entries.map(\.response.content.text) == ["new answer"])
    }
}
