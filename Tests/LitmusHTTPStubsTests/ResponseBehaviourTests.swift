import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Delays, network errors and redirects")
struct ResponseBehaviourTests {
    let stubs = HTTPStubs()

    @Test("A request delay holds the response back at least that long")
    func requestDelay() async throws {
        stubs.stub(.any, StubResponse.string("late").delayed(request: .milliseconds(20)))
        let clock = ContinuousClock()

        let start = clock.now
        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/slow"))

        #expect(text(data) == "late")
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("A response delay holds the body back at least that long")
    func responseDelay() async throws {
        stubs.stub(.any, StubResponse.string("trickle").delayed(response: .milliseconds(20)))
        let clock = ContinuousClock()

        let start = clock.now
        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/slow"))

        #expect(text(data) == "trickle")
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("Cancelling a task during a delay ends it at once with .cancelled")
    func cancelDuringDelay() async throws {
        // An hour's delay: a task that ends well before it ended by its cancellation, however slow the machine
        // (a 60 s delay with a 30 s bound took 88 s at load 20, issue #52).
        stubs.stub(.any, StubResponse.string("never").delayed(request: .seconds(3600)))
        let session = stubs.session()
        let clock = ContinuousClock()

        let start = clock.now
        let task = Task { await urlError { _ = try await session.data(from: URL("https://api.example.com/slow")) } }
        task.cancel()
        let error = await task.value

        #expect(error?.code == .cancelled)
        #expect(clock.now - start < .seconds(1800))
    }

    @Test(
        "A network error reaches the client as a URLError with that code",
        arguments: [URLError.Code.timedOut, .notConnectedToInternet, .cancelled, .cannotFindHost])
    func networkError(code: URLError.Code) async {
        stubs.stub(.any, .networkError(code))

        let error = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/x")) }

        #expect(error?.code == code)
        #expect(error?.failingURL == URL("https://api.example.com/x"))
    }

    @Test("A redirect is followed inside Litmus: the client sees the final response and URL")
    func redirectFollowed() async throws {
        stubs.stub(.path("/old"), .redirect(to: "/new", status: 301))
        stubs.stub(.path("/new"), .string("moved here"))

        let (data, response) = try await stubs.session().data(from: URL("https://api.example.com/old"))

        #expect(text(data) == "moved here")
        #expect(response.url == URL("https://api.example.com/new"))
        #expect(stubs.requests.map(\.url.path) == ["/old", "/new"])
    }

    @Test("A 303 after a POST is followed with a GET without the body")
    func seeOtherBecomesGet() async throws {
        stubs.stub(.method("POST") && .path("/orders"), .redirect(to: "https://api.example.com/orders/1", status: 303))
        stubs.stub(.method("GET") && .path("/orders/1"), .string("order 1"))
        var request = URLRequest(url: URL("https://api.example.com/orders"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)

        let (data, _) = try await stubs.session().data(for: request)

        #expect(text(data) == "order 1")
        #expect(stubs.requests.last?.body.isEmpty == true)
    }

    @Test("A redirect loop ends with URLError(.httpTooManyRedirects)")
    func redirectLoop() async {
        stubs.stub(.path("/a"), .redirect(to: "/b"))
        stubs.stub(.path("/b"), .redirect(to: "/a"))

        let error = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/a")) }

        #expect(error?.code == .httpTooManyRedirects)
    }

    @Test("With followsRedirects false the client gets the redirect response itself")
    func redirectNotFollowed() async throws {
        let stubs = HTTPStubs(followsRedirects: false)
        stubs.stub(.path("/old"), .redirect(to: "/new"))

        let (_, response) = try await stubs.session().data(from: URL("https://api.example.com/old"))

        #expect(response.status == 302)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location") == "/new")
    }
}
