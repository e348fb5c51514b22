import Foundation
import Testing

@testable import AlbumSearch

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How DefaultNetworkingLayer turns what URLSession delivered into albums or an error. The same
/// paths through a real URLSession are in DefaultNetworkingLayerTests.
@Suite("DefaultNetworkingLayer: reading the search API's answer")
struct DefaultNetworkingLayerDecodingTests {
    private let url = URL(string: "https://itunes.apple.com/search?term=Phish&entity=album")!

    private func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
        return try Data(contentsOf: url)
    }

    private func response(status: Int) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
    }

    @Test("A 200 with the API's JSON gives the albums in order")
    func success() throws {
        let albums = try DefaultNetworkingLayer.albums(
            from: fixture("search-phish"), response: response(status: 200), error: nil)
        #expect(albums.map(\.title) == ["Big Boat", "Farmhouse", "Billy Breathes"])
        #expect(albums.first?.artist == "Phish")
        #expect(albums.first?.imageURL == URL(string: "https://example.com/big-boat/100x100bb.jpg"))
        #expect(AlbumViewModel(albums[1]).year == "2000")
    }

    @Test("A status outside 2xx is an HTTP error naming it", arguments: [404, 500, 503])
    func httpError(status: Int) {
        #expect(throws: AlbumSearchError.httpStatus(status)) {
            try DefaultNetworkingLayer.albums(from: Data("{}".utf8), response: response(status: status), error: nil)
        }
    }

    @Test("The edges of 2xx: 200 and 299 succeed, 199 and 300 are HTTP errors")
    func statusBoundaries() throws {
        for status in [200, 299] {
            #expect(
                try DefaultNetworkingLayer.albums(
                    from: Data(#"{"results": []}"#.utf8), response: response(status: status), error: nil) == [])
        }
        for status in [199, 300] {
            #expect(throws: AlbumSearchError.httpStatus(status)) {
                try DefaultNetworkingLayer.albums(from: Data("{}".utf8), response: response(status: status), error: nil)
            }
        }
    }

    @Test("A value of the wrong type is malformed, naming its path")
    func wrongType() {
        let data = Data(#"{"results": [{"collectionName": 7}]}"#.utf8)
        #expect(throws: AlbumSearchError.malformed("results.Index 0.collectionName has the wrong type")) {
            try DefaultNetworkingLayer.albums(from: data, response: response(status: 200), error: nil)
        }
    }

    @Test("A body that is not JSON is malformed")
    func notJSON() {
        #expect(throws: AlbumSearchError.malformed("it is not JSON")) {
            try DefaultNetworkingLayer.albums(from: Data("<html>".utf8), response: response(status: 200), error: nil)
        }
    }

    @Test("A result without an artist is malformed, naming the key")
    func missingKey() throws {
        let data = try fixture("search-missing-key")
        #expect(throws: AlbumSearchError.malformed(#"the key "artistName" is missing"#)) {
            try DefaultNetworkingLayer.albums(from: data, response: response(status: 200), error: nil)
        }
    }

    @Test("No connection is offline")
    func offline() {
        #expect(throws: AlbumSearchError.offline) {
            try DefaultNetworkingLayer.albums(from: nil, response: nil, error: URLError(.notConnectedToInternet))
        }
    }

    @Test("The search URL carries the term and asks for albums")
    func searchURL() throws {
        let sut = DefaultNetworkingLayer(baseURL: try #require(URL(string: "https://api.example.com/v1")))
        #expect(
            sut.searchURL(for: "Big Boat").absoluteString
                == "https://api.example.com/v1/search?term=Big%20Boat&entity=album")
    }

    @Test("An empty search term fails without a request")
    func emptyTerm() async throws {
        let sut = DefaultNetworkingLayer(baseURL: try #require(URL(string: "https://api.example.com")))
        let result = await withCheckedContinuation { continuation in
            sut.searchFor(searchTerm: "  ") { continuation.resume(returning: $0) }
        }
        #expect(throws: AlbumSearchError.emptySearchTerm) { try result.get() }
    }
}
