import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Scenarios: stubs that answer in a state and move it on")
struct ScenarioTests {
    let stubs = HTTPStubs()

    func post(_ path: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://api.example.com\(path)")!)
        request.httpMethod = "POST"
        return request
    }

    @Test("Log in, then fetch: the fetch stub answers only after the login stub moved the scenario")
    func loginThenFetch() async throws {
        let auth = stubs.scenario("auth", states: ["loggedOut", "loggedIn"])
        stubs.stub(.path("/me"), name: "anonymous", scenario: auth.when("loggedOut"), .status(401))
        stubs.stub(.path("/login"), name: "login", scenario: auth.when("loggedOut", moveTo: "loggedIn"), .status(204))
        stubs.stub(.path("/me"), name: "me", scenario: auth.when("loggedIn"), .string("ann"))
        let session = stubs.session()

        let (_, before) = try await session.data(from: URL("https://api.example.com/me"))
        #expect(before.status == 401)
        #expect(stubs.state(of: auth) == "loggedOut")
        _ = try await session.data(for: post("/login"))
        #expect(stubs.state(of: auth) == "loggedIn")
        let (body, after) = try await session.data(from: URL("https://api.example.com/me"))
        #expect(after.status == 200)
        #expect(text(body) == "ann")
    }

    @Test("Create, then list: each state answers differently to the same request")
    func createThenList() async throws {
        let albums = stubs.scenario("albums", states: ["empty", "one"])
        stubs.stub(.method("GET") && .path("/albums"), scenario: albums.when("empty"), .string("[]"))
        stubs.stub(.method("POST") && .path("/albums"), scenario: albums.when("empty", moveTo: "one"), .status(201))
        stubs.stub(.method("GET") && .path("/albums"), scenario: albums.when("one"), .string(#"["Farmhouse"]"#))
        let session = stubs.session()

        #expect(text(try await session.data(from: URL("https://api.example.com/albums")).0) == "[]")
        _ = try await session.data(for: post("/albums"))
        #expect(text(try await session.data(from: URL("https://api.example.com/albums")).0) == #"["Farmhouse"]"#)
    }

    @Test("Transitions are logged with the request and the stub; reset starts every scenario over")
    func transitionsAndReset() async throws {
        let auth = stubs.scenario("auth", states: ["loggedOut", "loggedIn"])
        let login = stubs.stub(.path("/login"), name: "login", scenario: auth.when("loggedOut", moveTo: "loggedIn"))
        let session = stubs.session()
        _ = await urlError { _ = try await session.data(from: URL("https://api.example.com/ping")) }
        _ = try await session.data(for: post("/login"))

        let transition = try #require(stubs.scenarioTransitions.first)
        #expect(stubs.scenarioTransitions.count == 1)
        #expect([transition.scenario, transition.from, transition.to] == ["auth", "loggedOut", "loggedIn"])
        #expect(transition.requestIndex == 1)
        #expect(stubs.requests[transition.requestIndex].url.path == "/login")
        #expect(transition.stub == login)
        stubs.resetScenarios()
        #expect(stubs.state(of: auth) == "loggedOut")
    }

    @Test("A request in the wrong state is unmatched, and the issue names the scenario's state")
    func wrongState() async throws {
        let auth = stubs.scenario("auth", states: ["loggedOut", "loggedIn"])
        stubs.stub(.path("/me"), name: "me", scenario: auth.when("loggedIn"), .string("ann"))

        let error = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/me")) }

        #expect(error?.code == .resourceUnavailable)
        #expect(
            stubs.unmatchedRequests.first?.differences == ["scenario auth is in state loggedOut, expected loggedIn"])
    }

    @Test("A stub naming an unknown state is reported, naming the stub and the fix, and never answers")
    func unknownState() async throws {
        let auth = stubs.scenario("auth", states: ["loggedOut", "loggedIn"])
        withKnownIssue {
            stubs.stub(.path("/me"), name: "me", scenario: auth.when("logedIn"), .string("ann"))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(#"stub "me""#) && text.contains(#""logedIn""#) && text.contains("when(_:moveTo:)")
        }
        let error = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/me")) }
        #expect(error?.code == .resourceUnavailable)
    }

    @Test("Each registry has its own scenarios: a new one starts in the first state")
    func perRegistry() async throws {
        let other = HTTPStubs()
        let mine = stubs.scenario("auth", states: ["a", "b"])
        let theirs = other.scenario("auth", states: ["a", "b"])
        stubs.stub(.path("/go"), scenario: mine.when("a", moveTo: "b"))
        _ = try await stubs.session().data(from: URL("https://api.example.com/go"))
        #expect(stubs.state(of: mine) == "b")
        #expect(other.state(of: theirs) == "a")
    }
}
