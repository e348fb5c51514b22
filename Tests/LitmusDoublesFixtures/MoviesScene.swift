// Seed 001's ListMovies scene protocols, with no attribute: the LitmusDoublesPlugin generates their
// doubles into LitmusDoublesTests.

/// A movie, as seed 001's Seeds file holds them.
public struct Movie: Equatable, Sendable {
    /// The title.
    public let title: String
    /// The release date, as the article writes it.
    public let releaseDate: String

    /// A movie named `title`, released on `releaseDate`.
    public init(title: String, releaseDate: String) {
        self.title = title
        self.releaseDate = releaseDate
    }
}

/// What the interactor asks of the presenter.
public protocol ListMoviesPresentationLogic {
    /// Formats fetched movies for display.
    func presentFetchedMovies(_ movies: [Movie])
}

/// What the interactor asks of the worker.
public protocol MoviesWorker {
    /// Fetches movies and hands them to `completionHandler`.
    func fetchMovies(completionHandler: @escaping ([Movie]) -> Void)
}

/// Seed 001's interactor: fetches movies with the worker and hands them to the presenter.
public final class ListMoviesInteractor {
    private let presenter: any ListMoviesPresentationLogic
    private let worker: any MoviesWorker

    /// An interactor using `presenter` and `worker`.
    public init(presenter: any ListMoviesPresentationLogic, worker: any MoviesWorker) {
        self.presenter = presenter
        self.worker = worker
    }

    /// Asks the worker for movies, then the presenter to format them.
    public func fetchMovies() {
        worker.fetchMovies { [presenter] movies in
            presenter.presentFetchedMovies(movies)
        }
    }
}
