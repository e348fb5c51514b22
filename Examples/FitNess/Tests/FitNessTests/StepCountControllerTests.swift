import XCTest

@testable import FitNess

/// Seed 002's StepCountControllerTests against `StepCountScreen`, the controller's logic without
/// UIKit.
///
/// The article takes the one controller from the app's window and shares `AppModel.instance` between
/// tests, resetting it in `tearDownWithError()`. Here every test builds its own screen over its own
/// `AppModel` and `AlertCenter` (the article's note on creating a fresh controller per test), so
/// nothing needs resetting and the tests pass in any order.
///
/// The article waits with `waitForExpectations(timeout: 1)`, which swift-corelibs-xctest declares
/// `@MainActor`; a synchronous `@MainActor` test method breaks SwiftPM's test discovery on Linux
/// (README.md), so these tests wait with `wait(for: [exp], timeout: 1)`, the same wait.
final class StepCountControllerTests: XCTestCase {
    var sut: StepCountScreen!
    var appModel: AppModel!

    override func setUpWithError() throws {
        try super.setUpWithError()
        appModel = AppModel()
        sut = StepCountScreen(appModel: appModel, alertCenter: AlertCenter(center: NotificationCenter()))
    }

    override func tearDownWithError() throws {
        sut = nil
        appModel = nil
        try super.tearDownWithError()
    }

    // MARK: - Given

    func givenGoalSet() {
        appModel.dataModel.goal = 1000
    }

    func givenInProgress() {
        givenGoalSet()
        sut.startStopPause()
    }

    // MARK: - When

    func whenCaught() {
        appModel.setToCaught()
    }

    func whenCompleted() {
        appModel.setToComplete()
    }

    // MARK: - Initial State

    func testChaseView_whenLoaded_isNotStarted() {
        // When loaded, then
        let chaseView = sut.chaseView
        XCTAssertEqual(chaseView.state, .notStarted)
    }

    // MARK: - In Progress

    func testChaseView_whenInProgress_viewIsInProgress() {
        // Given
        givenInProgress()
        // Then
        let chaseView = sut.chaseView
        XCTAssertEqual(chaseView.state, .inProgress)
    }

    // MARK: - Goal

    func testDataModel_whenGoalUpdate_updatesToNewGoal() {
        // When
        sut.updateGoal(newGoal: 50)
        // Then
        XCTAssertEqual(appModel.dataModel.goal, 50)
    }

    // MARK: - Terminal States

    func testController_whenCaught_buttonLabelIsTryAgain() {
        // Given
        givenInProgress()
        let exp = expectation(description: "button title change")
        let observer = ButtonObserver()
        observer.observe(sut.startButton, expectation: exp)
        // When
        whenCaught()
        // Then
        wait(for: [exp], timeout: 1)
        let text = sut.startButton.title
        XCTAssertEqual(text, AppState.caught.nextStateButtonLabel)
    }

    func testController_whenComplete_buttonLabelIsStartOver() {
        // Given
        givenInProgress()
        let exp = expectation(description: "button title change")
        let observer = ButtonObserver()
        observer.observe(sut.startButton, expectation: exp)
        // When
        whenCompleted()
        // Then
        wait(for: [exp], timeout: 1)
        let text = sut.startButton.title
        XCTAssertEqual(text, AppState.completed.nextStateButtonLabel)
    }
}
