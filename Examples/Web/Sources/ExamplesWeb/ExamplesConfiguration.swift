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

    /// Creates a configuration; every example has its production default.
    public init(
        calculatorButtons: ButtonConfiguration = .decoded,
        movies: [Movie] = MoviesWorker.bestPictures,
        makeSettingsManager: @escaping @Sendable () -> any SettingsManager = { StoredSettings() },
        makeNetworkingLayer: @escaping @Sendable () -> any NetworkingLayer = { DefaultNetworkingLayer.instance }
    ) {
        self.calculatorButtons = calculatorButtons
        self.movies = movies
        self.makeSettingsManager = makeSettingsManager
        self.makeNetworkingLayer = makeNetworkingLayer
    }
}
