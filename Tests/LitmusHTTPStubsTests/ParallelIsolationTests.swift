import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Tests running in parallel never see each other's stubs")
struct ParallelIsolationTests {
    @Test(
        "Each of 100 parallel tests stubbing the same URL differently sees only its own stub",
        .httpStubs, arguments: 0..<100)
    func sameURLDifferentStubs(number: Int) async throws {
        let stubs = HTTPStubs.current
        stubs.stub(.url("https://api.example.com/same"), .string("answer \(number)"))

        let (data, _) = try await stubs.session().data(from: URL("https://api.example.com/same"))

        #expect(text(data) == "answer \(number)")
        #expect(stubs.requests.count == 1)
    }

    @Test("Two registries in one test answer their own sessions")
    func twoRegistries() async throws {
        let first = HTTPStubs()
        let second = HTTPStubs()
        first.stub(.any, .string("first"))
        second.stub(.any, .string("second"))

        let a = try await first.session().data(from: URL("https://api.example.com/same")).0
        let b = try await second.session().data(from: URL("https://api.example.com/same")).0

        #expect([text(a), text(b)] == ["first", "second"])
    }
}

@Suite("The .httpStubs trait on a suite gives each of its tests a registry of its own", .httpStubs)
struct SuiteTraitTests {
    @Test("The first test sees only its own request")
    func first() async throws {
        HTTPStubs.current.stub(.any, .string("first"))

        _ = try await HTTPStubs.current.session().data(from: URL("https://api.example.com/first"))

        #expect(HTTPStubs.current.requests.map(\.url.path) == ["/first"])
    }

    @Test("The second test sees only its own request")
    func second() async throws {
        HTTPStubs.current.stub(.any, .string("second"))

        _ = try await HTTPStubs.current.session().data(from: URL("https://api.example.com/second"))

        #expect(HTTPStubs.current.requests.map(\.url.path) == ["/second"])
    }
}
