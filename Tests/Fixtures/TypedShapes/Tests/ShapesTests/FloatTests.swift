import Foundation
import Shapes
import XCTest

/// floatEquality: a `Decimal` or a type compared as text is no floating-point value, a quotient of integers a
/// binary fraction holds is exact, and so are whole numbers (both sides rounded, a float made from an integer
/// literal, a local value compared with its own rounding); a computed `Double` compared with `==` is the smell, a
/// product or a call rounded on one side and made again on the other too.
final class FloatTests: XCTestCase {
    func testDecimalAmount() {
        XCTAssertEqual(Price(text: "25").amount / 2, 12.5)
    }

    func testVersionComparedAsText() {
        let version = Version(text: ["1", "2"].joined(separator: "."))
        XCTAssertEqual(version, 1.2)
    }

    func testExactQuotient() {
        XCTAssertEqual(Money(cents: 1200).dollars, 1200 / 100)
    }

    func testComputedRatios() {
        XCTAssertEqual(ratio(1, 4) * 3, ratio(3, 4))
    }

    func testRatioLiteral() {
        XCTAssertEqual(ratio(1, 10), 0.1)
    }

    func testRoundedRatios() {
        XCTAssertEqual(round(ratio(1, 4) * 1000), round(ratio(3, 12) * 1000))
    }

    func testOneSideRounded() {
        XCTAssertEqual(round(ratio(1, 4) * 1000), ratio(3, 12) * 1000)
    }

    func testWholeFloat() {
        XCTAssertEqual(Float(ratio(6, 2)), Float(3))
    }

    func testWholeSeconds() {
        let seconds = ratio(7, 2) * 2
        XCTAssertEqual(seconds.rounded(), seconds)
    }

    func testScaledRounding() {
        let price = ratio(29, 100)
        XCTAssertEqual((price * 100).rounded(), price * 100)
    }

    func testRoundingOfTwoCalls() {
        XCTAssertEqual(ratio(7, 2).rounded(), ratio(7, 2))
    }
}
