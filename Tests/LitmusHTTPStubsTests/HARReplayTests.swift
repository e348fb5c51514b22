import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Replaying a HAR: entries become stubs")
struct HARReplayTests {
    let stubs = HTTPStubs()
    let folder = TemporaryFolder()

    @Test("A replayed entry answers with its recorded status, headers and text body")
    func statusHeadersAndText() async throws {
        // Given
        let entry = harEntry(
            "GET", "https://api.example.com/albums?q=phish", status: 201, text: #"["Big Boat"]"#,
            headers: [
                HAR.Header(name: "Content-Type", value: "application/json"), HAR.Header(name: "X-Page", value: "1"),
            ])
        try stubs.replay(HAR(entries: [entry]))
        // When
        let (data, response) = try await stubs.session().data(from: URL("https://api.example.com/albums?q=phish"))
        // Then
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 201)
        #expect(http.value(forHTTPHeaderField: "X-Page") == "1")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(text(data) == #"["Big Boat"]"#)
    }

    @Test("A base64 body is decoded to its bytes")
    func base64Body() async throws {
        // Given
        var entry = harEntry("GET", "https://cdn.example.com/dot.png", text: "")
        entry.response.content = HAR.Content(size: 4, mimeType: "image/png", text: "iVBORw==", encoding: "base64")
        try stubs.replay(HAR(entries: [entry]))
        // When
        let (data, _) = try await stubs.session().data(from: URL("https://cdn.example.com/dot.png"))
        // Then
        #expect([UInt8](data) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test("Repeated identical requests are answered in recorded order, the last answer repeating")
    func recordedOrder() async throws {
        // Given
        try stubs.replay(
            HAR(entries: [
                harEntry("GET", "https://api.example.com/job", text: "queued"),
                harEntry("GET", "https://api.example.com/other", text: "other"),
                harEntry("GET", "https://api.example.com/job", text: "running"),
                harEntry("GET", "https://api.example.com/job", text: "done"),
            ]))
        // When
        var answers: [String] = []
        for _ in 1...4 {
            answers.append(try await stubs.fetch("https://api.example.com/job").text)
        }
        // Then
        #expect(answers == ["queued", "running", "done", "done"])
    }

    @Test("A request the recording does not hold fails closed, naming the nearest recorded entry")
    func failClosedNamesNearestEntry() async throws {
        // Given
        let file = folder.file("search.har")
        try HAR(entries: [
            harEntry("GET", "https://api.example.com/albums?q=phish", text: "[]"),
            harEntry("GET", "https://api.example.com/songs?q=phish", text: "[]"),
        ]).write(to: file)
        try stubs.replay(file: file, environment: localEnvironment)
        // When
        let error = await urlError { _ = try await stubs.fetch("https://api.example.com/albums?q=trey") }
        // Then
        #expect(error?.code == .resourceUnavailable)
        let unmatched = try #require(stubs.unmatchedRequests.first)
        #expect(unmatched.closestStub?.name == "search.har entry 0: GET https://api.example.com/albums?q=phish")
        #expect(unmatched.differences == ["query is q=trey, missing q=phish"])
        #expect(
            unmatched.description.contains(
                "The recording \(file.path) does not hold this request. Record it with LITMUS_HTTP_RECORD=new"))
    }

    @Test("Matching rules chosen per replay ignore the parts they leave out")
    func matchingRules() async throws {
        // Given
        try stubs.replay(
            HAR(entries: [harEntry("GET", "https://api.example.com/albums?q=phish", text: "albums")]),
            matching: .rules(.method, .path))
        // When
        let answer = try await stubs.fetch("http://127.0.0.1:8080/albums?q=anything")
        // Then
        #expect(answer.text == "albums")
    }

    @Test("A JSON request body matches a recorded one by meaning")
    func jsonBodyByMeaning() async throws {
        // Given
        let entry = harEntry(
            "POST", "https://api.example.com/albums", text: "created",
            requestBody: HAR.PostData(mimeType: "application/json", text: #"{"title":"Farmhouse","year":2000}"#))
        try stubs.replay(HAR(entries: [entry]))
        // When
        let answer = try await stubs.fetch(
            "https://api.example.com/albums", method: "POST", headers: ["Content-Type": "application/json"],
            body: #"{ "year": 2000.0, "title": "Farmhouse" }"#)
        // Then
        #expect(answer.text == "created")
    }

    @Test("A recorded form replays with + as a space and repeated fields kept, from its text or its params")
    func formBody() async throws {
        // Given: a form recorded as text (`+` for a space, a repeated field) and one recorded as params
        let form = "application/x-www-form-urlencoded"
        let asText = harEntry(
            "POST", "https://api.example.com/search", text: "from text",
            requestBody: HAR.PostData(mimeType: form, text: "q=hello+world&tag=a&tag=b"))
        var params = HAR.PostData(mimeType: form, text: "")
        params.params = [HAR.Header(name: "q", value: "1+1=2"), HAR.Header(name: "tag", value: "c")]
        let asParams = harEntry("POST", "https://api.example.com/sum", text: "from params", requestBody: params)
        try stubs.replay(HAR(entries: [asText, asParams]))
        // When: the same fields, written another way
        let headers = ["Content-Type": form]
        let searched = try await stubs.fetch(
            "https://api.example.com/search", method: "POST", headers: headers, body: "tag=b&q=hello%20world&tag=a")
        let summed = try await stubs.fetch(
            "https://api.example.com/sum", method: "POST", headers: headers, body: "q=1%2B1%3D2&tag=c")
        // Then
        #expect(searched.text == "from text")
        #expect(summed.text == "from params")
    }

    @Test("A header chosen for matching must have its recorded value")
    func headerRule() async throws {
        // Given
        var entry = harEntry("GET", "https://api.example.com/greeting", text: "bonjour")
        entry.request.headers = [HAR.Header(name: "Accept-Language", value: "fr")]
        try stubs.replay(HAR(entries: [entry]), matching: .rules(.path, .headers(["Accept-Language"])))
        // When
        let error = await urlError {
            _ = try await stubs.fetch("https://api.example.com/greeting", headers: ["Accept-Language": "de"])
        }
        // Then
        #expect(error?.code == .resourceUnavailable)
    }

    @Test("Recorded timings are waited when asked")
    func recordedTiming() async throws {
        // Given
        var entry = harEntry("GET", "https://api.example.com/slow", text: "late")
        entry.time = 60
        entry.timings = HAR.Timings(wait: 50, receive: 10)
        try stubs.replay(HAR(entries: [entry]), timing: .recorded)
        let clock = ContinuousClock()
        // When
        let start = clock.now
        _ = try await stubs.fetch("https://api.example.com/slow")
        // Then
        #expect(clock.now - start >= .milliseconds(60))
    }

    @Test("Headers about the bytes on the wire are dropped: the recorded body is decoded")
    func wireHeadersDropped() async throws {
        // Given
        let entry = harEntry(
            "GET", "https://api.example.com/a", text: "plain",
            headers: [
                HAR.Header(name: "Content-Encoding", value: "gzip"), HAR.Header(name: "Content-Length", value: "25"),
            ])
        try stubs.replay(HAR(entries: [entry]))
        // When
        let (data, response) = try await stubs.session().data(from: URL("https://api.example.com/a"))
        // Then
        #expect(text(data) == "plain")
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil)
    }

    @Test("An entry whose base64 body does not decode is an error naming the entry")
    func badBase64() throws {
        // Given
        var entry = harEntry("GET", "https://cdn.example.com/a.png", text: "")
        entry.response.content = HAR.Content(size: 4, mimeType: "image/png", text: "***", encoding: "base64")
        // When
        let error = #expect(throws: HARError.self) { try stubs.replay(HAR(entries: [entry]), name: "images.har") }
        // Then
        #expect(
            error
                == .malformed(
                    "images.har", entry: HARError.EntryName(index: 0, request: "GET https://cdn.example.com/a.png"),
                    field: "response.content.text", reason: "is not valid base64 although its encoding says so"))
    }

    @Test("A HAR Chromium saved from its Network events (a bundle resource) replays as it is")
    func chromiumExport() async throws {
        // Given
        try stubs.replay("Fixtures/chromium-export.har", in: .module)
        // When
        let page = try await stubs.fetch("http://127.0.0.1:8765/")
        let albums = try await stubs.fetch(
            "http://127.0.0.1:8765/albums.json?artist=phish", headers: ["Accept": "application/json"])
        let icon = try await stubs.fetch("http://127.0.0.1:8765/favicon.ico")
        // Then
        #expect(page.status == 200)
        #expect(page.text.hasPrefix("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Albums</title>"))
        #expect(albums.text == #"[{"title": "Big Boat", "year": 2016}, {"title": "Farmhouse", "year": 2000}]"# + "\n")
        #expect(icon.status == 404)
    }
}
