/// The page at `/`: a link to every screen.
enum IndexPage {
    /// The index of `screens`.
    static func page(for screens: [Screen]) -> Page {
        let links = screens.map { #"<li><a href="/\#($0.path)">\#(html: $0.title)</a></li>"# }
        return Page(
            title: "Examples",
            body: """
                <nav aria-label="Examples">
                <ul>
                \(links.joined(separator: "\n"))
                </ul>
                </nav>
                """
        )
    }
}
