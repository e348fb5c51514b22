import Shop
import XCTest

// Every line runs, but some checks are missing on purpose: the survivors' hints name them.
final class ShopTests: XCTestCase {
    func testAdultsAndChildren() {
        XCTAssertTrue(isAdult(age: 30))
        XCTAssertFalse(isAdult(age: 5))
    }

    func testTotalOfOne() {
        XCTAssertEqual(total(price: 3, quantity: 1), 3)
    }

    func testDiscountOfLargeOrders() {
        XCTAssertGreaterThan(discount(for: 500), 0)
        XCTAssertEqual(discount(for: 20), 0)
    }

    func testNamedReceipt() {
        XCTAssertEqual(receiptName("Ada"), "Ada")
    }

    func testCartCounts() {
        let cart = Cart()
        cart.add("apple")
        cart.add("pear")
        XCTAssertEqual(cart.count, 2)
    }
}
