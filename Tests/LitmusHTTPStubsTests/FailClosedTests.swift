import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Fail closed: unmatched requests never reach the network")
struct FailClosedTests {
    let stubs = HTTPStubs()

    @Test("An unmatched request fails with URLError(.resourceUnavailable) describing the closest stub")
    func unmatchedFails() async throws {
        stubs.stub(.host("api.example.com") && .path("/albums"), name: "albums", .string("[]"))
        stubs.stub(.host("cdn.example.com"), name: "images", .string("png"))

        let error = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/albumz")) }

        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("Closest stub: \"albums\"") == true)
    }

    @Test("The unmatched request is kept with the closest stub and what differed")
    func unmatchedIsRecorded() async throws {
        stubs.stub(.method("GET") && .path("/albums"), name: "albums", .string("[]"))
        stubs.stub(.method("POST") && .path("/login"), name: "login", .status(204))
        var request = URLRequest(url: URL("https://api.example.com/albums"))
        request.httpMethod = "POST"

        _ = await urlError { _ = try await stubs.session().data(for: request) }

        let unmatched = try #require(stubs.unmatchedRequests.first)
        #expect(unmatched.request.url == URL("https://api.example.com/albums"))
        #expect(unmatched.closestStub?.name == "albums")
        #expect(unmatched.differences == ["method is POST, expected GET"])
    }

    @Test("With no stubs at all, the issue says so")
    func noStubs() async {
        _ = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/x")) }

        #expect(stubs.unmatchedRequests.first?.description.contains("No stubs are registered") == true)
    }

    @Test("verifyNoUnmatchedRequests records an issue naming the request and the closest stub")
    func verifyRecordsIssue() async {
        stubs.stub(.path("/albums"), name: "albums", .string("[]"))
        _ = await urlError { _ = try await stubs.session().data(from: URL("https://api.example.com/songs")) }

        withKnownIssue {
            stubs.verifyNoUnmatchedRequests()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("GET https://api.example.com/songs")
                && text.contains("path is /songs, expected /albums")
        }
    }

    @Test("The .httpStubs trait records an issue for each unmatched request when the test ends")
    func traitRecordsIssue() async throws {
        let test = try #require(Test.current)

        try await withKnownIssue {
            try await HTTPStubsTrait.httpStubs.provideScope(for: test, testCase: nil) {
                _ = await urlError { _ = try await HTTPStubs.current.session().data(from: URL("https://x.example/y")) }
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("GET https://x.example/y")
        }
    }

    @Test("HTTPStubs.current outside a .httpStubs test records an issue saying how to add the trait")
    func currentOutsideTrait() {
        withKnownIssue {
            _ = HTTPStubs.current
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("@Test(.httpStubs)")
        }
    }

    @Test("A matched request records no issue")
    func matchedRecordsNothing() async throws {
        stubs.stub(.any, .status(200))
        _ = try await stubs.session().data(from: URL("https://api.example.com/x"))

        stubs.verifyNoUnmatchedRequests()

        #expect(stubs.unmatchedRequests.isEmpty)
    }

    @Test("An allow-listed request no stub matches goes to the real network (loopback port 1: refused)")
    func passThroughAllowList() async {
        stubs.allowPassThrough(.host("127.0.0.1"))

        let error = await urlError { _ = try await stubs.session().data(from: URL("http://127.0.0.1:1/")) }

        #expect(error?.code == .cannotConnectToHost)
        #expect(stubs.unmatchedRequests.isEmpty)
    }

    @Test("A stub still wins over the allow-list")
    func stubWinsOverAllowList() async throws {
        stubs.allowPassThrough(.host("127.0.0.1"))
        stubs.stub(.path("/stubbed"), .string("stubbed"))

        let (data, _) = try await stubs.session().data(from: URL("http://127.0.0.1:1/stubbed"))

        #expect(text(data) == "stubbed")
    }

    @Test("A session outliving its HTTPStubs fails its requests instead of reaching the network")
    func releasedRegistry() async {
        var stubs: HTTPStubs? = HTTPStubs()
        weak let released = stubs
        // litmus:ignore trapInTest stubs holds the value made two lines above; it is optional only so the test can release it
        let session = stubs!.session()
        stubs = nil

        let error = await urlError { _ = try await session.data(from: URL("https://api.example.com/x")) }

        #expect(released == nil, "the session must not keep its registry alive")
        #expect(error?.code == .resourceUnavailable)
    }
}
