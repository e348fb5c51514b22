import Movies

extension Screen {
    /// Seed 005's movie list on the web: a list (a table to UI tests) with one row per cell of the
    /// view controller's table view, each showing the cell's title label and year label.
    static let movies = Screen(
        path: "movies",
        title: "Movies",
        render: { session in
            let rows = session.movies.tableView.visibleCells.map { cell in
                #"<li class="movie"><span class="title">\#(html: cell.titleLabel.text ?? "")</span> "#
                    + #"<span class="year">\#(html: cell.yearLabel.text ?? "")</span></li>"#
            }
            return Markup.rows(rows, id: "movies", label: "Movies")
        },
        perform: { _, _ throws(ScreenInputError) in
            throw ScreenInputError(screen: "movies", reason: "the list has no actions, expected a GET")
        }
    )
}
