/// What the ListMovies view controller asks of its interactor (seed 001's business logic).
public protocol ListMoviesBusinessLogic: AnyObject {
    /// Fetches the movies and hands them on to be presented.
    func fetchMovies()
}

/// What the interactor asks of its presenter (seed 001's presentation logic).
public protocol ListMoviesPresentationLogic: AnyObject {
    /// Formats `movies` for display and hands them to the view controller.
    func presentFetchedMovies(_ movies: [Movie])
}

/// What the presenter asks of the view controller (seed 001's display logic).
public protocol ListMoviesDisplayLogic: AnyObject {
    /// Shows `movies`, already formatted.
    func displayFetchedMovies(_ movies: [ListMoviesViewModel])
}

/// The worker's job, as a protocol: where the interactor gets movies from. The article's
/// `MoviesWorkerSpy` subclasses ``MoviesWorker``; a double generated from this protocol can replace it.
public protocol MoviesWorking: AnyObject {
    /// Fetches the movies and passes them to `completionHandler`.
    func fetchMovies(completionHandler: @escaping ([Movie]) -> Void)
}
