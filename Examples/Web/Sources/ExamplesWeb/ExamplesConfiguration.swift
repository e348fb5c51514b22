import AlbumSearch
import Calculator
import Movies
import Settings

/// What the examples web app is configured with when it starts; the same for every browser session.
///
/// The factories are called once per browser session, so a test can hand every session a stubbed
/// networking layer, or keep the settings manager it gave a session and read it back.
public struct ExamplesConfiguration: Sendable {
    /// The Calculator screen's buttons.
    public var calculatorButtons: ButtonConfiguration
    /// The Movies screen's catalogue.
    public var movies: [Movie]
    /// Makes the Settings screen's settings manager for a new session.
    public var makeSettingsManager: @Sendable () -> any SettingsManager
    /// Makes the AlbumSearch screen's networking layer for a new session. Tests give
    /// `{ DefaultNetworkingLayer(session: stubs.session()) }` so no request reaches the network.
    public var makeNetworkingLayer: @Sendable () -> any NetworkingLayer
    /// Whether the pages' form script may run and be answered; UI tests choose the other cases to walk,
    /// in a real browser, the paths a page takes without JavaScript and when its `fetch` fails.
    public var formScript: FormScriptMode
    /// Told of every form the server receives: the screen's path, and whether the page's script sent
    /// it (with `fetch`) or the browser did (a plain post). Tests see which path a tap took.
    public var onFormReceived: @Sendable (_ screen: String, _ sentByScript: Bool) -> Void

    /// Creates a configuration; every example has its production default.
    public init(
        calculatorButtons: ButtonConfiguration = .decoded,
        movies: [Movie] = MoviesWorker.bestPictures,
        makeSettingsManager: @escaping @Sendable () -> any SettingsManager = { StoredSettings() },
        makeNetworkingLayer: @escaping @Sendable () -> any NetworkingLayer = { DefaultNetworkingLayer.instance },
        formScript: FormScriptMode = .enabled,
        onFormReceived: @escaping @Sendable (_ screen: String, _ sentByScript: Bool) -> Void = { _, _ in }
    ) {
        self.calculatorButtons = calculatorButtons
        self.movies = movies
        self.makeSettingsManager = makeSettingsManager
        self.makeNetworkingLayer = makeNetworkingLayer
        self.formScript = formScript
        self.onFormReceived = onFormReceived
    }
}

/// How the server lets the pages' form script (``Page``'s `fetch` and body swap) run.
public enum FormScriptMode: Sendable, Equatable {
    /// The script sends forms with `fetch` and swaps in the page the server answers with.
    case enabled
    /// Every answer carries `Content-Security-Policy: script-src 'none'`, so the browser runs none of
    /// the page's script, as a browser with JavaScript disabled does: forms post and the server
    /// redirects. (Disabling JavaScript in Chromium itself also stops the animation frames, observers
    /// and listeners LitmusUI waits with; a policy leaves those running, as they are not the page's.)
    case blocked
    /// The server answers every form the script sends with 503 Service Unavailable and does not act
    /// on it, as a failing server or network would; the script then submits the form the plain way.
    case fetchRefused
}
