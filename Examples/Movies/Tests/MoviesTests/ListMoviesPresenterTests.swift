import XCTest

@testable import Movies

/// Seed 001's presenter tests: the input is `presentFetchedMovies(_:)`, the output the display logic's
/// `displayFetchedMovies(_:)`, seen through a spy: `ListMoviesDisplayLogicMock`, which
/// LitmusDoublesPlugin generates where the article writes `ListMoviesDisplayLogicSpy` by hand.
final class ListMoviesPresenterTests: XCTestCase {
    // MARK: - Tests

    func testDisplayFetchedMoviesCalledByPresenter() {
        // Given
        let listMoviesDisplayLogicSpy = ListMoviesDisplayLogicMock()
        let sut = ListMoviesPresenter(viewController: listMoviesDisplayLogicSpy)
        // When
        sut.presentFetchedMovies([])
        // Then
        XCTAssert(
            listMoviesDisplayLogicSpy.double.displayFetchedMovies.wasCalled,
            "presentFetchedMovies() should ask the view controller to display them")
    }

    /// The article compares each displayed view model with `ListMoviesViewModel(movies[index])` in a
    /// loop: a recomputation with the code under test, and a failure that names no movie. Here the
    /// whole list is compared with the rows written out, so a failure prints both lists.
    func testPresentFetchedMoviesShouldFormatFetchedMoviesForDisplay() {
        // Given
        let listMoviesDisplayLogicSpy = ListMoviesDisplayLogicMock()
        let sut = ListMoviesPresenter(viewController: listMoviesDisplayLogicSpy)
        let movies = Seeds.Movies.all
        // When
        sut.presentFetchedMovies(movies)
        // Then
        let displayedMovies = listMoviesDisplayLogicSpy.double.displayFetchedMovies.lastArguments ?? []
        XCTAssertEqual(
            displayedMovies.count, movies.count,
            "presentFetchedMovies() should ask the view controller to display same amount of movies it receive")
        XCTAssertEqual(
            displayedMovies,
            [
                ListMoviesViewModel(title: "Slumdog Millionaire", year: "2008"),
                ListMoviesViewModel(title: "The Hurt Locker", year: "2009"),
                ListMoviesViewModel(title: "The King's Speech", year: "Unknown"),
            ])
    }
}
