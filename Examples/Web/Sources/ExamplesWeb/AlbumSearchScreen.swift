import AlbumSearch

extension Screen {
    /// Seed 003's album search on the web: a search field, and the `SearchViewModel`'s results (title,
    /// artist, year per row) or its error message (role `alert`).
    ///
    /// A search waits for the networking layer before the page is shown again, so the results page is
    /// the one the browser lands on. Cover images are not shown: a browser would fetch them from the
    /// real network, which UI tests must not touch.
    static let albumSearch = Screen(
        path: "albums",
        title: "Album Search",
        render: { session in
            let search = session.albumSearch
            let rows = search.viewModel.albumViewModels.map { album in
                #"<li class="album"><span class="title">\#(html: album.title)</span> "#
                    + #"<span class="artist">\#(html: album.artist)</span> "#
                    + #"<span class="year">\#(html: album.year)</span></li>"#
            }
            return """
                <form method="post" action="/albums" role="search">
                <label for="term">Artist or album</label>
                <input id="term" name="term" type="search" placeholder="Search" value="\(html: search.term)">
                <button type="submit">Search</button>
                </form>
                \(Markup.rows(rows, id: "albums", label: "Albums"))
                """ + Markup.errorBox(search.viewModel.errorMessage)
        },
        perform: { form, session throws(ScreenInputError) in
            guard let term = form["term"] else {
                throw ScreenInputError(screen: "albums", reason: "the field \"term\" is missing")
            }
            await session.albumSearch.search(for: term)
        }
    )
}

/// One browser session's album search: the view model, and the term last searched for (shown again
/// in the field).
@MainActor
final class AlbumSearchSession {
    /// The view model the page shows.
    let viewModel: SearchViewModel
    /// The term last searched for.
    private(set) var term = ""

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
    }

    /// Searches for `term` and returns when the view model has the results or the error.
    func search(for term: String) async {
        self.term = term
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            viewModel.searchFor(searchTerm: term) { finished.resume() }
        }
    }
}
