import Testing
import XCTest

@testable import Clean

final class GreetingTests: XCTestCase {
    func testGreeting_withName_greetsThePerson() {
        XCTAssertEqual(greeting(for: "Ada"), "Hello, Ada!")
    }
}

@Test("An empty name greets the world")
func emptyName() {
    #expect(greeting(for: "") == "Hello, world!")
}
