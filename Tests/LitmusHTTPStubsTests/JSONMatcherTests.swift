import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("JSON, header and key-path matchers")
struct JSONMatcherTests {
    func post(_ body: String, headers: [String: String] = ["Content-Type": "application/json"]) -> RecordedRequest {
        RecordedRequest(
            method: "POST", url: URL("https://api.example.com/login"), headers: headers, body: Data(body.utf8))
    }

    let login = #"{"user": {"name": "bob", "id": 7, "roles": ["admin", "dev"]}, "remember": true}"#

    @Test("A JSON body contains an object: extra fields at any depth are ignored")
    func containsIgnoresExtraFields() {
        #expect(RequestMatcher.jsonBody(containing: #"{"user": {"name": "bob"}}"#).matches(post(login)))
        #expect(RequestMatcher.jsonBody(containing: #"{"remember": true, "user": {"id": 7.0}}"#).matches(post(login)))
        #expect(!RequestMatcher.jsonBody(containing: #"{"user": {"name": "ann"}}"#).matches(post(login)))
    }

    @Test("The first field that differed is named by its key path")
    func firstDifferenceNamesKeyPath() {
        let sut = RequestMatcher.jsonBody(containing: #"{"user": {"name": "ann"}}"#)
        #expect(sut.differences(from: post(login)) == [#"body field `user.name`: expected "ann", got "bob""#])
        let missing = RequestMatcher.jsonBody(containing: #"{"user": {"email": "a@b.c"}}"#)
        #expect(missing.differences(from: post(login)) == [#"body field `user.email`: missing, expected "a@b.c""#])
    }

    @Test("Arrays compare by position by default, and as a subset in any order with .subset")
    func arrays() {
        #expect(RequestMatcher.jsonBody(containing: #"{"user": {"roles": ["admin"]}}"#).matches(post(login)))
        let reordered = RequestMatcher.jsonBody(containing: #"{"user": {"roles": ["dev", "admin"]}}"#)
        #expect(!reordered.matches(post(login)))
        #expect(
            reordered.differences(from: post(login)) == [#"body field `user.roles.0`: expected "dev", got "admin""#])
        let subset = RequestMatcher.jsonBody(containing: #"{"user": {"roles": ["dev"]}}"#, arrays: .subset)
        #expect(subset.matches(post(login)))
        let absent = RequestMatcher.jsonBody(containing: #"{"user": {"roles": ["ops"]}}"#, arrays: .subset)
        #expect(
            absent.differences(from: post(login)) == [
                #"body field `user.roles`: no element contains "ops" (got ["admin","dev"])"#
            ])
    }

    @Test("A JSON matcher over a body that is not JSON is a non-match saying so, not a crash")
    func nonJSONBody() {
        let sut = RequestMatcher.jsonBody(containing: #"{"a": 1}"#)
        let request = post("a=1", headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(!sut.matches(request))
        #expect(
            sut.differences(from: request) == [#"body is "a=1", which is not JSON; expected JSON containing {"a": 1}"#])
        #expect(!RequestMatcher.jsonValue(at: "a", "1").matches(request))
    }

    @Test("A stub's malformed expected JSON never matches and names the fix")
    func malformedExpected() {
        let sut = RequestMatcher.jsonBody(containing: #"{"a": "#)
        #expect(!sut.matches(post(login)))
        #expect(sut.differences(from: post(login)).first?.contains("fix the stub's jsonBody(containing:)") == true)
    }

    @Test("A value at a key path, through objects and array indexes")
    func keyPath() {
        #expect(RequestMatcher.jsonValue(at: "user.name", #""bob""#).matches(post(login)))
        #expect(RequestMatcher.jsonValue(at: "user.roles.1", #""dev""#).matches(post(login)))
        #expect(RequestMatcher.jsonValue(at: "user", #"{"id": 7}"#).matches(post(login)))
        #expect(
            RequestMatcher.jsonValue(at: "user.name", #""ann""#).differences(from: post(login)) == [
                #"body field `user.name`: expected "ann", got "bob""#
            ])
        #expect(
            RequestMatcher.jsonValue(at: "user.team.name", #""x""#).differences(from: post(login)) == [
                #"body field `user.team`: missing, expected "x" at user.team.name"#
            ])
    }

    @Test("A header matches a regular expression over its whole value")
    func headerPattern() throws {
        let request = post("{}", headers: ["Authorization": "Bearer abc.123"])
        #expect(try RequestMatcher.header("authorization", matching: "Bearer [a-z0-9.]+").matches(request))
        #expect(try !RequestMatcher.header("Authorization", matching: "Bearer").matches(request))
        #expect(
            try RequestMatcher.header("Authorization", matching: "Basic .*").differences(from: request) == [
                "header Authorization is Bearer abc.123, expected it to match /Basic .*/"
            ])
        #expect(try !RequestMatcher.header("X-Missing", matching: ".*").matches(request))
        #expect { try RequestMatcher.header("A", matching: "(") } throws: { "\($0)".contains("/(/") }
    }

    @Test("A header's absence")
    func headerAbsent() {
        let request = post("{}", headers: ["Cookie": "s=1"])
        #expect(RequestMatcher.headerAbsent("Authorization").matches(request))
        #expect(!RequestMatcher.headerAbsent("cookie").matches(request))
        #expect(
            RequestMatcher.headerAbsent("Cookie").differences(from: request) == [
                "header Cookie is s=1, expected it to be absent"
            ])
    }

    @Test("An unmatched request names the closest stub and the first JSON field that differed")
    func unmatchedMessage() async throws {
        let stubs = HTTPStubs()
        stubs.stub(
            .method("POST") && .path("/login") && .jsonBody(containing: #"{"user": {"name": "ann"}}"#), name: "login")
        stubs.stub(.method("GET") && .path("/albums"), name: "albums")
        var request = URLRequest(url: URL("https://api.example.com/login"))
        request.httpMethod = "POST"
        request.httpBody = Data(login.utf8)
        await #expect(throws: URLError.self) { _ = try await stubs.session().data(for: request) }
        let message = try #require(stubs.unmatchedRequests.first).description
        #expect(message.contains(#"Closest stub: "login""#))
        #expect(message.contains(#"body field `user.name`: expected "ann", got "bob""#))
    }
}
