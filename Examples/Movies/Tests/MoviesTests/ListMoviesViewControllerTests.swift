import XCTest

@testable import Movies

/// Seed 001's view controller tests against `ListMoviesViewController`, the view controller's logic
/// without UIKit. The article's `UIWindow` in `setUp()`, and its `loadView()` that spins the run loop
/// until the view is on screen, have nothing to wait for here: there is no view hierarchy.
final class ListMoviesViewControllerTests: XCTestCase {
    // MARK: - Tests

    func testShouldFetchMoviesWhenViewDidLoad() {
        // Given
        let listMoviesBusinessLogicSpy = ListMoviesBusinessLogicSpy()
        let sut = ListMoviesViewController(interactor: listMoviesBusinessLogicSpy)
        // When
        sut.viewDidLoad()
        // Then
        XCTAssert(listMoviesBusinessLogicSpy.fetchMoviesCalled, "Should fetch movies when view is loaded")
    }

    func testShouldDisplayFetchedMovies() {
        // Given
        let tableViewSpy = TableViewSpy()
        let sut = ListMoviesViewController()
        sut.tableView = tableViewSpy
        let viewModels: [ListMoviesViewModel] = []
        // When
        sut.displayFetchedMovies(viewModels)
        // Then
        XCTAssert(tableViewSpy.reloadDataCalled, "Displaying fetched movies should reload the table view")
    }

    func testNumberOfRowsInAnySectionShouldEqualNumberOfMoviesToDisplay() {
        // Given
        let sut = ListMoviesViewController()
        let tableView = sut.tableView
        let viewModels: [ListMoviesViewModel] = [ListMoviesViewModel(title: "Test", year: "1988")]
        sut.displayFetchedMovies(viewModels)
        // When
        let numberOfRows = sut.tableView(tableView, numberOfRowsInSection: 1)
        // Then
        XCTAssertEqual(
            numberOfRows, viewModels.count, "The number of table view rows should equal the number of movies to display"
        )
    }

    func testShouldConfigureTableViewCellToDisplayOrder() {
        // Given
        let sut = ListMoviesViewController()
        let tableView = sut.tableView
        let viewModels: [ListMoviesViewModel] = [ListMoviesViewModel(title: "E.T.", year: "1982")]
        sut.displayFetchedMovies(viewModels)
        // When
        let indexPath = TableIndexPath(row: 0, section: 0)
        let cell = sut.tableView(tableView, cellForRowAt: indexPath)
        // Then
        XCTAssertEqual(
            cell.titleLabel.text, "E.T.", "A properly configured table view cell should display the movie title")
        XCTAssertEqual(
            cell.yearLabel.text, "1982", "A properly configured table view cell should display the movie year")
    }
}

// MARK: - Test doubles

/// The article's hand-written business-logic spy: records that the interactor was asked to fetch.
class ListMoviesBusinessLogicSpy: ListMoviesBusinessLogic {
    var fetchMoviesCalled = false

    func fetchMovies() {
        fetchMoviesCalled = true
    }
}

/// The article's table view spy: a `TableView` subclass that records `reloadData()`. It stays
/// hand-written when the others become generated doubles: it spies on a class, not a protocol.
class TableViewSpy: TableView {
    var reloadDataCalled = false

    override func reloadData() {
        reloadDataCalled = true
    }
}
