import Foundation
import Testing

@testable import LitmusAudit

/// conditionalTestLogic on a check followed by the fulfilment of an expectation the test waits for: whatever skips
/// the check skips the fulfilment, and the wait fails.
@Suite("conditionalTestLogic: a skipped check whose expectation is then never fulfilled fails the wait")
struct ConditionalExpectationTests {
    @Test("A check before the one fulfilment of a waited expectation is checked when skipped; near misses are not")
    func checkThenFulfil() throws {
        // Given ChimeHQ/JSONRPC 0.9.2's event loop (false on first contact), the same with XCTest's wait and
        // waitForExpectations, and near misses: a fulfilment before the check, one under a branch of its own, a
        // second fulfilment in the guard's else, an inverted expectation, an expectation nobody waits for
        let methods = """
            func testA() async throws {
                let expectation = XCTestExpectation(description: "note")
                Task { for await event in session.events { guard case let .note(data) = event else { continue }; XCTAssertEqual(data, result); expectation.fulfill() } }
                await fulfillment(of: [expectation], timeout: 1.0)
            }
            func testB() {
                let done = expectation(description: "done")
                client.fetch { value in if let value { XCTAssertEqual(value, 1); done.fulfill() } }
                waitForExpectations(timeout: 1)
            }
            func testC() {
                let done = XCTestExpectation(description: "done")
                client.fetch { value in if let value { XCTAssertEqual(value, 1) }; done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            func testD() {
                let done = XCTestExpectation(description: "done")
                client.fetch { value in if let value { done.fulfill(); XCTAssertEqual(value, 1) } }
                wait(for: [done], timeout: 1)
            }
            func testE() {
                let done = XCTestExpectation(description: "done")
                client.fetch { value in guard let value else { done.fulfill(); return }; XCTAssertEqual(value, 1); done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            func testF() {
                let done = XCTestExpectation(description: "done")
                done.isInverted = true
                client.fetch { value in if let value { XCTAssertEqual(value, 1); done.fulfill() } }
                wait(for: [done], timeout: 1)
            }
            func testG() {
                let done = XCTestExpectation(description: "done")
                client.fetch { value in if let value { XCTAssertEqual(value, 1); done.fulfill() } }
                wait(for: [other], timeout: 1)
            }
            """
        // Then the near misses only
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == [
                "testC:15", "testD:20", "testE:25", "testF:31", "testG:36",
            ])
    }
}
