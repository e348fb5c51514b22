import Foundation
import XCTest

@testable import AlbumSearch

/// Seed 003's tests of SearchViewModel with a mock networking layer, under the article's names.
///
/// Each test is `@MainActor`, as the view model is, and `async`: swift-corelibs-xctest crashes listing
/// synchronous `@MainActor` test methods on Linux (a `@MainActor` class makes them all so). Async
/// tests wait with `await fulfillment(of:timeout:)`, the async form of `wait(for:timeout:)` and
/// `waitForExpectations(timeout:)`.
final class SearchViewModelTests: XCTestCase {
    private let album1 = Album(
        title: "Big Boat", artist: "Phish", releaseDate: Date(), imageURL: URL(string: "http://www.image1.jpg")!)
    private let album2 = Album(
        title: "Farmhouse", artist: "Phish", releaseDate: Date(), imageURL: URL(string: "http://www.image2.jpg")!)
    private let album3 = Album(
        title: "Billy Breathes", artist: "Phish", releaseDate: Date(), imageURL: URL(string: "http://www.image2.jpg")!)

    @MainActor func testSearchWithSuccess() async {
        // Given
        let mockNetworkingLayer = MockNetworkingLayer()
        let viewModel = SearchViewModel(networkingLayer: mockNetworkingLayer)
        mockNetworkingLayer.stubbedResult = Result.success([album1])
        let searched = expectation(description: "search finished")
        // When
        viewModel.searchFor(searchTerm: "Big") { searched.fulfill() }
        // Then
        XCTAssertEqual(mockNetworkingLayer.capturedSearchArguments, ["Big"])
        await fulfillment(of: [searched], timeout: 1)
        // verify SearchViewModel properly handles successful searches
        XCTAssertEqual(viewModel.albums, [album1])
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertFalse(viewModel.isSearching)
    }

    @MainActor func testSearchWithFailure() async {
        // Given
        let mockNetworkingLayer = MockNetworkingLayer()
        let viewModel = SearchViewModel(networkingLayer: mockNetworkingLayer)
        mockNetworkingLayer.stubbedResult = Result.failure(AlbumSearchError.httpStatus(503))
        let searched = expectation(description: "search finished")
        // When
        viewModel.searchFor(searchTerm: "Big") { searched.fulfill() }
        // Then
        await fulfillment(of: [searched], timeout: 1)
        // verify SearchViewModel properly handles failed searches
        XCTAssertEqual(viewModel.albums, [])
        XCTAssertEqual(
            viewModel.errorMessage, "The search service answered with HTTP status 503. Try again later.")
    }

    @MainActor func testBasicAlbumSearch() async {
        let mockNetworkingLayer = MockNetworkingLayer()
        let searchViewModel = SearchViewModel(networkingLayer: mockNetworkingLayer)
        mockNetworkingLayer.stubbedResult = Result.success([album1, album2, album3])

        let albumSearchExpectation = expectation(description: "Validation")
        searchViewModel.searchFor(searchTerm: "Phish") {
            XCTAssert(searchViewModel.albumViewModels.count == 3)
            let album = searchViewModel.albumViewModelAt(index: 1)
            XCTAssertEqual(album.title, "Farmhouse")
            albumSearchExpectation.fulfill()
        }

        // The article asserts ["Big"] here after searching "Phish": the mock captured "Phish".
        XCTAssertEqual(mockNetworkingLayer.capturedSearchArguments, ["Phish"])
        // The article's waitForExpectations(timeout: 10) { error in print(…) } in its async form; an
        // unfulfilled expectation fails the test by itself, so the handler that printed is gone.
        await fulfillment(of: [albumSearchExpectation], timeout: 10)
    }
}
