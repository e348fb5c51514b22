import Dispatch
import Testing
import XCTest

@testable import Hanging

// Planted: XCTest runs a class's tests by name order, so testB never ends and testC never starts.
final class HangingTests: XCTestCase {
    func testA_finishes() {
        XCTAssertEqual(answer(), 42)
    }

    func testB_hangs() {
        DispatchSemaphore(value: 0).wait()
        XCTAssertEqual(answer(), 42)
    }

    func testC_neverStarts() {
        XCTAssertEqual(answer(), 42)
    }
}

@Test("Waits for a signal that never comes")
func hangs() {
    DispatchSemaphore(value: 0).wait()
    #expect(answer() == 42)
}
