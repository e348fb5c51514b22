import Shop
import XCTest

nonisolated(unsafe) private var cart: [String] = []
nonisolated(unsafe) private var locale = ""
nonisolated(unsafe) private var visits = 0

// Planted: XCTest runs a class's tests in name order.
final class CartTests: XCTestCase {
    func testA_addsAnApple() {
        cart.append("apple")
        XCTAssertEqual(cart.last, "apple")
    }

    // Fails after testA_addsAnApple; testC_emptiesTheCart's removeAll() is its fix.
    func testB_expectsAnEmptyCart() {
        XCTAssertTrue(cart.isEmpty)
    }

    func testC_emptiesTheCart() {
        cart.append("pear")
        cart.removeAll()
        XCTAssertTrue(cart.isEmpty)
    }

    func testD_setsTheLocale() {
        locale = "fr_FR"
        let expected = "Bonjour"
        XCTAssertEqual(greeting(for: locale), expected)
    }

    // Passes only after testD_setsTheLocale, which sets the locale (its `expected` is not needed).
    func testE_needsTheLocale() {
        XCTAssertEqual(greeting(for: locale), "Bonjour")
    }
}

final class VisitTests: XCTestCase {
    func testA_countsAVisit() {
        visits += 1
        XCTAssertGreaterThan(visits, 0)
    }

    // Fails after testA_countsAVisit; no test resets the count, so no cleaner exists.
    func testB_expectsNoVisits() {
        XCTAssertEqual(visits, 0)
    }
}
