import XCTest

@testable import Specs

final class ToggleTests: XCTestCase {
    func testFlip_once_turnsItOn() {
        var sut = Toggle()
        sut.flip()
        XCTAssertTrue(sut.isOn)
    }
}
