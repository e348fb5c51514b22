/// The app's state machine (seed 002): a chase is started once a goal is set, then paused, resumed,
/// completed, caught or restarted. Every change of ``appState`` calls ``stateChangedCallback``.
///
/// The article reaches the model through the shared ``instance`` everywhere. Here the screens take
/// an `AppModel` in their initializers, so each test builds its own and no test sees another's state;
/// the app uses ``instance``.
public final class AppModel {
    /// The model the app shares between its screens; tests inject their own instead.
    @MainActor public static let instance = AppModel()

    /// The goal and the steps of the current chase.
    public let dataModel: DataModel

    /// The state of the chase; setting it calls ``stateChangedCallback``.
    public private(set) var appState: AppState = .notStarted {
        didSet {
            stateChangedCallback?(self)
        }
    }

    /// Called after every change of ``appState``, on the thread that made it.
    public var stateChangedCallback: ((AppModel) -> Void)?

    /// Creates a model in the ``AppState/notStarted`` state over `dataModel`.
    public init(dataModel: DataModel = DataModel()) {
        self.dataModel = dataModel
    }

    /// Starts (or resumes) the chase.
    /// - Throws: ``AppError/goalNotSet`` when the data model has no goal; the state is unchanged.
    public func start() throws(AppError) {
        guard dataModel.goal != nil else {
            throw AppError.goalNotSet
        }
        appState = .inProgress
    }

    /// Pauses the chase.
    public func pause() {
        appState = .paused
    }

    /// Goes back to ``AppState/notStarted`` with the step count at 0; the goal is kept.
    public func restart() {
        appState = .notStarted
        dataModel.restart()
    }

    /// Ends the chase as caught.
    public func setToCaught() {
        appState = .caught
    }

    /// Ends the chase as completed.
    public func setToComplete() {
        appState = .completed
    }
}
