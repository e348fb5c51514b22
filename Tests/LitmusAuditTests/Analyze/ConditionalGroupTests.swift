import Foundation
import Testing

@testable import LitmusAudit

/// conditionalTestLogic on a loop that drains a task group: it runs once per child the test added.
@Suite("conditionalTestLogic: a loop that drains a task group the test filled")
struct ConditionalGroupTests {
    @Test(
        "Children added before the loop, directly or over a table, cover it; maybe added, after, or drained first, not")
    func filledGroups() throws {
        // Given grpc/grpc-swift-2 2.4.3's shape: ten children, each result checked
        let methods = """
            func testA() async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.cancelAll()
                    for _ in 0 ..< 10 { group.addTask { try await source.write(42) } }
                    while let result = await group.nextResult() { XCTAssertThrowsError(try result.get()) }
                }
            }
            func testB() async throws {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    group.addTask { try await fetch() }
                    for try await value in group { XCTAssertEqual(value, 7) }
                }
            }
            func testC() async throws {
                await withTaskGroup(of: Int.self) { group in
                    group.addTaskUnlessCancelled { await fetch() }
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testD() async throws {
                await withTaskGroup(of: Int.self) { group in
                    if ready { group.addTask { await fetch() } }
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testE() async throws {
                await withTaskGroup(of: Int.self) { group in
                    for item in store.items { group.addTask { await fetch(item) } }
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testF() async throws {
                await withTaskGroup(of: Int.self) { group in
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                    group.addTask { await fetch() }
                }
            }
            func testG() async throws {
                await withTaskGroup(of: Int.self) { group in
                    group.addTask { await fetch() }
                    await group.waitForAll()
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testH() async throws {
                await withTaskGroup(of: Int.self) { group in
                    for index in 0 ..< 3 {
                        guard index > 0 else { continue }
                        group.addTask { await fetch(index) }
                    }
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testI() async throws {
                await runAll { group in
                    group.addTask { await fetch() }
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            func testJ() async throws {
                await withTaskGroup(of: Int.self) { group in
                    group.addTask { await fetch() }
                    group.cancelAll()
                    while let value = await group.next() { XCTAssertEqual(value, 7) }
                }
            }
            """
        // Then a child that may not be added, added after the loop, or whose result was taken before it, or a group
        // that is not a task group's, may still skip every check
        let found = try xctestFindings(.conditionalTestLogic, methods)
        #expect(
            found == ["testC:19", "testD:25", "testE:31", "testF:36", "testG:44", "testH:53", "testI:59"])
    }
}
