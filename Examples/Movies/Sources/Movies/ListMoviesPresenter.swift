/// The ListMovies scene's presenter (seed 001): turns movies into ``ListMoviesViewModel``s, one per
/// movie in the same order, and asks the view controller to display them.
public final class ListMoviesPresenter: ListMoviesPresentationLogic {
    /// The view controller; held weakly, as Clean Swift does, because the view controller owns the
    /// interactor that owns this presenter.
    public private(set) weak var viewController: (any ListMoviesDisplayLogic)?

    /// Creates a presenter displaying on `viewController`.
    public init(viewController: any ListMoviesDisplayLogic) {
        self.viewController = viewController
    }

    /// Formats `movies` and asks the view controller to display them.
    public func presentFetchedMovies(_ movies: [Movie]) {
        viewController?.displayFetchedMovies(movies.map(ListMoviesViewModel.init))
    }
}
