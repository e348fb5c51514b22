import XCTest

@testable import Calculator

class DigitTests: XCTestCase {
    typealias sut = Digit

    func testAllCases_hasValuesZeroToNineInAscendingOrder() {
        XCTAssertEqual(sut.allCases, [.zero, .one, .two, .three, .four, .five, .six, .seven, .eight, .nine])
    }

    func testAllCasesRawValue_hasIntegers0To9InAscendingOrder() {
        XCTAssertEqual(sut.allCases.map({ $0.rawValue }), Array(0...9))
    }

    func testAllCasesCustomStringRepresentation_hasStringsForIntegers0To9InAscendingOrder() {
        XCTAssertEqual(sut.allCases.map(String.init), (0...9).map(String.init))
    }
}
