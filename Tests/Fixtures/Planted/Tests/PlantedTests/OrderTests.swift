import XCTest

@testable import Planted

nonisolated(unsafe) private var basket: [Int] = []
nonisolated(unsafe) private var currency = ""

// Planted: an order-dependent pair each way (Isolated). XCTest runs a class's tests by name order.
final class OrderTests: XCTestCase {
    func testA_addsToTheSharedBasket() {
        basket.append(250)
        XCTAssertEqual(total(basket), 250)
    }

    func testB_innocent() {
        XCTAssertEqual(discounted(200, percent: 50), 100)
    }

    func testC_expectsAnEmptyBasket() {
        XCTAssertEqual(total(basket), 0)
    }

    func testD_setsTheCurrency() {
        currency = "EUR"
        XCTAssertEqual(currency, "EUR")
    }

    func testE_needsTheCurrency() {
        XCTAssertEqual(currency, "EUR")
    }
}
