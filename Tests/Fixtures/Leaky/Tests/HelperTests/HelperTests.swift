import Foundation
import Helper
import XCTest

final class HelperTests: XCTestCase {
    // Planted: the helper process outlives the test; nothing ends it.
    func testHelperStarts() throws {
        let helper = try startHelper(seconds: 300)
        XCTAssertTrue(helper.isRunning)
    }

    func testNothingIsBlocked() throws {
        #if os(Linux)
            XCTAssertEqual(try blockedSignals(), "0000000000000000")
        #endif
    }
}
