import Foundation
import Testing

@testable import Movies

/// What Litmus decided where seed 001 is silent (Examples/Movies/README.md).
@Suite("Movies: where the article is silent")
struct ListMoviesDecisionTests {
    @Test(
        "A view model shows the title as it is and the year of a yyyy-MM-dd release date",
        arguments: [
            (Seeds.Movies.slumdogMillionaire, ListMoviesViewModel(title: "Slumdog Millionaire", year: "2008")),
            (Seeds.Movies.hurtLocker, ListMoviesViewModel(title: "The Hurt Locker", year: "2009")),
            (Movie(title: "Leap", releaseDate: "2024-02-29"), ListMoviesViewModel(title: "Leap", year: "2024")),
            (Movie(title: "Early", releaseDate: "0999-01-01"), ListMoviesViewModel(title: "Early", year: "0999")),
        ])
    func formatsReadableDates(movie: Movie, expected: ListMoviesViewModel) {
        #expect(ListMoviesViewModel(movie) == expected)
    }

    @Test(
        "A release date that is not a real yyyy-MM-dd date shows the year as Unknown",
        arguments: [
            "noDate", "", "2008", "2008-11", "2008–11–12", "2008/11/12", "2009-02-30", "2023-02-29", "2008-13-01",
            "2008-00-10", "08-11-12", "2008-11-12T00:00", " 2008-11-12", "２００８-11-12", "-008-11-12",
            "2008--11-12", "20081-11-12", "+200-11-12",
        ])
    func unreadableDateShowsUnknownYear(releaseDate: String) {
        // Given
        let movie = Movie(title: "The King's Speech", releaseDate: releaseDate)
        // When
        let sut = ListMoviesViewModel(movie)
        // Then
        #expect(sut == ListMoviesViewModel(title: "The King's Speech", year: "Unknown"))
    }

    @Test("The whole scene, built by the view controller, shows the worker's movies once the view loads")
    func sceneShowsMoviesAfterViewDidLoad() {
        // Given
        let sut = ListMoviesViewController(worker: MoviesWorker(catalogue: Seeds.Movies.all))
        // When
        sut.viewDidLoad()
        // Then
        #expect(
            sut.tableView.visibleCells.map(\.titleLabel.text) == [
                "Slumdog Millionaire", "The Hurt Locker", "The King's Speech",
            ])
        #expect(sut.tableView.visibleCells.map(\.yearLabel.text) == ["2008", "2009", "Unknown"])
    }

    @Test("The app's worker serves three Best Picture winners")
    func defaultCatalogue() {
        // Given
        let sut = ListMoviesViewController()
        // When
        sut.viewDidLoad()
        // Then
        #expect(sut.displayedMovies.map(\.year) == ["2008", "2009", "2010"])
    }

    @Test("The table has one section")
    func oneSection() {
        let sut = ListMoviesViewController()
        #expect(sut.numberOfSections(in: sut.tableView) == 1)
    }

    @Test("Reloading asks the data source for section 0's rows, and for each row of section 0")
    func reloadAsksForSectionZero() {
        // Given
        let dataSource = SectionSpy()
        let sut = TableView()
        sut.dataSource = dataSource
        // When
        sut.reloadData()
        // Then
        #expect(dataSource.sectionsCounted == [0])
        #expect(dataSource.indexPathsShown == [TableIndexPath(row: 0, section: 0), TableIndexPath(row: 1, section: 0)])
    }

    @Test("A row the table does not have gets an empty cell, not a crash")
    func rowOutOfRangeIsEmpty() {
        // Given
        let sut = ListMoviesViewController()
        sut.displayFetchedMovies([ListMoviesViewModel(title: "E.T.", year: "1982")])
        // When
        let cell = sut.tableView(sut.tableView, cellForRowAt: TableIndexPath(row: 1, section: 0))
        // Then
        #expect(cell == ListMoviesTableViewCell())
    }

    @Test("A table view assigned to the view controller takes it as its data source")
    func assignedTableGetsDataSource() {
        // Given
        let sut = ListMoviesViewController()
        let tableView = TableView()
        sut.displayFetchedMovies([ListMoviesViewModel(title: "E.T.", year: "1982")])
        // When
        sut.tableView = tableView
        tableView.reloadData()
        // Then
        #expect(tableView.visibleCells.map(\.titleLabel.text) == ["E.T."])
    }

    @Test("The presenter does not keep its view controller alive")
    func presenterHoldsViewControllerWeakly() {
        // Given
        var viewController: ListMoviesDisplayLogicMock? = ListMoviesDisplayLogicMock()
        // litmus:ignore trapInTest set on the line above; optional only so the test can release it
        let sut = ListMoviesPresenter(viewController: viewController!)
        // When
        viewController = nil
        // Then
        #expect(sut.viewController == nil)
    }
}

/// A data source of two rows that records the sections and rows the table asks for.
private final class SectionSpy: TableViewDataSource {
    var sectionsCounted: [Int] = []
    var indexPathsShown: [TableIndexPath] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sectionsCounted.append(section)
        return 2
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: TableIndexPath) -> ListMoviesTableViewCell {
        indexPathsShown.append(indexPath)
        return ListMoviesTableViewCell()
    }
}
