import Foundation
import LitmusHTTPStubs
import LitmusOpenAPIStubs
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("A generated OpenAPI client through the stub transport")
struct OpenAPITransportTests {
    let stubs = HTTPStubs()

    @Test("GET with a path parameter: the stub answers, the log holds the request under the server URL")
    func pathParameter() async throws {
        let stub = stubs.stub(.method("GET") && .path("/v1/albums/1"), json(hoist))
        let album = try await albumClient(stubs).getAlbum(path: .init(albumId: 1)).ok.body.json
        #expect(album == .init(id: 1, title: "Hoist", artist: "Phish", year: 1994))
        #expect(stubs.requests.map(\.url.absoluteString) == ["https://api.example.com/v1/albums/1"])
        #expect(stubs.requests.first?.header("accept") == "application/json")
        stubs.verify(stub, hitCount: 1)
    }

    @Test("GET with query parameters matches them exactly")
    func queryParameters() async throws {
        stubs.stub(.path("/v1/albums") && .query(["q": "phish", "limit": "2"], exactly: true), json("[\(hoist)]"))
        stubs.stub(.path("/v1/albums") && .query(["q": "phish"], exactly: true), json("[]"))
        let client = try albumClient(stubs)
        #expect(
            try await client.searchAlbums(query: .init(q: "phish", limit: 2)).ok.body.json.map(\.title) == ["Hoist"])
        #expect(try await client.searchAlbums(query: .init(q: "phish")).ok.body.json.isEmpty)
        #expect(stubs.requests.map(\.url.query) == ["q=phish&limit=2", "q=phish"])
    }

    @Test("POST with a JSON body: matched by part of the body, and its bytes are in the log")
    func postJSONBody() async throws {
        let create = stubs.stub(
            .method("POST") && .path("/v1/albums") && .jsonBody(containing: #"{"title": "Big Boat"}"#),
            json(#"{"artist":"Phish","id":3,"title":"Big Boat"}"#, status: 201))
        let output = try await albumClient(stubs).createAlbum(
            body: .json(.init(title: "Big Boat", artist: "Phish", year: 2016)))
        #expect(try output.created.body.json.id == 3)
        stubs.verify(create, hitCount: 1)
        let sent = try #require(stubs.requests.first)
        #expect(sent.header("Content-Type")?.hasPrefix("application/json") == true)
        let body = try JSONSerialization.jsonObject(with: sent.body) as? [String: Any]
        #expect(body?["year"] as? Int == 2016)
    }

    @Test("An error response of the spec reaches the client as its case")
    func errorResponse() async throws {
        stubs.stub(.method("POST") && .path("/v1/albums"), json(#"{"message":"title is taken"}"#, status: 400))
        stubs.stub(.path("/v1/albums/99"), json(#"{"message":"No album 99"}"#, status: 404))
        let client = try albumClient(stubs)
        let refused = try await client.createAlbum(body: .json(.init(title: "Hoist", artist: "Phish")))
        #expect(try refused.badRequest.body.json.message == "title is taken")
        #expect(try await client.getAlbum(path: .init(albumId: 99)).notFound.body.json.message == "No album 99")
    }

    @Test("An unmatched request fails closed with the message a URLSession gets, naming the request")
    func unmatchedFailsClosed() async throws {
        stubs.stub(.method("GET") && .path("/v1/albums/1"), name: "album 1", json(hoist))
        let error = await urlError { _ = try await albumClient(stubs).getAlbum(path: .init(albumId: 2)) }
        #expect(error?.code == .resourceUnavailable)
        let unmatched = try #require(stubs.unmatchedRequests.first)
        #expect(error?.localizedDescription == unmatched.description)
        #expect(unmatched.description.hasPrefix("No stub matches GET https://api.example.com/v1/albums/2."))
        #expect(unmatched.description.contains(#"Closest stub: "album 1""#))

        // The same request through a session of a registry holding the same stub fails with the same text.
        let sessionStubs = HTTPStubs()
        sessionStubs.stub(.method("GET") && .path("/v1/albums/1"), name: "album 1", json(hoist))
        let url = URL(string: "https://api.example.com/v1/albums/2")!
        let sessionError = await urlError { _ = try await sessionStubs.session().data(from: url) }
        #expect(sessionError?.code == .resourceUnavailable)
        #expect(sessionError?.localizedDescription == error?.localizedDescription)
    }

    @Test("A scenario moves from empty to created: create, then list")
    func scenario() async throws {
        let albums = stubs.scenario("albums", states: ["empty", "created"])
        stubs.stub(.method("GET") && .path("/v1/albums"), scenario: albums.when("empty"), json("[]"))
        stubs.stub(
            .method("POST") && .path("/v1/albums"), scenario: albums.when("empty", moveTo: "created"),
            json(hoist, status: 201))
        stubs.stub(.method("GET") && .path("/v1/albums"), scenario: albums.when("created"), json("[\(hoist)]"))
        let client = try albumClient(stubs)
        #expect(try await client.searchAlbums(query: .init(q: "phish")).ok.body.json.isEmpty)
        _ = try await client.createAlbum(body: .json(.init(title: "Hoist", artist: "Phish"))).created
        #expect(try await client.searchAlbums(query: .init(q: "phish")).ok.body.json.map(\.id) == [1])
        #expect(stubs.scenarioTransitions.map { "\($0.from)→\($0.to)@\($0.requestIndex)" } == ["empty→created@1"])
    }

    @Test("A redirect is followed inside Litmus, as for a session")
    func redirect() async throws {
        stubs.stub(.path("/v1/albums/7"), .redirect(to: "/v1/albums/1", status: 301))
        stubs.stub(.path("/v1/albums/1"), json(hoist))
        #expect(try await albumClient(stubs).getAlbum(path: .init(albumId: 7)).ok.body.json.id == 1)
        #expect(stubs.requests.map(\.url.path) == ["/v1/albums/7", "/v1/albums/1"])
    }
}
