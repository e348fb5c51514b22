/// Searches albums on a web API. Seed 003 injects it into ``SearchViewModel`` so that tests can
/// replace the real one (``DefaultNetworkingLayer``) with a mock.
///
/// The article's `Result<[Album]>` is Swift's `Result<[Album], any Error>`; the completion handler
/// is `@Sendable` because a real implementation calls it from URLSession's queue.
public protocol NetworkingLayer {
    /// Searches albums matching `searchTerm` and calls `completionHandler` once with the outcome.
    func searchFor(searchTerm: String, completionHandler: @escaping @Sendable (Result<[Album], any Error>) -> Void)
}
