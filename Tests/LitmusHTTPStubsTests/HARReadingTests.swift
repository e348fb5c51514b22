import Foundation
import LitmusHTTPStubs
import Testing

@Suite("Reading and writing HAR files")
struct HARReadingTests {
    let folder = TemporaryFolder()

    @Test("A HAR holding only what replay needs is read, the rest defaulted")
    func minimalHAR() throws {
        // Given
        let json =
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://api.example.com/a"}, "#
            + #""response": {"status": 204}}]}}"#
        // When
        let sut = try HAR(data: Data(json.utf8))
        // Then
        #expect(sut.log.version == "1.2")
        #expect(sut.log.entries.first?.request.url == "https://api.example.com/a")
        #expect(sut.log.entries.first?.response.status == 204)
        #expect(sut.log.entries.first?.response.content.text == nil)
    }

    @Test("A malformed HAR is an error naming the file, the entry and the field")
    func malformedEntry() throws {
        // Given
        let file = try folder.write(
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.example/1"}, "response": {"status": 200}}, "#
                + #"{"request": {"method": "POST", "url": "https://a.example/2"}, "response": {"statusText": "OK"}}]}}"#,
            to: "broken.har")
        // When
        let error = #expect(throws: HARError.self) { try HAR(contentsOf: file) }
        // Then
        #expect(
            error?.description
                == "The HAR file \(file.path) is not a valid HAR 1.2 archive: the value at entry 1 "
                + "(POST https://a.example/2), response.status is missing. Export it again from the browser's "
                + "devtools (Network, Save all as HAR) or re-record it with LITMUS_HTTP_RECORD=all.")
    }

    @Test("A value of the wrong type names the entry and the field")
    func wrongType() throws {
        // Given
        let json =
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://a.example/1"}, "#
            + #""response": {"status": "two hundred"}}]}}"#
        // When
        let error = #expect(throws: HARError.self) { try HAR(data: Data(json.utf8), file: "search.har") }
        // Then
        #expect(
            error
                == .malformed(
                    "search.har", entry: HARError.EntryName(index: 0, request: "GET https://a.example/1"),
                    field: "response.status", reason: "is not a whole number"))
    }

    @Test("A file that is not JSON is malformed, naming the file")
    func notJSON() throws {
        // Given
        let file = try folder.write("<html>", to: "page.har")
        // When
        let error = #expect(throws: HARError.self) { try HAR(contentsOf: file) }
        // Then
        #expect(error == .malformed(file.path, entry: nil, field: "", reason: "is not JSON"))
    }

    @Test("A missing file is unreadable, naming the path")
    func missingFile() {
        let error = #expect(throws: HARError.self) { try HAR(contentsOf: folder.file("nowhere.har")) }

        #expect(
            error?.description.hasPrefix("The HAR file \(folder.file("nowhere.har").path) could not be read") == true)
    }

    @Test("An archive written and read back is the same, and nothing but the file is left in its folder")
    func roundTrip() throws {
        // Given
        let sut = HAR(entries: [harEntry("GET", "https://api.example.com/albums", text: "[]")])
        // When
        try sut.write(to: folder.file("albums.har"))
        let read = try HAR(contentsOf: folder.file("albums.har"))
        // Then
        #expect(read == sut)
        #expect(folder.fileNames == ["albums.har"])
    }

    @Test("A written archive has every field HAR 1.2 requires")
    func requiredFields() throws {
        // Given
        let sut = HAR(entries: [harEntry("GET", "https://api.example.com/albums", text: "[]")])
        // When
        let json = try JSONSerialization.jsonObject(with: sut.encoded()) as? [String: Any]
        // Then
        let log = json?["log"] as? [String: Any]
        let entry = (log?["entries"] as? [[String: Any]])?.first
        #expect(log.map { Set($0.keys) } == ["version", "creator", "entries"])
        #expect(
            entry.map { Set($0.keys) } == ["startedDateTime", "time", "request", "response", "cache", "timings"])
        #expect(
            (entry?["request"] as? [String: Any]).map { Set($0.keys) }
                == ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"])
        #expect(
            (entry?["response"] as? [String: Any]).map { Set($0.keys) }
                == [
                    "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL",
                    "headersSize", "bodySize",
                ])
    }
}

@Suite("Redacting an archive before it is committed")
struct HARRedactionTests {
    @Test("A browser export's cookies, form fields and named headers are replaced by the placeholder")
    func browserExport() {
        // Given
        var entry = harEntry(
            "POST", "https://shop.example.com/login?next=%2Fcart&session_key=k-123", text: "welcome",
            headers: [HAR.Header(name: "Set-Cookie", value: "sid=abc; HttpOnly")],
            requestBody: HAR.PostData(mimeType: "application/x-www-form-urlencoded", text: "user=trey&pin=1234"))
        entry.request.headers = [
            HAR.Header(name: "Cookie", value: "sid=abc"), HAR.Header(name: "X-CSRF", value: "tok"),
            HAR.Header(name: "Accept", value: "text/html"),
        ]
        entry.request.cookies = [HAR.Cookie(name: "sid", value: "abc")]
        entry.response.cookies = [HAR.Cookie(name: "sid", value: "abc")]
        let sut = HARRedaction(headers: ["X-CSRF"], queryItems: ["session_key", "pin"], placeholder: "***")
        // When
        let redacted = sut.redact(HAR(entries: [entry])).log.entries[0]
        // Then
        #expect(redacted.request.url == "https://shop.example.com/login?next=%2Fcart&session_key=***")
        #expect(redacted.request.headers.map(\.value) == ["***", "***", "text/html"])
        #expect(redacted.request.cookies == [HAR.Cookie(name: "sid", value: "***")])
        #expect(redacted.response.cookies == [HAR.Cookie(name: "sid", value: "***")])
        #expect(redacted.response.headers.map(\.value) == ["***"])
        #expect(redacted.request.postData?.text == "user=trey&pin=***")
    }
}
