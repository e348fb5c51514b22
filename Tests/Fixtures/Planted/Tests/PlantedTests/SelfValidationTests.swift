import Foundation
import Testing
import XCTest

@testable import Planted

// Planted: tests that cannot fail (Self-validating).
final class SelfValidationTests: XCTestCase {
    func testTotal_ofNothing_isComputed() {
        _ = total([])
    }

    func testTotal_ofOnePrice_isThatPrice() {
        XCTAssertEqual(total([7]), total([7]))
    }

    func testDecoding_ofPrices_succeeds() {
        try? JSONDecoder().decode([Int].self, from: Data("[1, 2]".utf8))
        XCTAssertEqual(total([1, 2]), 3)
    }

    func testTotal_onAnotherQueue_isTheSum() {
        let computed = expectation(description: "total computed")
        DispatchQueue.global().async { computed.fulfill() }
        XCTAssertEqual(total([1, 1]), 2)
    }

    func testDiscount_checkedByAHelperInAnotherFile_isHalf() {
        checkHalfPrice(of: 300)
    }
}

@Test("A tautology")
func tautology() {
    let sum = total([2, 4])
    #expect(sum == sum)
}
