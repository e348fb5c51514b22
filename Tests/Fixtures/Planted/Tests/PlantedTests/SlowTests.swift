import Foundation
import XCTest

@testable import Planted

// Planted: a slow test that sleeps (Fast).
final class SlowTests: XCTestCase {
    func testTotal_afterWaiting_isTheSum() {
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(total([1, 2]), 3)
    }
}
