/// The step-count screen's logic (seed 002's `StepCountController` without UIKit): the start button
/// whose title says what pressing it will do, the chase view's state, setting the goal, and the
/// alert when a chase is started without one.
///
/// It works on the ``AppModel`` and ``AlertCenter`` it is given; the app passes the shared instances
/// (``init()``), tests pass their own. Creating the screen loads it: it shows the model's state and
/// subscribes to the model's ``AppModel/stateChangedCallback`` to show every later change.
public final class StepCountScreen {
    /// The model the screen shows and drives.
    public let appModel: AppModel
    /// Where the screen posts its alerts.
    public let alertCenter: AlertCenter
    /// The start/pause button; its title is the state's ``AppState/nextStateButtonLabel``.
    public let startButton: ScreenButton
    /// The chase view; its state is the model's state.
    public let chaseView: ChaseView

    /// Creates the screen over `appModel`, posting alerts to `alertCenter`, and loads it.
    public init(appModel: AppModel, alertCenter: AlertCenter) {
        self.appModel = appModel
        self.alertCenter = alertCenter
        startButton = ScreenButton(title: appModel.appState.nextStateButtonLabel)
        chaseView = ChaseView(state: appModel.appState)
        appModel.stateChangedCallback = { [weak self] _ in
            self?.updateUI()
        }
    }

    /// Creates the app's screen over the shared ``AppModel/instance`` and ``AlertCenter/instance``.
    @MainActor
    public convenience init() {
        self.init(appModel: .instance, alertCenter: .instance)
    }

    /// The start button's action: starts a chase that has not started or is paused, pauses one in
    /// progress, and restarts one that is completed or caught. Starting without a goal posts
    /// ``Alert/goalNotSet`` instead.
    public func startStopPause() {
        switch appModel.appState {
        case .notStarted, .paused:
            do {
                try appModel.start()
            } catch {
                alertCenter.postAlert(alert: .goalNotSet)
            }
        case .inProgress:
            appModel.pause()
        case .completed, .caught:
            appModel.restart()
        }
        updateUI()
    }

    /// Sets the chase's goal to `newGoal` steps. A goal below 1 is not set: the screen posts
    /// ``Alert/goalNotPositive`` and the goal stays as it was.
    public func updateGoal(newGoal: Int) {
        guard newGoal > 0 else {
            alertCenter.postAlert(alert: .goalNotPositive)
            return
        }
        appModel.dataModel.goal = newGoal
    }

    /// Shows the model's state: the button's title and the chase view's state.
    public func updateUI() {
        startButton.setTitle(appModel.appState.nextStateButtonLabel)
        chaseView.state = appModel.appState
    }
}
