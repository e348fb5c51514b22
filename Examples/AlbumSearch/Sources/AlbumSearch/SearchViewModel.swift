import Foundation
import Observation

/// The album search screen's view model (seed 003): searches through an injected
/// ``NetworkingLayer`` and exposes the albums found, or what went wrong.
///
/// The article's view model never calls its completion handler and stores albums from a failure
/// case it ignores; here the handler is called once the outcome is stored, on the main actor.
@MainActor
@Observable
public final class SearchViewModel {
    @ObservationIgnored private let networkingLayer: any NetworkingLayer

    /// The albums of the last successful search.
    public private(set) var albums: [Album] = []
    /// What went wrong in the last search, if it failed.
    public private(set) var errorMessage: String?
    /// Whether a search is under way.
    public private(set) var isSearching = false

    public init(networkingLayer: any NetworkingLayer = DefaultNetworkingLayer.instance) {
        self.networkingLayer = networkingLayer
    }

    /// The albums as the screen shows them.
    public var albumViewModels: [AlbumViewModel] { albums.map(AlbumViewModel.init) }

    /// The album at `index` as the screen shows it.
    public func albumViewModelAt(index: Int) -> AlbumViewModel {
        albumViewModels[index]
    }

    /// Searches albums for `searchTerm`; `completionHandler` runs once the outcome is stored.
    public func searchFor(searchTerm: String, completionHandler: @escaping @MainActor () -> Void = {}) {
        isSearching = true
        networkingLayer.searchFor(searchTerm: searchTerm) { result in
            Task { @MainActor [weak self] in
                self?.store(result)
                completionHandler()
            }
        }
    }

    private func store(_ result: Result<[Album], any Error>) {
        isSearching = false
        switch result {
        case .success(let albums):
            self.albums = albums
            errorMessage = nil
        case .failure(let error):
            albums = []
            errorMessage =
                (error as? AlbumSearchError)?.description ?? "The search failed: \(error.localizedDescription)"
        }
    }
}
