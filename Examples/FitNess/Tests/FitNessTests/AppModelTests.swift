import XCTest

@testable import FitNess

/// Seed 002's AppModelTests, test for test. Each test has its own `AppModel`, so no state is shared
/// between tests and they pass in any order.
final class AppModelTests: XCTestCase {
    var sut: AppModel!

    override func setUpWithError() throws {
        try super.setUpWithError()
        sut = AppModel()
    }

    override func tearDownWithError() throws {
        sut = nil
        try super.tearDownWithError()
    }

    // MARK: - Given

    func givenGoalSet() {
        sut.dataModel.goal = 1000
    }

    /// The article's `givenInProgress()` calls the step-count controller's `startStopPause(nil)`,
    /// which an `AppModel` does not have; starting the model is what it means.
    func givenInProgress() throws {
        givenGoalSet()
        try sut.start()
    }

    // MARK: - Lifecycle

    func testAppModel_whenInitialized_isInNotStartedState() {
        let initialState = sut.appState
        XCTAssertEqual(initialState, AppState.notStarted)
    }

    // MARK: - Start

    func testModelWithNoGoal_whenStarted_throwsError() {
        XCTAssertThrowsError(try sut.start())
    }

    func testAppModel_whenStarted_isInInProgressState() throws {
        // Given
        givenGoalSet()
        // When started
        try sut.start()
        // Then it is in inProgress
        let observedState = sut.appState
        XCTAssertEqual(observedState, .inProgress)
    }

    /// The article's name says "throwsError", but the test asserts that starting with a goal set does
    /// NOT throw; the name is kept, as the article's names are (README.md).
    func testStart_withGoalSet_throwsError() {
        // Given
        givenGoalSet()
        // Then
        XCTAssertNoThrow(try sut.start())
    }

    // MARK: - Restart

    func testAppModel_whenReset_isInNotStartedState() throws {
        // Given
        try givenInProgress()
        // When
        sut.restart()
        // Then
        XCTAssertEqual(sut.appState, .notStarted)
    }

    // MARK: - State Changes

    func testAppModel_whenStateChanges_executesCallback() throws {
        // Given
        try givenInProgress()
        var observedState = AppState.notStarted
        let expected = expectation(description: "callback happened")
        sut.stateChangedCallback = { model in
            observedState = model.appState
            expected.fulfill()
        }
        // When
        sut.pause()
        // Then
        wait(for: [expected], timeout: 1)
        XCTAssertEqual(observedState, .paused)
    }
}
