import XCTest

@testable import Calculator

/// Seed 000's CalculatorTests, test for test.
class CalculatorTests: XCTestCase {
    private var sut: Calculator!

    override func setUp() {
        sut = Calculator()
    }

    override func tearDown() {
        sut = nil
    }

    func testNumber_isNil() {
        XCTAssertNil(sut.number)
    }

    func testSetDigitWithNonZeroDigit_createsNumberWithNewDigit() {
        // Given
        let nonZeroDigit: Digit = .five
        // When
        sut.setDigit(nonZeroDigit)
        // Then
        XCTAssertEqual(sut.number, Decimal(nonZeroDigit))
    }

    func testSetDigitWithNonZeroDigit_nonZeroDigitSet_appendsNewDigitToExistingNumber() {
        // Given
        let firstNonZeroDigit: Digit = .seven
        let secondNonZeroDigit: Digit = .five
        sut.setDigit(firstNonZeroDigit)
        // When
        sut.setDigit(secondNonZeroDigit)
        // Then
        XCTAssertEqual(sut.number, Decimal(string: "\(firstNonZeroDigit)\(secondNonZeroDigit)"))
    }

    func testSetDigitWithZero_hasNilNumber() {
        // When
        sut.setDigit(.zero)
        // Then
        XCTAssertNil(sut.number)
    }

    func testSetDigitWithZero_nonZeroDigitSet_appendsZeroToExistingNumber() {
        // Given
        let nonZeroDigit: Digit = .six
        sut.setDigit(nonZeroDigit)
        // When
        sut.setDigit(.zero)
        // Then
        XCTAssertEqual(sut.number, Decimal(string: "\(nonZeroDigit)0"))
    }

    func testSetOperation_nonZeroDigitSet_hasUnchangedNumber() {
        // Given
        let nonZeroDigit: Digit = .nine
        sut.setDigit(nonZeroDigit)
        // When
        sut.setOperation(.random)
        // Then
        XCTAssertEqual(sut.number, Decimal(nonZeroDigit))
    }

    func testSetNonZeroDigit_nonZeroDigitAndOperationSet_hasNumberWithNewDigit() {
        // Given
        sut = sut.settingDigit(.randomNonZero).settingOperation(.random)
        let newNonZeroDigit: Digit = .three
        // When
        sut.setDigit(newNonZeroDigit)
        // Then
        XCTAssertEqual(sut.number, Decimal(newNonZeroDigit))
    }

    func testEvaluate_firstNonZeroDigitAndAdditionOperationAndSecondNonZeroDigitSet_hasNumberWithResultOfAddition() {
        verifyEvaluatingOperation(.addition) { $0 + $1 }
    }

    func
        testEvaluate_firstNonZeroDigitAndSubtractionOperationAndSecondNonZeroDigitSet_hasNumberWithResultOfSubtraction()
    {
        verifyEvaluatingOperation(.subtraction) { $0 - $1 }
    }

    func
        testEvaluate_firstNonZeroDigitAndMultiplicationOperationAndSecondNonZeroDigitSet_hasNumberWithResultOfMultiplication()
    {
        verifyEvaluatingOperation(.multiplication) { $0 * $1 }
    }

    func testEvaluate_firstNonZeroDigitAndDivisionOperationAndSecondNonZeroDigitSet_hasNumberWithResultOfDivision() {
        verifyEvaluatingOperation(.division) { $0 / $1 }
    }

    func testSetOperationAndNonZeroDigitAndEvaluate_previousOperationEvaluated_usesPreviousResultForNewOperation() {
        // Given
        sut = sut.settingDigit(.five).settingOperation(.multiplication).settingDigit(.six).evaluating()
        let previousResult = Decimal(.five) * Decimal(.six)
        let newNonZeroDigit: Digit = .three
        // When
        sut.setOperation(.division)
        sut.setDigit(newNonZeroDigit)
        sut.evaluate()
        // Then
        XCTAssertEqual(sut.number, previousResult / Decimal(newNonZeroDigit))
    }

    func
        testSetOperationAndNonZeroDigitAndEvaluate_nonZeroDigitAndOperationAndNonZeroDigitSet_evaluatesPreviousOperationAndUsesResultForNewOperation()
    {
        // Given
        let firstNonZeroDigit: Digit = .eight
        let secondNonZeroDigit: Digit = .two
        sut = sut.settingDigit(firstNonZeroDigit).settingOperation(.addition).settingDigit(secondNonZeroDigit)
        let newNonZeroDigit: Digit = .three
        // When
        sut.setOperation(.multiplication)
        sut.setDigit(newNonZeroDigit)
        sut.evaluate()
        // Then
        XCTAssertEqual(
            sut.number, (Decimal(firstNonZeroDigit) + Decimal(secondNonZeroDigit)) * Decimal(newNonZeroDigit))
    }

    func testAllClear_nonZeroDigitSet_hasNilNumber() {
        // Given
        sut.setDigit(.randomNonZero)
        // When
        sut.allClear()
        // Then
        XCTAssertNil(sut.number)
    }

    func testAllClear_nonZeroDigitAndOperationSet_hasNilNumber() {
        // Given
        sut = sut.settingDigit(.randomNonZero).settingOperation(.random)
        // When
        sut.allClear()
        // Then
        XCTAssertNil(sut.number)
    }

    func testAllClear_operationEvaluated_hasNilNumber() {
        // Given
        sut = sut.settingDigit(.randomNonZero).settingOperation(.random).settingDigit(.randomNonZero).evaluating()
        // When
        sut.allClear()
        // Then
        XCTAssertNil(sut.number)
    }
}

extension CalculatorTests {
    // The article writes `file: StaticString = #file`; in Swift 6 #file is the short #fileID, and
    // XCTest wants the full path, so these use #filePath: a failure is still reported at the caller.
    private func verifyEvaluatingOperation(
        _ operation: ArithmeticOperation, file: StaticString = #filePath,
        line: UInt = #line, action: (Decimal, Decimal) -> Decimal
    ) {
        // Given
        let firstNonZeroDigit: Digit = .eight
        let secondNonZeroDigit: Digit = .four
        sut = sut.settingDigit(firstNonZeroDigit).settingOperation(operation).settingDigit(secondNonZeroDigit)
        // When
        sut.evaluate()
        // Then
        XCTAssertEqual(
            sut.number, action(Decimal(firstNonZeroDigit), Decimal(secondNonZeroDigit)), file: file, line: line)
    }
}
