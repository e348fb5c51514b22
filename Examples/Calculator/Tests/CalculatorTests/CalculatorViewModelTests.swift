import XCTest

@testable import Calculator

/// Seed 000's CalculatorViewModelTests, test for test.
class CalculatorViewModelTests: XCTestCase {
    private var sut: CalculatorViewModel!

    override func setUp() {
        sut = CalculatorViewModel()
    }

    override func tearDown() {
        sut = nil
    }

    func testDisplayText_isNil() {
        XCTAssertNil(sut.displayText)
    }

    func testCalculator_calculatorValueInjected_hasInjectedValue() {
        // Given
        let calculator = Calculator().settingDigit(.randomNonZero)
        // When
        sut = CalculatorViewModel(calculator: calculator)
        // Then
        XCTAssertEqual(sut.calculator, calculator)
    }

    func testButtonLabels_buttonConfigurationValueInjected_hasValueFromInjectedButtonConfigurationValue() {
        // Given
        let buttonLabels = ["1", "2", "3"]
        // When
        sut = CalculatorViewModel(buttonConfiguration: ButtonConfiguration(labels: buttonLabels))
        // Then
        XCTAssertEqual(sut.buttonLabels, buttonLabels)
    }

    func testButtonColumnCount_buttonConfigurationValueInjected_hasValueFromInjectedButtonConfigurationValue() {
        // Given
        let buttonColumnCount = 2
        // When
        sut = CalculatorViewModel(buttonConfiguration: ButtonConfiguration(columnCount: buttonColumnCount))
        // Then
        XCTAssertEqual(sut.buttonColumnCount, buttonColumnCount)
    }

    func testCalculator_hasNewInstance() {
        XCTAssertEqual(sut.calculator, Calculator())
    }

    func testButtonLabels_hasLabelsValueFromDecodedButtonConfiguration() {
        XCTAssertEqual(sut.buttonLabels, ButtonConfiguration.decoded.labels)
    }

    func testButtonColumnCount_hasColumnCountValueFromDecodedButtonConfiguration() {
        XCTAssertEqual(sut.buttonColumnCount, ButtonConfiguration.decoded.columnCount)
    }

    func testPerformAction_digitButtonLabelsValueInjected_setsDigitsInCalculator() {
        // Given
        let digits = Digit.allCases.reversed()
        sut = CalculatorViewModel(buttonConfiguration: ButtonConfiguration(labels: digits.map(String.init)))
        // When
        (0..<digits.count).forEach(sut.performAction)
        // Then
        XCTAssertEqual(sut.calculator, digits.reduce(into: Calculator(), { $0.setDigit($1) }))
    }

    func testPerformAction_additionButtonLabelInjected_setsAdditionOperationInCalculator() {
        verifyActionForOperation(.addition, withButtonLabel: "+")
    }

    func testPerformAction_subtractionButtonLabelInjected_setsSubtractionOperationInCalculator() {
        verifyActionForOperation(.subtraction, withButtonLabel: "-")
    }

    func testPerformAction_multiplicationButtonLabelInjected_setsMultiplicationOperationInCalculator() {
        verifyActionForOperation(.multiplication, withButtonLabel: "x")
    }

    func testPerformAction_divisionButtonLabelInjected_setsDivisionOperationInCalculator() {
        verifyActionForOperation(.division, withButtonLabel: "÷")
    }

    func testPerformAction_evaluateButtonLabelInjected_evaluatesCalculator() {
        // Given
        let calculator = Calculator().settingDigit(.six).settingOperation(.addition).settingDigit(.four)
        sut = CalculatorViewModel(
            calculator: calculator,
            buttonConfiguration: ButtonConfiguration(labels: ["="]))
        // When
        sut.performAction(forButtonLabelIndex: 0)
        // Then
        XCTAssertEqual(sut.calculator, calculator.evaluating())
    }

    func testPerformAction_allClearButtonLabelInjected_clearsCalculator() {
        // Given
        let calculator = Calculator().settingDigit(.randomNonZero)
        sut = CalculatorViewModel(
            calculator: calculator,
            buttonConfiguration: ButtonConfiguration(labels: ["AC"]))
        // When
        sut.performAction(forButtonLabelIndex: 0)
        // Then
        XCTAssertEqual(sut.calculator, calculator.clearing())
    }

    func testDisplayText_actionPerformedForDigitLabel_hasNumberOfCalculatorWithSameDigitSet() {
        // Given
        let digit = Digit.randomNonZero
        sut = CalculatorViewModel(buttonConfiguration: ButtonConfiguration(labels: ["\(digit)"]))
        sut.performAction(forButtonLabelIndex: 0)
        // Then
        XCTAssertEqual(sut.displayText, Calculator().settingDigit(digit).number.map(String.init))
    }
}

extension CalculatorViewModelTests {
    private func verifyActionForOperation(
        _ operation: ArithmeticOperation, withButtonLabel buttonLabel: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        // Given
        let calculator = Calculator().settingDigit(.randomNonZero)
        sut = CalculatorViewModel(
            calculator: calculator,
            buttonConfiguration: ButtonConfiguration(labels: ["\(buttonLabel)"]))
        // When
        sut.performAction(forButtonLabelIndex: 0)
        // Then
        XCTAssertEqual(sut.calculator, calculator.settingOperation(operation), file: file, line: line)
    }
}
