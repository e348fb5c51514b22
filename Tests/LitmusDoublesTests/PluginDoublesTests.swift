import LitmusDoubles
import LitmusDoublesFixtures
import XCTest

/// Doubles the LitmusDoublesPlugin generated from LitmusDoublesFixtures, which carries no attribute;
/// the tests are seed 001's interactor tests, with generated spies in place of hand-written ones.
final class ListMoviesInteractorTests: XCTestCase {
    func testFetchMoviesCallsWorkerToFetch() {
        // Given
        let moviesWorkerSpy = MoviesWorkerMock()
        let sut = ListMoviesInteractor(presenter: ListMoviesPresentationLogicMock(), worker: moviesWorkerSpy)

        // When
        sut.fetchMovies()

        // Then
        XCTAssert(moviesWorkerSpy.double.fetchMovies.wasCalled, "fetchMovies() should ask the worker to fetch movies")
    }

    func testFetchMoviesCallsPresenterToFormatFetchedMovies() throws {
        // Given
        let movies = [
            Movie(title: "Slumdog Millionaire", releaseDate: "2008-11-12"),
            Movie(title: "The Hurt Locker", releaseDate: "2009-01-29"),
        ]
        let listMoviesPresentationLogicSpy = ListMoviesPresentationLogicMock()
        let moviesWorkerSpy = MoviesWorkerMock()
        moviesWorkerSpy.double.fetchMovies.handler = { completionHandler in completionHandler(movies) }
        let sut = ListMoviesInteractor(presenter: listMoviesPresentationLogicSpy, worker: moviesWorkerSpy)

        // When
        sut.fetchMovies()

        // Then
        XCTAssertEqual(
            listMoviesPresentationLogicSpy.double.presentFetchedMovies.lastArguments,
            movies,
            "fetchMovies() should ask the presenter to format the same movies it fetched"
        )
        verifyCallOrder(moviesWorkerSpy.double.fetchMovies, listMoviesPresentationLogicSpy.double.presentFetchedMovies)
    }

    func testAdminStoreMock_inheritedRequirement_isRecordedAndStubbed() async throws {
        // Given
        let sut = AdminStoreMock(mode: .strict)
        sut.double.user.stubbedResult = User(id: 7)
        sut.double.ban.stub()

        // When
        let user = try await sut.user(id: 7)
        await sut.ban(id: 7)

        // Then
        XCTAssertEqual(user, User(id: 7))
        XCTAssertEqual(sut.double.user.lastArguments, 7)
        verifyCallOrder(sut.double.user, sut.double.ban)
    }
}
