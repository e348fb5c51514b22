import XCTest

@testable import Movies

/// Seed 001's interactor tests: the interactor is a black box whose inputs come from the view
/// controller (`fetchMovies()`) and whose outputs go to the worker and the presenter, both spies.
/// The article writes the spies by hand; here LitmusDoublesPlugin generates them from the Movies
/// protocols (`ListMoviesPresentationLogicMock`, `MoviesWorkingMock`), keeping the article's names
/// for the variables.
final class ListMoviesInteractorTests: XCTestCase {
    // MARK: - Tests

    func testFetchMoviesCallsWorkerToFetch() {
        // Given
        let moviesWorkerSpy = MoviesWorkingMock()
        let sut = ListMoviesInteractor(presenter: ListMoviesPresentationLogicMock(), worker: moviesWorkerSpy)
        // When
        sut.fetchMovies()
        // Then
        XCTAssert(moviesWorkerSpy.double.fetchMovies.wasCalled, "fetchMovies() should ask the worker to fetch movies")
    }

    func testFetchMoviesCallsPresenterToFormatMovies() {
        // Given
        let listMoviesPresentationLogicSpy = ListMoviesPresentationLogicMock()
        let sut = ListMoviesInteractor(
            presenter: listMoviesPresentationLogicSpy, worker: moviesWorkerSpy(completingWith: []))
        // When
        sut.fetchMovies()
        // Then
        XCTAssert(
            listMoviesPresentationLogicSpy.double.presentFetchedMovies.wasCalled,
            "fetchMovies() should ask the presenter to format the movies")
    }

    func testFetchMoviesCallsPresenterToFormatFetchedMovies() {
        // Given
        let movies = Seeds.Movies.all
        let listMoviesPresentationLogicSpy = ListMoviesPresentationLogicMock()
        let moviesWorkerSpy = moviesWorkerSpy(completingWith: movies)
        let sut = ListMoviesInteractor(presenter: listMoviesPresentationLogicSpy, worker: moviesWorkerSpy)
        // When
        sut.fetchMovies()
        // Then
        XCTAssertEqual(
            listMoviesPresentationLogicSpy.double.presentFetchedMovies.lastArguments?.count, movies.count,
            "fetchMovies() should ask the presenter to format the same amount of movies it fetched")
        XCTAssertEqual(
            listMoviesPresentationLogicSpy.double.presentFetchedMovies.lastArguments, movies,
            "fetchMovies() should ask the presenter to format the same movies it fetched")
    }
}

// MARK: - Test doubles

/// The article's `MoviesWorkerSpy(movies:)`: a generated worker double stubbed to complete with
/// `movies`, as the hand-written spy did.
private func moviesWorkerSpy(completingWith movies: [Movie]) -> MoviesWorkingMock {
    let worker = MoviesWorkingMock()
    worker.double.fetchMovies.handler = { completionHandler in completionHandler(movies) }
    return worker
}
