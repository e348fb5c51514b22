import XCTest

@testable import Movies

/// Seed 001's interactor tests: the interactor is a black box whose inputs come from the view
/// controller (`fetchMovies()`) and whose outputs go to the worker and the presenter, both spies.
final class ListMoviesInteractorTests: XCTestCase {
    // MARK: - Tests

    func testFetchMoviesCallsWorkerToFetch() {
        // Given
        let moviesWorkerSpy = MoviesWorkerSpy()
        let sut = ListMoviesInteractor(presenter: ListMoviesPresentationLogicSpy(), worker: moviesWorkerSpy)
        // When
        sut.fetchMovies()
        // Then
        XCTAssert(moviesWorkerSpy.fetchMoviesCalled, "fetchMovies() should ask the worker to fetch movies")
    }

    func testFetchMoviesCallsPresenterToFormatMovies() {
        // Given
        let listMoviesPresentationLogicSpy = ListMoviesPresentationLogicSpy()
        let sut = ListMoviesInteractor(presenter: listMoviesPresentationLogicSpy, worker: MoviesWorkerSpy())
        // When
        sut.fetchMovies()
        // Then
        XCTAssert(
            listMoviesPresentationLogicSpy.presentMoviesCalled,
            "fetchMovies() should ask the presenter to format the movies")
    }

    func testFetchMoviesCallsPresenterToFormatFetchedMovies() {
        // Given
        let movies = Seeds.Movies.all
        let listMoviesPresentationLogicSpy = ListMoviesPresentationLogicSpy()
        let moviesWorkerSpy = MoviesWorkerSpy(movies: movies)
        let sut = ListMoviesInteractor(presenter: listMoviesPresentationLogicSpy, worker: moviesWorkerSpy)
        // When
        sut.fetchMovies()
        // Then
        XCTAssertEqual(
            listMoviesPresentationLogicSpy.movies?.count, movies.count,
            "fetchMovies() should ask the presenter to format the same amount of movies it fetched")
        XCTAssertEqual(
            listMoviesPresentationLogicSpy.movies, movies,
            "fetchMovies() should ask the presenter to format the same movies it fetched")
    }
}

// MARK: - Test doubles

/// The article's hand-written presenter spy: records that it was asked to present, and what.
class ListMoviesPresentationLogicSpy: ListMoviesPresentationLogic {
    var presentMoviesCalled = false
    var movies: [Movie]?

    func presentFetchedMovies(_ movies: [Movie]) {
        presentMoviesCalled = true
        self.movies = movies
    }
}

/// The article's hand-written worker spy: a `MoviesWorker` subclass that records the call and
/// completes with the movies it was given.
class MoviesWorkerSpy: MoviesWorker {
    var fetchMoviesCalled = false
    var movies: [Movie]

    init(movies: [Movie] = []) {
        self.movies = movies
        super.init(catalogue: [])
    }

    override func fetchMovies(completionHandler: @escaping ([Movie]) -> Void) {
        fetchMoviesCalled = true
        completionHandler(movies)
    }
}
