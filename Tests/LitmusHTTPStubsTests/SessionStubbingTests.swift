import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Stubbed responses through a real URLSession")
struct SessionStubbingTests {
    let stubs = HTTPStubs()

    @Test("data(for:) gets the stub's status, headers and body")
    func dataForRequest() async throws {
        stubs.stub(.path("/albums"), .string("two albums", status: 201, headers: ["X-Total": "2"]))

        let (data, response) = try await stubs.session().data(
            for: URLRequest(url: URL("https://api.example.com/albums")))

        #expect(text(data) == "two albums")
        #expect(response.status == 201)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "x-total") == "2")
        #expect(response.url == URL("https://api.example.com/albums"))
    }

    @Test("data(from:) gets the stub's body")
    func dataFromURL() async throws {
        stubs.stub(.host("api.example.com"), .string("hello"))

        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/anything"))

        #expect(text(data) == "hello")
    }

    @Test("dataTask with a completion handler gets the stub's body")
    func dataTaskCompletionHandler() async throws {
        stubs.stub(.method("DELETE") && .path("/albums/7"), .status(204))
        var request = URLRequest(url: URL("https://api.example.com/albums/7"))
        request.httpMethod = "DELETE"

        let (data, response) = try await stubs.session().completionHandlerData(for: request)

        #expect(response.status == 204)
        #expect(data.isEmpty)
    }

    @Test("An Encodable answered as JSON decodes back to the same value")
    func encodableJSON() async throws {
        let albums = [Album(title: "Big Boat", artist: "Phish")]
        stubs.stub(.path("/albums"), try .json(albums))

        let (data, response) = try await stubs.session().data(from: URL("https://api.example.com/albums"))

        #expect(try JSONDecoder().decode([Album].self, from: data) == albums)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("A fixture file from the test bundle is the body, typed by its extension")
    func fixtureFile() async throws {
        stubs.stub(.path("/albums"), try .fixture("albums.json", in: .module))

        let (data, response) = try await stubs.session().data(from: URL("https://api.example.com/albums"))

        #expect(try JSONDecoder().decode([Album].self, from: data).map(\.title) == ["Big Boat", "Farmhouse"])
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("A missing fixture throws an error naming the file and the fix")
    func missingFixture() {
        #expect {
            try StubResponse.fixture("nope.json", in: .module)
        } throws: { error in
            let description = "\(error)"
            return description.contains("nope.json") && description.contains("resources")
        }
    }

    @Test("A sequence answers the first call, the second call, then repeats the last")
    func sequenceOfResponses() async throws {
        stubs.stub(.path("/status"), .string("queued"), .string("running"), .string("done"))
        let session = stubs.session()
        var answers: [String] = []

        for _ in 1...4 {
            answers.append(text(try await session.data(from: URL("https://api.example.com/status")).0))
        }

        #expect(answers == ["queued", "running", "done", "done"])
    }

    @Test("A closure stub answers from the request it gets")
    func closureStub() async throws {
        stubs.stub(.pathPrefix("/echo/")) { request in .string(request.url.lastPathComponent) }

        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/echo/phish"))

        #expect(text(data) == "phish")
    }

    @Test("A stub added later wins over an earlier one that also matches")
    func laterStubWins() async throws {
        stubs.stub(.any, .string("default"))
        stubs.stub(.path("/special"), .string("special"))
        let session = stubs.session()

        let special = try await session.data(from: URL("https://api.example.com/special")).0
        let other = try await session.data(from: URL("https://api.example.com/other")).0

        #expect(text(special) == "special")
        #expect(text(other) == "default")
    }

    @Test("A removed stub no longer answers")
    func removedStub() async throws {
        stubs.stub(.any, .string("default"))
        let special = stubs.stub(.path("/special"), .string("special"))
        stubs.remove(special)

        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/special"))

        #expect(text(data) == "default")
    }

    @Test("A configuration from HTTPStubs puts Litmus's protocol first and caches nothing")
    func configurationShape() throws {
        let configuration = stubs.configuration(.default)

        let first: AnyClass = try #require(configuration.protocolClasses?.first)
        #expect(String(describing: first).contains("StubURLProtocol"))
        #expect(configuration.urlCache == nil)
    }
}
