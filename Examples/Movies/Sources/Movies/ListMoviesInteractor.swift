/// The ListMovies scene's interactor (seed 001): fetches movies through its worker and hands them,
/// unchanged, to its presenter.
public final class ListMoviesInteractor: ListMoviesBusinessLogic {
    /// Formats what the interactor fetched.
    public let presenter: any ListMoviesPresentationLogic
    /// Fetches the movies.
    public let worker: any MoviesWorking

    /// Creates an interactor handing to `presenter` what `worker` fetches.
    public init(presenter: any ListMoviesPresentationLogic, worker: any MoviesWorking = MoviesWorker()) {
        self.presenter = presenter
        self.worker = worker
    }

    /// Asks the worker for the movies, then the presenter to format them.
    public func fetchMovies() {
        worker.fetchMovies { [presenter] movies in
            presenter.presentFetchedMovies(movies)
        }
    }
}
