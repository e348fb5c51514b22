import Testing
import XCTest

@testable import Planted

// Planted: assertions that look fine and never run (Self-validating). Each test passes whatever the
// code does, because its only checks are skipped at run time.

/// Seed 003's async search shape: a lookup that answers through a completion handler. An empty query
/// returns early without calling it.
func searchPrices(matching query: String, completion: @escaping ([Int]) -> Void) {
    guard !query.isEmpty else { return }
    completion([query.count])
}

@Test("A search whose completion handler is never called")
func searchNeverCompletes() {
    searchPrices(matching: "") { prices in
        #expect(total(prices) == 0)
    }
}

final class NeverRanTests: XCTestCase {
    func testTotals_ofEachBasket_areNotNegative() {
        let baskets: [[Int]] = []
        for basket in baskets {
            XCTAssertGreaterThanOrEqual(total(basket), 0)
        }
    }

    func testDiscount_ofAParsedPercent_isBelowThePrice() {
        if let percent = Int("ten") {
            XCTAssertLessThan(discounted(500, percent: percent), 500)
        }
    }

    func testTotal_isTheSum_andEachPriceIsPositive() {
        XCTAssertEqual(total([1, 2]), 3)
        for price in [Int]() { XCTAssertGreaterThan(price, 0) }
    }

    func testTotal_ofAFetchedBasket_isTheSum() {
        guard let basket = [[1, 2]].first else {
            XCTFail("no basket")
            return
        }
        XCTAssertEqual(total(basket), 3)
    }
}
