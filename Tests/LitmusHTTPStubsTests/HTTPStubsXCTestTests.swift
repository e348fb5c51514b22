import Foundation
import LitmusHTTPStubs
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The XCTest helper, used the way seed 003's tests would: stubs made in setUp, checked in tearDown.
final class HTTPStubsXCTestTests: XCTestCase {
    var stubs: HTTPStubs!
    var sut: URLSession!

    override func setUp() {
        super.setUp()
        stubs = makeHTTPStubs()
        sut = stubs.session()
    }

    override func tearDown() {
        sut = nil
        stubs = nil
        super.tearDown()
    }

    func testSearchFor_stubbedAlbums_returnsTheFixture() async throws {
        // Given
        stubs.stub(.path("/search") && .query(["term": "Phish"]), try .fixture("albums.json", in: .module))

        // When
        let (data, _) = try await sut.data(from: URL("https://itunes.example.com/search?term=Phish"))

        // Then
        XCTAssertEqual(try JSONDecoder().decode([Album].self, from: data).count, 2)
    }

    func testSearchFor_serverUnreachable_failsWithNotConnected() {
        // Given
        stubs.stub(.path("/search"), .networkError(.notConnectedToInternet))
        let searchExpectation = expectation(description: "search completes")
        let receivedError = Mutex<URLError?>(nil)

        // When
        sut.dataTask(with: URL("https://itunes.example.com/search?term=Phish")) { _, _, error in
            receivedError.withLock { $0 = error as? URLError }
            searchExpectation.fulfill()
        }.resume()
        wait(for: [searchExpectation], timeout: 600)

        // Then
        XCTAssertEqual(receivedError.withLock { $0?.code }, .notConnectedToInternet)
    }
}
