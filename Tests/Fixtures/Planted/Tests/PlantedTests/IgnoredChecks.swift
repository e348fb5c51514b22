import Testing
import XCTest

@testable import Planted

// Planted: checks that run and decide nothing (Self-validating). Each passes whatever the code does.

// Swift Testing before 6.4 drops an XCTest assertion's failure.
@Test("A price without discount is the price, checked with XCTest")
func xctestCheckInSwiftTesting() {
    XCTAssertEqual(discounted(500, percent: 0), 500)
}

// XCTest never sees #expect fail.
final class IgnoredCheckTests: XCTestCase {
    func testDiscount_ofAll_isFree() {
        #expect(discounted(500, percent: 100) == 0)
    }
}

// Nothing waits for the Task: its check may run after the test ended, or never.
@Test("A total computed in a Task nobody awaits")
func unawaitedTotal() {
    Task {
        #expect(total([1, 2]) == 3)
    }
}
