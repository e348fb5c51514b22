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

    @Test(
        "A check before the fulfilment of an expectation a helper hands its closure and waits for is checked if skipped"
    )
    func helperHandsExpectation() throws {
        // Given Kitura-WebSocket 2.1.200's performServerTest (false on first contact: a guard's return skips the
        // fulfilment, and the helper's wait fails), and near misses: a helper that never waits, one that inverts its
        // expectation, one whose closure is handed no expectation, a fulfilment before the check, a second one in the
        // guard's else, a helper that hands on an expectation it does not wait for, one that fulfils it itself
        let methods = """
            func performServerTest(asyncTasks: (XCTestExpectation) -> Void...) {
                for task in asyncTasks { let expectation = self.expectation(description: "task"); queue.async { task(expectation) } }
                waitForExpectations(timeout: 10) { error in XCTAssertNil(error) }
            }
            func runWithoutWaiting(asyncTasks: (XCTestExpectation) -> Void...) {
                for task in asyncTasks { let expectation = self.expectation(description: "task"); task(expectation) }
            }
            func runInverted(_ task: @escaping (XCTestExpectation) -> Void) {
                let expectation = self.expectation(description: "task")
                expectation.isInverted = true
                task(expectation)
                waitForExpectations(timeout: 1)
            }
            func withServer(_ body: @escaping (XCTestExpectation) -> Void) {
                let ready = expectation(description: "ready"); start { ready.fulfill() }
                waitForExpectations(timeout: 5)
                body(XCTestExpectation(description: "body"))
            }
            func runSync(_ body: (XCTestExpectation) -> Void) {
                let e = expectation(description: "e"); body(e); e.fulfill()
                waitForExpectations(timeout: 5)
            }
            func runWithName(_ task: @escaping (String) -> Void) {
                let expectation = self.expectation(description: "task")
                task("name")
                waitForExpectations(timeout: 1)
            }
            func testA() {
                performServerTest { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(service.connections.count, 1)
                    socket.close()
                    expectation.fulfill()
                }
            }
            func testB() {
                runWithoutWaiting { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(socket.count, 1)
                    expectation.fulfill()
                }
            }
            func testC() {
                runInverted { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(socket.count, 1)
                    expectation.fulfill()
                }
            }
            func testD() {
                runWithName { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(socket.count, 1)
                    done.fulfill()
                }
            }
            func testE() {
                performServerTest { expectation in
                    guard let socket = self.connect() else { return }
                    expectation.fulfill()
                    XCTAssertEqual(socket.count, 1)
                }
            }
            func testF() {
                performServerTest { expectation in
                    guard let socket = self.connect() else { expectation.fulfill(); return }
                    XCTAssertEqual(socket.count, 1)
                    expectation.fulfill()
                }
            }
            func testG() {
                withServer { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(socket.count, 1)
                    expectation.fulfill()
                }
            }
            func testH() {
                runSync { expectation in
                    guard let socket = self.connect() else { return }
                    XCTAssertEqual(socket.count, 1)
                    expectation.fulfill()
                }
            }
            """
        // Then the near misses only
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == [
                "testB:41", "testC:48", "testD:55", "testE:63", "testF:69", "testG:76", "testH:83",
            ])
    }
}
