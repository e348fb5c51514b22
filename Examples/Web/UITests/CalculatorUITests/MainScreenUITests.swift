import LitmusUI
import XCTest

/// Seed 000's MainScreenUITests: the main screen shows an empty display and one button per label.
final class MainScreenUITests: XCTestCase {
    private var sut: XCUIApplication!

    override func setUp() async throws {
        continueAfterFailure = false
        try skipIfUITestsAreOptedOut()
        sut = XCUIApplication()
        try await sut.launch()
    }

    override func tearDown() async throws {
        // LitmusUI cannot see an XCTAssert fail: saying so keeps the test's UI trace (LITMUS_UI_TRACE).
        try await sut?.terminate(testFailed: (testRun?.totalFailureCount ?? 0) > 0)
        sut = nil
    }

    func testDisplayAndButtonLabels() async throws {
        // Given
        let buttonLabels = (0...9).map(String.init) + ["+", "-", "x", "÷", "=", "AC"]

        // Then
        let staticTextCount = try await sut.staticTexts.count
        XCTAssertEqual(staticTextCount, 1)
        let buttonCount = try await sut.buttons.count
        XCTAssertEqual(buttonCount, buttonLabels.count)
        let emptyDisplayExists = try await sut.staticTexts[" "].exists
        XCTAssertTrue(emptyDisplayExists)
        for buttonLabel in buttonLabels {
            let buttonExists = try await sut.buttons[buttonLabel].exists
            XCTAssertTrue(buttonExists, "button \(buttonLabel)")
        }
    }
}
