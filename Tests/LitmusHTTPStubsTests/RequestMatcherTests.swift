import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Request matchers")
struct RequestMatcherTests {
    let get = RecordedRequest(url: URL("https://api.example.com/v2/albums/42?q=phish&page=2"))

    func post(_ body: String, contentType: String = "application/json") -> RecordedRequest {
        RecordedRequest(
            method: "POST", url: URL("https://api.example.com/albums"), headers: ["Content-Type": contentType],
            body: Data(body.utf8))
    }

    @Test("Method, scheme and host compare without regard to case")
    func methodSchemeHost() {
        #expect(RequestMatcher.method("get").matches(get))
        #expect(RequestMatcher.scheme("HTTPS").matches(get))
        #expect(RequestMatcher.host("API.example.com").matches(get))
        #expect(!RequestMatcher.method("POST").matches(get))
        #expect(RequestMatcher.method("POST").differences(from: get) == ["method is GET, expected POST"])
    }

    @Test("A path matches exactly, by prefix, or by a regular expression over the whole path")
    func paths() throws {
        #expect(RequestMatcher.path("/v2/albums/42").matches(get))
        #expect(!RequestMatcher.path("/v2/albums").matches(get))
        #expect(RequestMatcher.pathPrefix("/v2/").matches(get))
        #expect(try RequestMatcher.path(matching: "/v2/albums/[0-9]+").matches(get))
        #expect(try !RequestMatcher.path(matching: "/albums/[0-9]+").matches(get))
    }

    @Test("An invalid path pattern throws an error naming the pattern")
    func invalidPattern() {
        #expect {
            try RequestMatcher.path(matching: "/albums/(")
        } throws: { error in
            "\(error)".contains("/albums/(") && "\(error)".contains("Escape")
        }
    }

    @Test("Query items match in any order, as a subset or exactly")
    func queryItems() {
        #expect(RequestMatcher.query(["page": "2", "q": "phish"], exactly: true).matches(get))
        #expect(RequestMatcher.query(["q": "phish"]).matches(get))
        #expect(!RequestMatcher.query(["q": "phish"], exactly: true).matches(get))
        #expect(
            RequestMatcher.query(["q": "moe"]).differences(from: get) == ["query is page=2&q=phish, missing q=moe"])
    }

    @Test("A header matches by presence or by value, its name in any case")
    func headers() {
        let request = post("{}")
        #expect(RequestMatcher.header("content-type").matches(request))
        #expect(RequestMatcher.header("Content-Type", "application/json").matches(request))
        #expect(!RequestMatcher.header("Authorization").matches(request))
        #expect(
            RequestMatcher.header("Authorization").differences(from: request) == ["header Authorization is missing"])
    }

    @Test("A body matches as bytes or as text")
    func bodies() {
        #expect(RequestMatcher.body("hello").matches(post("hello")))
        #expect(RequestMatcher.body(Data("hello".utf8)).matches(post("hello")))
        #expect(!RequestMatcher.body("hello").matches(post("hello!")))
    }

    @Test("A JSON body matches by meaning: key order, spacing and 1 versus 1.0 do not count")
    func jsonByMeaning() throws {
        let request = post(#"{"b": [1, true, null], "a": "x"}"#)
        #expect(RequestMatcher.jsonBody(#"{"a":"x","b":[1.0,true,null]}"#).matches(request))
        #expect(!RequestMatcher.jsonBody(#"{"a":"x","b":[1,false,null]}"#).matches(request))
        #expect(
            try RequestMatcher.jsonBody(Album(title: "Farmhouse", artist: "Phish")).matches(
                post(#"{"artist":"Phish","title":"Farmhouse"}"#)))
    }

    @Test("Form fields match in any order, decoded, as a subset or exactly")
    func formFields() {
        let request = post("title=Big+Boat&artist=Phish%20Band", contentType: "application/x-www-form-urlencoded")
        #expect(RequestMatcher.formBody(["artist": "Phish Band", "title": "Big Boat"], exactly: true).matches(request))
        #expect(RequestMatcher.formBody(["title": "Big Boat"]).matches(request))
        #expect(!RequestMatcher.formBody(["title": "Big Boat"], exactly: true).matches(request))
    }

    @Test("Form pairs with an empty name or value are read, not fatal")
    func formFieldsWithEmptyParts() {
        let request = post("a=1&=x&b=", contentType: "application/x-www-form-urlencoded")
        #expect(RequestMatcher.formBody(["a": "1", "": "x", "b": ""], exactly: true).matches(request))
        #expect(!RequestMatcher.formBody(["x": ""]).matches(request))
    }

    @Test("A stub's malformed expected JSON never matches, and says the stub is at fault")
    func malformedExpectedJSON() {
        let sut = RequestMatcher.jsonBody(#"{"a": "#)
        let request = post(#"{"a": 1}"#)
        #expect(!sut.matches(request))
        #expect(
            sut.differences(from: request) == [
                #"the expected JSON {"a":  is not valid JSON: fix the stub's jsonBody(_:)"#
            ])
    }

    @Test("A closure matcher carries its description")
    func closureMatcher() {
        let matcher = RequestMatcher("asks for page 2") { $0.url.query?.contains("page=2") == true }
        #expect(matcher.matches(get))
        #expect(matcher.description == "asks for page 2")
    }

    @Test("&&, || and ! combine matchers and their descriptions")
    func composition() {
        let matcher: RequestMatcher = .method("GET") && (.path("/a") || .pathPrefix("/v2/")) && !.header("Cookie")

        #expect(matcher.matches(get))
        #expect(!matcher.matches(post("{}")))
        #expect(
            matcher.description
                == "method is GET && (path is /a || path starts with /v2/) && !(header Cookie is present)")
    }

    @Test("A failed && lists every condition that differed")
    func differencesOfAnd() {
        let matcher: RequestMatcher = .method("POST") && .host("api.example.com") && .path("/albums")

        #expect(
            matcher.differences(from: get) == [
                "method is GET, expected POST", "path is /v2/albums/42, expected /albums",
            ])
    }
}
