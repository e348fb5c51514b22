import Foundation
import Stale
import XCTest

final class PriceTests: XCTestCase {
    func testDiscount_tenPercent_takesTenPercentOff() {
        XCTAssertEqual(discounted(1000, percent: 10), 900)
    }

    func testDiscount_none_keepsThePrice() {
        XCTAssertEqual(discounted(1000, percent: 0), 1000)
    }

    // Its CI sets STALE_CURRENCY for the test processes: the audit's testEnvironment must too.
    func testCurrency_fromTheEnvironment() {
        XCTAssertEqual(ProcessInfo.processInfo.environment["STALE_CURRENCY"], "EUR")
    }

    // Never runs: XCTest runs no test method that takes parameters, and nothing calls it.
    func testDiscountOfAll(_ cents: Int) {
        XCTAssertEqual(discounted(cents, percent: 100), 0)
    }

    // Never runs: SwiftPM's test discovery on Linux skips a private method.
    private func testDiscount_half_halves() {
        XCTAssertEqual(discounted(1000, percent: 50), 500)
    }

    #if os(macOS)
        // Never runs: the CI workflow builds on Linux only.
        func testDiscount_macOnly() {
            XCTAssertEqual(discounted(10, percent: 10), 9)
        }
    #endif
}
