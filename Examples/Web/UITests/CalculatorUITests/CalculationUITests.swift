import LitmusUI
import XCTest

/// Seed 000's CalculationUITests: entering numbers, evaluating and chaining operations, clearing.
final class CalculationUITests: XCTestCase {
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

    func testNumberEntry() async throws {
        // Given
        let buttonLabels = Array(0...9).reversed().map(String.init)
        for (index, buttonLabel) in buttonLabels.enumerated() {
            // When
            try await sut.buttons[buttonLabel].tap()

            // Then
            let numberInDisplay = buttonLabels.prefix(through: index).joined()
            let numberShown = try await sut.staticTexts[numberInDisplay].exists
            XCTAssertTrue(numberShown, "display \(numberInDisplay)")
        }
    }

    func testArithmeticOperationSteps() async throws {
        // Given
        let firstDigit = 8
        let secondDigit = 2
        let operationSymbols = ["+", "-", "x", "÷"]
        let expectedResults = [
            firstDigit + secondDigit,
            firstDigit - secondDigit,
            firstDigit * secondDigit,
            firstDigit / secondDigit,
        ]
        for (operationSymbol, expectedResult) in zip(operationSymbols, expectedResults) {
            // When (first digit button tapped)
            try await sut.buttons["\(firstDigit)"].tap()
            // Then (first digit appears in the display)
            var shown = try await sut.staticTexts["\(firstDigit)"].exists
            XCTAssertTrue(shown, "\(operationSymbol): first digit")

            // When (operation button tapped)
            try await sut.buttons[operationSymbol].tap()
            // Then (first digit remains in the display)
            shown = try await sut.staticTexts["\(firstDigit)"].exists
            XCTAssertTrue(shown, "\(operationSymbol): first digit remains")

            // When (second digit button tapped)
            try await sut.buttons["\(secondDigit)"].tap()
            // Then (second digit appears in the display)
            shown = try await sut.staticTexts["\(secondDigit)"].exists
            XCTAssertTrue(shown, "\(operationSymbol): second digit")

            // When (evaluate button tapped)
            try await sut.buttons["="].tap()
            // Then (calculation result appears in the display)
            shown = try await sut.staticTexts["\(expectedResult)"].exists
            XCTAssertTrue(shown, "\(operationSymbol): result \(expectedResult)")
        }
    }

    func testStartNewOperationUsingResultOfPreviousOperation() async throws {
        // Given
        let previousFirstDigit = 5
        let previousSecondDigit = 4
        try await sut.buttons["\(previousFirstDigit)"].tap()
        try await sut.buttons["+"].tap()
        try await sut.buttons["\(previousSecondDigit)"].tap()
        try await sut.buttons["="].tap()
        let previousResult = previousFirstDigit + previousSecondDigit
        let previousResultShown = try await sut.staticTexts["\(previousResult)"].exists
        XCTAssertTrue(previousResultShown)
        let newDigit = 3

        // When
        try await sut.buttons["-"].tap()
        try await sut.buttons["\(newDigit)"].tap()
        try await sut.buttons["="].tap()

        // Then
        let resultShown = try await sut.staticTexts["\(previousResult - newDigit)"].exists
        XCTAssertTrue(resultShown)
    }

    func testStartNewOperationWithoutEvaluatingPreviousOperation() async throws {
        // Given
        let previousFirstDigit = 5
        let previousSecondDigit = 4
        try await sut.buttons["\(previousFirstDigit)"].tap()
        try await sut.buttons["+"].tap()
        try await sut.buttons["\(previousSecondDigit)"].tap()
        let newDigit = 3

        // When
        try await sut.buttons["-"].tap()
        try await sut.buttons["\(newDigit)"].tap()
        try await sut.buttons["="].tap()

        // Then
        let resultShown = try await sut.staticTexts["\(previousFirstDigit + previousSecondDigit - newDigit)"].exists
        XCTAssertTrue(resultShown)
    }

    func testClearCalculator() async throws {
        // Given
        try await sut.buttons["5"].tap()
        // When
        try await sut.buttons["AC"].tap()
        // Then
        var displayEmpty = try await sut.staticTexts[" "].exists
        XCTAssertTrue(displayEmpty, "after 5")

        // Given
        try await sut.buttons["5"].tap()
        try await sut.buttons["+"].tap()
        // When
        try await sut.buttons["AC"].tap()
        // Then
        displayEmpty = try await sut.staticTexts[" "].exists
        XCTAssertTrue(displayEmpty, "after 5 +")

        // Given
        try await sut.buttons["5"].tap()
        try await sut.buttons["+"].tap()
        try await sut.buttons["4"].tap()
        try await sut.buttons["="].tap()
        // When
        try await sut.buttons["AC"].tap()
        // Then
        displayEmpty = try await sut.staticTexts[" "].exists
        XCTAssertTrue(displayEmpty, "after 5 + 4 =")
    }
}
