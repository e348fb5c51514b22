import Foundation
import LitmusHTTPStubs
import Testing

@testable import AlbumSearch

/// DefaultNetworkingLayer against a search recorded as a HAR (Fixtures/search-phish.har): the
/// recorded-traffic way of seed 003's web-call stubbing, for when fixtures per endpoint no longer scale.
/// Re-record it from the real API with `LITMUS_HTTP_RECORD=all swift test --filter RecordedSearchTests`.
@Suite("DefaultNetworkingLayer against a recorded search")
struct RecordedSearchTests {
    @Test("A search replayed from its HAR recording gives the recorded albums", .httpStubs)
    func recordedSearch() async throws {
        // Given
        let stubs = HTTPStubs.current
        try stubs.replay("Fixtures/search-phish.har")
        let sut = DefaultNetworkingLayer(session: stubs.session())
        // When
        let albums = try await withCheckedContinuation { continuation in
            sut.searchFor(searchTerm: "Phish") { continuation.resume(returning: $0) }
        }.get()
        // Then
        #expect(albums.map(\.title) == ["Big Boat", "Farmhouse", "Billy Breathes"])
        #expect(albums.map(\.artist) == ["Phish", "Phish", "Phish"])
    }

    @Test("A search the recording does not hold fails closed, naming the recorded search")
    func unrecordedSearch() async throws {
        // Given: a registry of the test's own, so the expected unmatched request is not reported
        let stubs = HTTPStubs()
        try stubs.replay("Fixtures/search-phish.har")
        let sut = DefaultNetworkingLayer(session: stubs.session())
        // When
        let result = await withCheckedContinuation { continuation in
            sut.searchFor(searchTerm: "Trey") { continuation.resume(returning: $0) }
        }
        // Then
        #expect(throws: AlbumSearchError.self) { try result.get() }
        let unmatched = try #require(stubs.unmatchedRequests.first)
        #expect(
            unmatched.closestStub?.name
                == "search-phish.har entry 0: GET https://itunes.apple.com/search?term=Phish&entity=album")
    }
}
