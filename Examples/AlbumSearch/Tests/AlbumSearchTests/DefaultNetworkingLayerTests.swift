import Foundation
import LitmusHTTPStubs
import Testing

@testable import AlbumSearch

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// DefaultNetworkingLayer through a real URLSession whose requests Litmus HTTP stubs answer (seed
/// 003's OHHTTPStubs advice, on Linux too). Each test has its own stubs; a request no stub matches
/// fails the test.
@Suite("DefaultNetworkingLayer against stubbed web calls", .httpStubs)
struct DefaultNetworkingLayerTests {
    private let stubs = HTTPStubs.current
    private let searchPhish =
        RequestMatcher.method("GET") && .host("itunes.apple.com") && .path("/search")
        && .query(["term": "Phish", "entity": "album"])

    private func search(_ term: String) async -> Result<[Album], any Error> {
        let sut = DefaultNetworkingLayer(session: stubs.session())
        return await withCheckedContinuation { continuation in
            sut.searchFor(searchTerm: term) { continuation.resume(returning: $0) }
        }
    }

    @Test("A search answered with the API's JSON gives the albums")
    func success() async throws {
        // Given
        let stub = stubs.stub(searchPhish, try .fixture("Fixtures/search-phish.json", in: .module))
        // When
        let albums = try await search("Phish").get()
        // Then
        #expect(albums.map(\.title) == ["Big Boat", "Farmhouse", "Billy Breathes"])
        stubs.verify(stub, hitCount: 1)
    }

    @Test("A server error is an HTTP status error", arguments: [404, 500, 503])
    func httpError(status: Int) async {
        stubs.stub(searchPhish, .status(status))
        await #expect(throws: AlbumSearchError.httpStatus(status)) { try await search("Phish").get() }
    }

    @Test("A body that is not the API's JSON is malformed")
    func malformed() async {
        stubs.stub(searchPhish, .string(#"{"resultCount": 1, "results": [{"collectionName": 7}]}"#))
        await #expect(throws: AlbumSearchError.self) { try await search("Phish").get() }
    }

    @Test("No connection is offline")
    func offline() async {
        stubs.stub(searchPhish, .networkError(.notConnectedToInternet))
        await #expect(throws: AlbumSearchError.offline) { try await search("Phish").get() }
    }

    @Test("A timeout is a transport error")
    func timeout() async throws {
        stubs.stub(searchPhish, .networkError(.timedOut))
        let error = try await #require(throws: AlbumSearchError.self) { try await search("Phish").get() }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
    }

    @Test("The view model shows the albums a stubbed search returns")
    @MainActor
    func searchViewModelEndToEnd() async throws {
        // Given
        stubs.stub(searchPhish, try .fixture("Fixtures/search-phish.json", in: .module))
        let sut = SearchViewModel(networkingLayer: DefaultNetworkingLayer(session: stubs.session()))
        // When
        await withCheckedContinuation { continuation in
            sut.searchFor(searchTerm: "Phish") { continuation.resume() }
        }
        // Then
        #expect(sut.albumViewModels.map(\.title) == ["Big Boat", "Farmhouse", "Billy Breathes"])
        #expect(sut.albumViewModelAt(index: 1).year == "2000")
    }
}
