import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("har verify: what changed between a recorded answer and the live one")
struct HARChangeTests {
    let recorded = StubResponse.data(
        Data(#"{"id":1,"title":"Hoist","year":1994,"tracks":[{"n":1,"title":"Julius"}],"label":null}"#.utf8),
        headers: ["Content-Type": "application/json", "Date": "Mon, 23 Nov 2026", "X-Api-Version": "1"])

    func live(_ json: String, status: Int = 200, headers: [String: String]? = nil) -> StubResponse {
        .data(
            Data(json.utf8), status: status,
            headers: headers ?? [
                "Content-Type": "application/json; charset=utf-8", "Date": "Thu, 26 Nov 2026", "X-Api-Version": "2",
            ])
    }

    @Test("Other values, another date and a charset are not changes")
    func unchanged() {
        let same = live(
            #"{"label":null,"id":2,"title":"Farmhouse","year":2000,"tracks":[{"n":1,"title":"Twist"},{"n":2,"title":"Bug"}]}"#
        )
        #expect(HARChange.changes(recorded: recorded, live: same).isEmpty)
    }

    @Test("Fields added, removed and retyped are named by key path, arrays' elements by []")
    func jsonFields() {
        let changed = live(
            #"{"id":"1","title":"Hoist","released":"1994-03-29","tracks":[{"n":1}],"label":{"name":"Elektra"}}"#)
        #expect(
            HARChange.changes(recorded: recorded, live: changed).map(\.description) == [
                "JSON field id: number, now string",
                "JSON field label: null, now object",
                "JSON field tracks[].title: removed (was string)",
                "JSON field year: removed (was number)",
                "JSON field released: added (string)",
            ])
    }

    @Test("The status, headers added or removed and the media type are changes; volatile headers are not")
    func statusAndHeaders() {
        let changed = live(
            #"{"id":1,"title":"Hoist","year":1994,"tracks":[],"label":null}"#, status: 404,
            headers: ["Content-Type": "application/problem+json", "Date": "x", "Server": "y", "Retry-After": "5"])
        #expect(
            HARChange.changes(recorded: recorded, live: changed).map(\.description) == [
                "status: 200, now 404",
                "header X-Api-Version: removed",
                "header Retry-After: added",
                "header Content-Type: application/json, now application/problem+json",
            ])
    }

    @Test("A JSON body that is no longer JSON, and one that now is")
    func bodyKind() {
        let text = StubResponse.string("Service Unavailable", status: 200)
        #expect(
            HARChange.changes(
                recorded: recorded,
                live: text.adding(headers: ["Content-Type": "application/json", "X-Api-Version": "1"])
            )
            .map(\.description) == ["body: JSON, now not JSON (19 bytes)"])
        #expect(
            HARChange.changes(recorded: .string("ok"), live: .string("[1]")).map(\.description) == [
                "body: not JSON, now JSON"
            ])
        #expect(HARChange.changes(recorded: .status(204), live: .status(204)).isEmpty)
    }

    @Test("A text body that is not JSON: its lines removed and added, and the first line that differs")
    func textBody() {
        let recorded = StubResponse.string("Hoist\nBilly Breathes\nRift\n")
        #expect(HARChange.changes(recorded: recorded, live: .string("Hoist\nBilly Breathes\nRift\n")).isEmpty)
        #expect(
            HARChange.changes(recorded: recorded, live: .string("Hoist\nFarmhouse\nRift\nJunta\n")).map(
                \.description) == [
                    #"text body: 1 line removed, 2 added (3 lines, now 4); first at line 2: "Billy Breathes", now "Farmhouse""#
                ])
        #expect(
            HARChange.changes(recorded: recorded, live: .string("Hoist\n")).map(\.description) == [
                #"text body: 2 lines removed, 0 added (3 lines, now 1); first at line 2: "Billy Breathes", now (none)"#
            ])
        #expect(
            HARChange.changes(recorded: recorded, live: .string("Hoist\r\nBilly Breathes\r\nRift")).map(\.description)
                == ["text body: the same lines, other line ends"])
        let html = StubResponse.data(Data("<p>a</p>\u{1}".utf8), headers: ["Content-Type": "text/html"])
        #expect(
            HARChange.changes(recorded: html, live: html.adding(headers: [:]).replacingBody("<p>b</p>\u{1}")).map(
                \.description) == [
                    #"text body: 1 line removed, 1 added (1 line, now 1); first at line 1: "<p>a</p>\#u{1}", now "<p>b</p>\#u{1}""#
                ])
    }

    @Test("A binary body: its length and hash, recorded and live; a text body that turned binary says so")
    func binaryBody() {
        let png = StubResponse.data(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]), headers: ["Content-Type": "image/png"])
        #expect(HARChange.changes(recorded: png, live: png).isEmpty)
        #expect(
            HARChange.changes(recorded: png, live: png.replacingBody(Data([0x89, 0x50, 0x4E, 0x47, 0x00]))).map(
                \.description) == [
                    "body: binary, 6 bytes, FNV-1a 64 \(HARChange.BodyDigest(png.body, isText: false).hash), now binary, "
                        + "5 bytes, FNV-1a 64 \(HARChange.BodyDigest(Data([0x89, 0x50, 0x4E, 0x47, 0x00]), isText: false).hash)"
                ])
        #expect(
            HARChange.changes(recorded: .string("ok"), live: .string("").replacingBody(Data([0xFF, 0xFE]))).map(
                \.description) == [
                    "body: text, 2 bytes, FNV-1a 64 08b05d07b5566bef, now binary, 2 bytes, FNV-1a 64 "
                        + HARChange.BodyDigest(Data([0xFF, 0xFE]), isText: false).hash
                ])
        // FNV-1a 64's published check values.
        #expect(HARChange.BodyDigest(Data(), isText: true).hash == "cbf29ce484222325")
        #expect(HARChange.BodyDigest(Data("a".utf8), isText: true).hash == "af63dc4c8601ec8c")
    }

    @Test("A top-level array compares its elements")
    func topLevelArray() {
        let changes = HARChange.changes(recorded: .string(#"[{"id":1}]"#), live: .string(#"[{"id":1,"x":true}]"#))
        #expect(changes.map(\.description) == ["JSON field [].x: added (boolean)"])
    }
}

@Suite("har verify: the requests it sends, and entries it cannot replay")
struct HARReplayedRequestTests {
    let target = URL(string: "http://127.0.0.1:8080")!

    func har(_ entries: HAR.Entry...) -> HAR {
        HAR(entries: entries)
    }

    @Test("Each request keeps its path, query and body under the target's scheme, host and port")
    func moved() throws {
        let entry = harEntry(
            "POST", "https://api.example.com/v1/albums?draft=true", text: "{}",
            headers: [], requestBody: HAR.PostData(mimeType: "application/json", text: #"{"title":"Hoist"}"#))
        let requests = try HARVerification.replayedRequests(
            har(entry), file: "a.har", against: URL(string: "http://127.0.0.1:8080/staging/")!,
            headers: ["X-Api-Key": "k"])
        #expect(
            requests.map(\.description) == ["POST http://127.0.0.1:8080/staging/v1/albums?draft=true (17-byte body)"])
        #expect(requests.first?.header("x-api-key") == "k")
        #expect(requests.first?.header("Content-Type") == "application/json")
    }

    @Test("A redacted header is replaced by a given one, and refused without it, naming the entry and the fix")
    func redactedHeader() throws {
        var entry = harEntry("GET", "https://api.example.com/me", text: "{}")
        entry.request.headers = [HAR.Header(name: "Authorization", value: "REDACTED")]
        let error = #expect(throws: HARVerifyError.self) {
            try HARVerification.replayedRequests(har(entry), file: "me.har", against: target)
        }
        #expect(
            error?.description == """
                me.har cannot be replayed as recorded, so nothing was sent:
                  - entry 0 (GET https://api.example.com/me): request header Authorization was redacted when \
                recorded. Give its value: litmus har verify --header 'Authorization: VALUE' (headers: in code).
                """)
        let requests = try HARVerification.replayedRequests(
            har(entry), file: "me.har", against: target, headers: ["authorization": "Bearer t"])
        #expect(requests.first?.headers == ["authorization": "Bearer t"])
    }

    @Test("Redacted query items and JSON fields, and a URL that is not absolute, cannot be replayed")
    func unreplayable() {
        let query = harEntry("GET", "https://api.example.com/search?api_key=REDACTED&q=a", text: "[]")
        let body = harEntry(
            "POST", "https://api.example.com/login", text: "{}",
            requestBody: HAR.PostData(mimeType: "application/json", text: #"{"user":{"password":"REDACTED"}}"#))
        let relative = harEntry("GET", "/relative", text: "")
        let error = #expect(throws: HARVerifyError.self) {
            try HARVerification.replayedRequests(har(query, body, relative), file: "a.har", against: target)
        }
        guard case .unreplayable(let file, let problems)? = error else {
            Issue.record("expected unreplayable, got \(String(describing: error))")
            return
        }
        #expect(file == "a.har")
        #expect(
            problems == [
                "entry 0 (GET https://api.example.com/search?api_key=REDACTED&q=a): query item api_key was redacted "
                    + "when recorded, so the request cannot be sent as it was. Verify a recording made without "
                    + "redacting it (HARRedaction), or remove the entry.",
                "entry 1 (POST https://api.example.com/login): request JSON field user.password was redacted when "
                    + "recorded, so the request cannot be sent as it was. Verify a recording made without redacting "
                    + "it (HARRedaction), or remove the entry.",
                "entry 2 (GET /relative): request.url is not an absolute URL. Fix the entry's URL, or remove the entry.",
            ])
    }

    @Test("A target that is not an http URL is refused, with an example of one")
    func invalidTarget() {
        let error = #expect(throws: HARVerifyError.self) {
            try HARVerification.replayedRequests(har(), file: "a.har", against: URL(string: "ftp://x")!)
        }
        #expect(error == .invalidTarget("ftp://x"))
        #expect(error?.description.contains("http://127.0.0.1:8080") == true)
    }
}

extension StubResponse {
    /// This response with `text` as its body, its headers kept.
    fileprivate func replacingBody(_ text: String) -> StubResponse { replacingBody(Data(text.utf8)) }

    /// This response with `body` as its body, its headers kept.
    fileprivate func replacingBody(_ body: Data) -> StubResponse {
        var response = self
        response.body = body
        return response
    }
}
