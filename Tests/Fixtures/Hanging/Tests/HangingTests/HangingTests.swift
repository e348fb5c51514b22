import Dispatch
import Foundation
import Testing
import XCTest

@testable import Hanging

// Planted: XCTest runs a class's tests by name order, so testB never ends and testC never starts.
final class HangingTests: XCTestCase {
    func testA_finishes() {
        XCTAssertEqual(answer(), 42)
    }

    // Planted too: before it hangs it starts a helper with an environment of its own (so without the
    // audit's tag), which must end with the run however the run ends.
    func testB_hangs() throws {
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        helper.arguments = ["600"]
        helper.environment = ["PATH": "/usr/bin:/bin"]
        try helper.run()
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
