import XCTest

@testable import Calculator

class ArithmeticOperationTests: XCTestCase {
    typealias sut = ArithmeticOperation

    func testAllCases_hasValuesForAdditionSubtractionMultiplicationAndDivision() {
        XCTAssertEqual(sut.allCases, [.addition, .subtraction, .multiplication, .division])
    }
}
