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
        // waitForExpectations, and near misses: a fulfilment before a guard that can skip the check, one under a branch
        // of its own, a
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
                client.fetch { value in if let value { done.fulfill(); guard value > 0 else { return }; XCTAssertEqual(value, 1) } }
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
        // expectation, one whose closure is handed no expectation, a fulfilment before the guard, a second one in the
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
                    expectation.fulfill()
                    guard let socket = self.connect() else { return }
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

    @Test("A fulfilment right before the check, with nothing between that can skip it, is skipped with the check")
    func fulfilThenCheck() throws {
        // Given swift-testing 6.3.2's event handlers (false on first contact): the fulfilment after the guard that
        // filters the events, then the checks; and one opening an `if case`, a value bound between; and near misses:
        // a `try` between that can throw past the check, a guard between, a check in a branch of its own after the
        // fulfilment, a second fulfilment elsewhere
        let methods = """
            func testA() async {
                let recorded = expectation(description: "recorded")
                handler = { event in guard case let .issue(issue) = event else { return }; recorded.fulfill(); XCTAssertTrue(issue.isKnown) }
                await fulfillment(of: [recorded], timeout: 0)
            }
            func testB() async {
                let failed = expectation(description: "failed")
                handler = { event in if case let .failed(expected) = event { failed.fulfill(); let text = expected.text; XCTAssertTrue(text.contains("7")) } }
                await fulfillment(of: [failed], timeout: 0)
            }
            func testC() async {
                let failed = expectation(description: "failed")
                handler = { event in if case let .failed(expected) = event { failed.fulfill(); let text = try expected.text(); XCTAssertTrue(text.contains("7")) } }
                await fulfillment(of: [failed], timeout: 0)
            }
            func testD() async {
                let failed = expectation(description: "failed")
                handler = { event in guard case let .failed(expected) = event else { return }; failed.fulfill(); guard expected.ok else { return }; XCTAssertTrue(expected.ok) }
                await fulfillment(of: [failed], timeout: 0)
            }
            func testE() async {
                let failed = expectation(description: "failed")
                handler = { event in failed.fulfill(); if case let .failed(expected) = event { XCTAssertTrue(expected.ok) } }
                await fulfillment(of: [failed], timeout: 0)
            }
            func testF() async {
                let failed = expectation(description: "failed")
                handler = { event in guard case let .failed(expected) = event else { failed.fulfill(); return }; failed.fulfill(); XCTAssertTrue(expected.ok) }
                await fulfillment(of: [failed], timeout: 0)
            }
            """
        // Then the near misses only
        #expect(
            try xctestFindings(.conditionalTestLogic, methods) == ["testC:15", "testD:20", "testE:25", "testF:30"])
    }

    @Test("A check followed or made by the one call of a confirmation that expects one is checked when skipped")
    func confirmationCounts() throws {
        // Given swift-testing 6.3.2's EntryPointTests and ExitTestTests (false on first contact): a check then the
        // confirmation's call, and a call of a confirmation as the check itself; and near misses: a confirmation
        // that expects none, one confirmed twice, a closure parameter of another call
        let tests = """
            @Test func a() async {
                await confirmation("warning", expectedCount: 1) { recorded in await run { event in if case let .issue(issue) = event { #expect(issue.isWarning); recorded() } } }
            }
            @Test func b() async {
                await confirmation("failed") { expectationFailed in handler = { event in if case .failed = event { expectationFailed() } } }
            }
            @Test func c() async {
                await confirmation("none", expectedCount: 0) { recorded in await run { event in if case let .issue(issue) = event { #expect(issue.isWarning); recorded() } } }
            }
            @Test func d() async {
                await confirmation("twice") { recorded in await run { event in if case let .issue(issue) = event { #expect(issue.isWarning); recorded() }; recorded() } }
            }
            @Test func e() async {
                await withHandler { recorded in await run { event in if case let .issue(issue) = event { #expect(issue.isWarning); recorded() } } }
            }
            """
        // Then the near misses only
        #expect(try swiftTestingLines(.conditionalTestLogic, tests) == [10, 13, 16])
    }
}
