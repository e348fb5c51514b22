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
