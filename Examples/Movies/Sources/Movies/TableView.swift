/// A row's position in a table: its section and its row within the section. It stands in for UIKit's
/// `IndexPath(row:section:)`, which Foundation has only on Apple platforms with UIKit.
public struct TableIndexPath: Equatable, Hashable, Sendable {
    /// The row within the section.
    public let row: Int
    /// The section.
    public let section: Int

    /// Creates the position of `row` in `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }
}

/// Supplies a ``TableView``'s rows, as `UITableViewDataSource` does.
public protocol TableViewDataSource: AnyObject {
    /// How many rows `section` has.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell showing the row at `indexPath`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: TableIndexPath) -> ListMoviesTableViewCell
}

/// A table of one section, without UIKit: the rows it shows are the cells its data source gave at the
/// last ``reloadData()``. A web or terminal view draws ``visibleCells``.
///
/// It is `open` because the article's `TableViewSpy` subclasses it to record `reloadData()`.
open class TableView {
    /// Where the rows come from; held weakly, as UIKit does.
    public weak var dataSource: (any TableViewDataSource)?
    /// The cells shown, one per row, as of the last ``reloadData()``.
    public private(set) var visibleCells: [ListMoviesTableViewCell] = []

    /// Creates an empty table with no data source.
    public init() {}

    /// Asks the data source for every row of section 0 again.
    open func reloadData() {
        guard let dataSource else {
            visibleCells = []
            return
        }
        let count = dataSource.tableView(self, numberOfRowsInSection: 0)
        visibleCells = (0..<count).map {
            dataSource.tableView(self, cellForRowAt: TableIndexPath(row: $0, section: 0))
        }
    }
}

/// A row of the movie list: a title label and a year label, as the article's cell has.
public struct ListMoviesTableViewCell: Equatable, Sendable {
    /// A label's content.
    public struct Label: Equatable, Sendable {
        /// The text shown, or nil for none.
        public var text: String?
    }

    /// Shows the movie's title.
    public var titleLabel = Label()
    /// Shows the movie's release year.
    public var yearLabel = Label()

    /// Creates an empty cell.
    public init() {}
}
