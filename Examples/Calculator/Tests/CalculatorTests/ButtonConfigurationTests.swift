import XCTest

@testable import Calculator

class ButtonConfigurationTests: XCTestCase {
    typealias sut = ButtonConfiguration

    // The article reads the file from the main bundle; in a package it is a resource of the
    // Calculator module (Bundle.module). The name is the article's.
    func testDecoded_hasButtonConfigurationFromJSONFileInMainBundle() {
        // Given
        let buttonConfigurationInJSONFileInMainBundle = ButtonConfiguration(
            labels: ["7", "8", "9", "÷", "4", "5", "6", "x", "1", "2", "3", "-", "AC", "0", "=", "+"],
            columnCount: 4)
        // Then
        XCTAssertEqual(sut.decoded, buttonConfigurationInJSONFileInMainBundle)
    }
}
