import AlbumSearch
import Calculator
import FitNess
import Movies
import Settings

/// What one browser session sees: one view model per example, created the first time its screen is
/// shown, so two browsers (or two UI tests) never share a calculator, a goal or a cart.
///
/// It lives on the main actor, as the examples' view models expect to.
@MainActor
final class ExampleSession {
    private let configuration: ExamplesConfiguration

    /// The Calculator screen's view model.
    lazy var calculator = CalculatorViewModel(buttonConfiguration: configuration.calculatorButtons)

    /// The FitNess screen's step count screen, with its own app model and alert center.
    lazy var fitNess = FitNessSession()

    /// The Movies screen's view controller, its movies already fetched.
    lazy var movies: ListMoviesViewController = {
        let viewController = ListMoviesViewController(worker: MoviesWorker(catalogue: configuration.movies))
        viewController.viewDidLoad()
        return viewController
    }()

    /// The Settings screen, loaded from a settings manager of this session's own.
    lazy var settings: SettingsScreen = {
        let screen = SettingsScreen(settingsManager: configuration.makeSettingsManager())
        screen.load()
        return screen
    }()

    /// The AlbumSearch screen's view model and the term last searched for.
    lazy var albumSearch = AlbumSearchSession(
        viewModel: SearchViewModel(networkingLayer: configuration.makeNetworkingLayer()))

    /// The CashRegister screen's register and what the counter shows.
    lazy var cashRegister = CashRegisterCounter()

    init(configuration: ExamplesConfiguration) {
        self.configuration = configuration
    }
}
