import Dispatch

@testable import AlbumSearch

/// Seed 003's hand-written mock: a stubbed result, the captured search terms, and the completion
/// handler called asynchronously on the main queue as a real networking layer would.
final class MockNetworkingLayer: NetworkingLayer {
    var stubbedResult: Result<[Album], any Error> = Result.failure(APIError())
    var capturedSearchArguments = [String]()

    func searchFor(searchTerm: String, completionHandler: @escaping @Sendable (Result<[Album], any Error>) -> Void) {
        capturedSearchArguments.append(searchTerm)
        let result = stubbedResult
        DispatchQueue.main.async {
            completionHandler(result)
        }
    }
}

/// The article's failure; any error does.
struct APIError: Error {}
