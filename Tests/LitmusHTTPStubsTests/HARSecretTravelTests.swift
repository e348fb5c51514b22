import Foundation
import Testing

@testable import LitmusHTTPStubs

/// A secret a redaction names is hidden wherever it travels in a recording: a redirect's `Location` and
/// `redirectURL`, a body echoing it, a cookie the response sets again. Recorded here through another
/// registry's session (milliseconds); LitmusHTTPStubServerTests records through a real server.
@Suite("A redacted secret is hidden wherever it travels")
struct HARSecretTravelTests {
    let stubs = HTTPStubs()
    /// The "real server": it hands redirects back, as a real server's client sees them.
    let upstream = HTTPStubs(followsRedirects: false)
    let folder = TemporaryFolder()

    private func record(_ name: String, redacting: HARRedaction) throws -> HARRecording {
        try stubs.replay(
            file: folder.file(name), mode: .recordAll, redacting: redacting, recordingThrough: upstream.session(),
            environment: localEnvironment)
    }

    @Test("A redacted query value is hidden in the redirect's Location and the entry's redirectURL")
    func redirectLocation() async throws {
        // Given
        upstream.stub(
            .path("/login"), .redirect(to: "https://api.example.com/home?api_key=s3cret-key&x=1", status: 302))
        upstream.stub(.path("/home"), .string("home"))
        let sut = try record("login.har", redacting: HARRedaction(queryItems: ["api_key"]))
        // When
        let answer = try await stubs.fetch("https://api.example.com/login?api_key=s3cret-key")
        try sut.finish()
        // Then
        #expect(answer.text == "home")
        let written = try String(contentsOf: folder.file("login.har"), encoding: .utf8)
        #expect(!written.contains("s3cret"))
        let first = try #require(try HAR(contentsOf: folder.file("login.har")).log.entries.first)
        #expect(first.response.redirectURL == "https://api.example.com/home?api_key=REDACTED&x=1")
        #expect(
            first.response.headers.first { $0.name.lowercased() == "location" }?.value
                == "https://api.example.com/home?api_key=REDACTED&x=1")
    }

    @Test("A secret header value and query value echoed in a response body are hidden there, the rest kept")
    func echoedInBody() async throws {
        // Given
        upstream.stub(.any, .string("key s3cret-api-key, token s3cret-token-value, page 2"))
        let sut = try record("echo.har", redacting: HARRedaction(headers: ["X-Api-Key"], queryItems: ["token"]))
        // When
        let answer = try await stubs.fetch(
            "https://api.example.com/echo?token=s3cret-token-value&page=2", headers: ["X-Api-Key": "s3cret-api-key"])
        try sut.finish()
        // Then
        #expect(answer.text == "key s3cret-api-key, token s3cret-token-value, page 2")
        let entry = try #require(try HAR(contentsOf: folder.file("echo.har")).log.entries.first)
        #expect(entry.response.content.text == "key REDACTED, token REDACTED, page 2")
    }

    @Test("A bearer token is hidden without its scheme, and a cookie's value wherever it appears")
    func credentialsWithoutScheme() {
        // Given
        var entry = harEntry(
            "GET", "https://api.example.com/me", text: #"{"you":"eyJhbGciOi-token","sid":"cookie-value-1"}"#)
        entry.request.headers = [
            HAR.Header(name: "Authorization", value: "Bearer eyJhbGciOi-token"),
            HAR.Header(name: "Cookie", value: "sid=cookie-value-1; theme=dark"),
        ]
        // When
        let sut = HARRedaction.standard.redact(entry)
        // Then
        #expect(sut.response.content.text == #"{"you":"REDACTED","sid":"REDACTED"}"#)
    }

    @Test("A redacted cookie the response sets again loses its value when Set-Cookie itself is kept")
    func cookieSetAgain() {
        // Given
        var redaction = HARRedaction()
        redaction.headers.remove("set-cookie")
        var entry = harEntry(
            "GET", "https://api.example.com/refresh", text: "",
            headers: [HAR.Header(name: "Set-Cookie", value: "session=rotated-value-2; Path=/; HttpOnly")])
        entry.request.headers = [HAR.Header(name: "Cookie", value: "session=old-value-1; theme=dark")]
        entry.response.cookies = [HAR.Cookie(name: "session", value: "rotated-value-2")]
        // When
        let sut = redaction.redact(entry)
        // Then
        #expect(sut.response.headers.map(\.value) == ["session=REDACTED; Path=/; HttpOnly"])
        #expect(sut.response.cookies == [HAR.Cookie(name: "session", value: "REDACTED")])
    }

    @Test("A cookie the request did not send is kept when Set-Cookie is not redacted (near miss)")
    func otherCookieKept() {
        // Given
        var redaction = HARRedaction()
        redaction.headers.remove("set-cookie")
        var entry = harEntry(
            "GET", "https://api.example.com/prefs", text: "",
            headers: [HAR.Header(name: "Set-Cookie", value: "theme=light; Path=/")])
        entry.request.headers = [HAR.Header(name: "Cookie", value: "session=old-value-1")]
        // When
        let sut = redaction.redact(entry)
        // Then
        #expect(sut.response.headers.map(\.value) == ["theme=light; Path=/"])
    }

    @Test("A short secret is hidden where it is named, and not in ordinary text (near miss)")
    func shortSecret() {
        // Given
        let entry = harEntry(
            "GET", "https://api.example.com/go?api_key=abc", status: 302, text: "abcdef abc",
            headers: [HAR.Header(name: "Location", value: "/next?api_key=abc")])
        // When
        let sut = HARRedaction(queryItems: ["api_key"]).redact(entry)
        // Then
        #expect(sut.request.url == "https://api.example.com/go?api_key=REDACTED")
        #expect(sut.response.redirectURL == "/next?api_key=REDACTED")
        #expect(sut.response.content.text == "abcdef abc")
    }

    @Test("A binary body is left as it was (near miss)")
    func binaryBodyKept() {
        // Given
        var entry = harEntry("GET", "https://api.example.com/img?api_key=s3cret-key", text: "czNjcmV0LWtleQ==")
        entry.response.content.encoding = "base64"
        // When
        let sut = HARRedaction(queryItems: ["api_key"]).redact(entry)
        // Then
        #expect(sut.response.content.text == "czNjcmV0LWtleQ==")
    }

    @Test("A form body holding a named field's value elsewhere is recorded hidden, and still replays")
    func requestBodyReplays() async throws {
        // Given: recorded
        upstream.stub(.any, .string("saved"))
        let redaction = HARRedaction(queryItems: ["api_key"])
        let recording = try record("form.har", redacting: redaction)
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let body = "api_key=s3cret-key&note=mine+is+s3cret-key"
        _ = try await stubs.fetch("https://api.example.com/save", method: "POST", headers: form, body: body)
        try recording.finish()
        // When: replayed with the real key
        let sut = HTTPStubs()
        try sut.replay(file: folder.file("form.har"), redacting: redaction, environment: localEnvironment)
        let answer = try await sut.fetch("https://api.example.com/save", method: "POST", headers: form, body: body)
        // Then
        let entry = try #require(try HAR(contentsOf: folder.file("form.har")).log.entries.first)
        #expect(entry.request.postData?.text == "api_key=REDACTED&note=mine+is+REDACTED")
        #expect(answer.text == "saved")
    }
}
