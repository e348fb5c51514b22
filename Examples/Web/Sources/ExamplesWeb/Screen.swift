/// A screen of the web app: one route, one view over one example's view model.
///
/// A screen holds no logic: ``render`` reads the session's view model into the page's body, and
/// ``perform`` passes a submitted form to the view model's action. Adding an example is adding a
/// `Screen` value and listing it in ``Screen/all``.
///
/// Both run on the main actor, where every session's view models live (AlbumSearch's
/// `SearchViewModel` is main-actor isolated); ``perform`` may await, as a search does.
struct Screen: Sendable {
    /// The route's path component, such as `calculator` for `/calculator`.
    let path: String
    /// The title of the page and of its link on the index.
    let title: String
    /// Renders the screen's body (the markup inside `<main>`) for a session.
    let render: @MainActor @Sendable (ExampleSession) -> String
    /// Performs a submitted form's action on a session's view model.
    let perform: @MainActor @Sendable ([String: String], ExampleSession) async throws(ScreenInputError) -> Void

    /// The screen's page for a session: its ``title`` around what ``render`` makes.
    @MainActor
    func page(for session: ExampleSession) -> Page {
        Page(title: title, body: render(session))
    }

    /// Every screen, in the order the index lists them.
    static let all: [Screen] = [.calculator, .fitNess, .movies, .settings, .albumSearch, .cashRegister]
}

/// A form the server cannot act on (only a hand-made request can send one). The message names the
/// field and what it should hold.
struct ScreenInputError: Error, CustomStringConvertible, Equatable {
    /// The screen's path.
    let screen: String
    /// What was wrong, and what was expected.
    let reason: String

    var description: String { "The \(screen) screen cannot act on this form: \(reason)." }
}
