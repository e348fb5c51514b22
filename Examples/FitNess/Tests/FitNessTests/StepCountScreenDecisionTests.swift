import Foundation
import Testing

@testable import FitNess

/// What Litmus decided where seed 002 is silent (Examples/FitNess/README.md).
@Suite("FitNess: the step-count screen where the article is silent")
struct StepCountScreenDecisionTests {
    private let appModel = AppModel()
    private let center = NotificationCenter()
    private let sut: StepCountScreen

    init() {
        sut = StepCountScreen(appModel: appModel, alertCenter: AlertCenter(center: center))
    }

    @Test(
        "The button says what pressing it does next in every state",
        arguments: [
            (AppState.notStarted, "Start"), (.inProgress, "Pause"), (.paused, "Resume"),
            (.completed, "Start Over"), (.caught, "Try Again"),
        ])
    func nextStateButtonLabel(state: AppState, label: String) {
        #expect(state.nextStateButtonLabel == label)
    }

    @Test("Starting without a goal posts the goal-not-set alert and stays not started")
    func startWithoutGoalPostsAlert() {
        // Given
        let posted = PostedAlerts(on: center)
        // When
        sut.startStopPause()
        // Then
        #expect(posted.all == [.goalNotSet])
        #expect(appModel.appState == .notStarted)
        #expect(sut.startButton.title == "Start")
    }

    @Test("Pressing the button in progress pauses, and pressing it again resumes")
    func pauseAndResume() {
        // Given
        appModel.dataModel.goal = 10
        sut.startStopPause()
        // When
        sut.startStopPause()
        // Then
        #expect(appModel.appState == .paused)
        #expect(sut.startButton.title == "Resume")
        // When
        sut.startStopPause()
        // Then
        #expect(appModel.appState == .inProgress)
    }

    @Test("Pressing the button after being caught restarts with the steps at 0 and the goal kept")
    func restartAfterCaught() {
        // Given
        appModel.dataModel.goal = 10
        sut.startStopPause()
        appModel.dataModel.steps = 7
        appModel.setToCaught()
        // When
        sut.startStopPause()
        // Then
        #expect(appModel.appState == .notStarted)
        #expect(appModel.dataModel.steps == 0)
        #expect(appModel.dataModel.goal == 10)
        #expect(sut.chaseView.state == .notStarted)
    }

    @Test("A goal below 1 is not set and posts an alert", arguments: [0, -5])
    func nonPositiveGoalIsRefused(goal: Int) {
        // Given
        let posted = PostedAlerts(on: center)
        appModel.dataModel.goal = 50
        // When
        sut.updateGoal(newGoal: goal)
        // Then
        #expect(appModel.dataModel.goal == 50)
        #expect(posted.all == [.goalNotPositive])
    }

    @Test("A goal of 1 step is set")
    func goalOfOneIsSet() {
        // Given
        let posted = PostedAlerts(on: center)
        // When
        sut.updateGoal(newGoal: 1)
        // Then
        #expect(appModel.dataModel.goal == 1)
        #expect(posted.all == [])
    }

    @Test("The button shows the new state even when another screen took the model's callback")
    func buttonUpdatesItselfWithoutTheCallback() {
        // Given: a second screen over the same model is the one the model now calls back
        let other = StepCountScreen(appModel: appModel, alertCenter: AlertCenter(center: center))
        appModel.dataModel.goal = 10
        // When
        sut.startStopPause()
        // Then
        #expect(sut.startButton.title == "Pause")
        #expect(sut.chaseView.state == .inProgress)
        #expect(other.startButton.title == "Pause")
    }

    @Test("A state change made by the model alone reaches the button and the chase view")
    func modelChangesReachTheScreen() throws {
        // Given
        appModel.dataModel.goal = 10
        try appModel.start()
        // When
        appModel.setToComplete()
        // Then
        #expect(sut.startButton.title == "Start Over")
        #expect(sut.chaseView.state == .completed)
    }

    @Test("The app's screen works on the shared model and alert center")
    @MainActor
    func appScreenUsesSharedInstances() {
        // When
        let appScreen = StepCountScreen()
        defer { AppModel.instance.stateChangedCallback = nil }  // the screen subscribed to the shared model
        // Then
        #expect(appScreen.appModel === AppModel.instance)
        #expect(appScreen.alertCenter === AlertCenter.instance)
    }

    @Test("An alert center posts to the center it was given, with the alert in the notification")
    func alertCenterPostsToInjectedCenter() {
        // Given
        let posted = PostedAlerts(on: center)
        let alertCenter = AlertCenter(center: center)
        // When
        alertCenter.postAlert(alert: Alert("hello"))
        // Then
        #expect(posted.all == [Alert("hello")])
    }

    @Test("The goal-not-set error says what to do")
    func goalNotSetMessage() {
        #expect(
            AppError.goalNotSet.description
                == "No goal is set: set a step goal (a whole number above 0) before starting.")
    }
}
