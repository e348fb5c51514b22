import Dispatch

@testable import AlbumSearch

/// Seed 003's hand-written `MockNetworkingLayer` is generated here: LitmusDoublesPlugin writes
/// `NetworkingLayerMock` from the `NetworkingLayer` protocol (see Package.swift). These two members
/// give it the article's vocabulary on top of the generated spy and stub.
extension NetworkingLayerMock {
    /// The article's `stubbedResult = result`: every search completes with `result`, asynchronously
    /// on the main queue, as the article's mock and a real networking layer do.
    func stubSearchResult(_ result: Result<[Album], any Error>) {
        double.searchFor.handler = { arguments in
            DispatchQueue.main.async { arguments.completionHandler(result) }
        }
    }

    /// The article's `capturedSearchArguments`: every search term, in order.
    var capturedSearchArguments: [String] {
        double.searchFor.allArguments.map(\.searchTerm)
    }
}

/// The article's failure; any error does.
struct APIError: Error {}
