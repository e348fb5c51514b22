import Nimble
import XCTest

@testable import Specs

// Planted: a Nimble expectation with no matcher is never evaluated (Self-validating).
final class DanglingExpectationTests: XCTestCase {
    func testFlip_twice_turnsItOff() {
        var sut = Toggle()
        sut.flip()
        sut.flip()
        expect(sut.isOn)
    }
}
