import XCTest

@testable import Planted

/// A helper that asserts, in another file than the test that calls it: that test is self-validating.
func checkHalfPrice(of price: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(discounted(price, percent: 50), price / 2, file: file, line: line)
}
