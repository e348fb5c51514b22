/// The ListMovies scene's view controller logic (seed 001) without UIKit: it fetches the movies when
/// its view loads, keeps the formatted rows the presenter gives it, reloads its table, and serves the
/// table's rows as a data source.
///
/// Created with no interactor, it builds the scene as Clean Swift's configurator does: an interactor
/// over a ``ListMoviesPresenter`` that displays on this view controller.
public final class ListMoviesViewController: ListMoviesDisplayLogic, TableViewDataSource {
    /// What the view controller asks to fetch movies.
    public private(set) var interactor: (any ListMoviesBusinessLogic)?
    /// The table showing the movies; this view controller is its data source.
    public var tableView: TableView {
        didSet { tableView.dataSource = self }
    }
    /// The rows to display, in order, as the presenter gave them.
    public private(set) var displayedMovies: [ListMoviesViewModel] = []

    /// Creates the view controller with `interactor`; with nil (the default) it builds the scene over
    /// `worker`.
    public init(interactor: (any ListMoviesBusinessLogic)? = nil, worker: any MoviesWorking = MoviesWorker()) {
        tableView = TableView()
        tableView.dataSource = self
        self.interactor =
            interactor ?? ListMoviesInteractor(presenter: ListMoviesPresenter(viewController: self), worker: worker)
    }

    /// The view's lifecycle event: asks the interactor to fetch the movies.
    public func viewDidLoad() {
        interactor?.fetchMovies()
    }

    /// Keeps `movies` as the rows to display and reloads the table.
    public func displayFetchedMovies(_ movies: [ListMoviesViewModel]) {
        displayedMovies = movies
        tableView.reloadData()
    }

    /// The table has one section.
    public func numberOfSections(in tableView: TableView) -> Int {
        1
    }

    /// One row per movie to display, in any section: there is only one.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        displayedMovies.count
    }

    /// A cell showing the title and year of the movie at `indexPath.row`; an empty cell for a row the
    /// table does not have, rather than a crash.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: TableIndexPath) -> ListMoviesTableViewCell {
        var cell = ListMoviesTableViewCell()
        guard displayedMovies.indices.contains(indexPath.row) else { return cell }
        let movie = displayedMovies[indexPath.row]
        cell.titleLabel.text = movie.title
        cell.yearLabel.text = movie.year
        return cell
    }
}
