import Testing

@testable import LitmusAudit

/// trapInTest and a task group's result taken while the group still holds a task (apple/swift-nio-http2 1.46.0,
/// vapor/postgres-nio 1.31.0).
@Suite("trapInTest: next()! of a task group that still holds a task")
struct TaskGroupResultTests {
    /// The Swift Testing tests of `tests` that report a trap.
    private func traps(_ tests: String) throws -> [String] { try swiftTestingNames(.trapInTest, tests) }

    @Test("One task added, one result taken; two added, two taken, cancelled between; the parameter as $0: no trap")
    func tasksLeft() throws {
        let tests = """
                @Test func one() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; let x = await group.next()!; #expect(x == 1) } }
                @Test func two() async { await withTaskGroup(of: Int.self) { group in
                    group.addTask { 1 }
                    group.addTask { 2 }
                    _ = await group.next()!
                    #expect(await group.next()! > 0)
                } }
                @Test func result() async throws { try await withThrowingTaskGroup(of: Void.self) { g in g.addTask {}; switch await g.nextResult()! { case .success: break; case .failure: Issue.record("x") } } }
                @Test func cancelled() async { await withTaskGroup(of: Int.self) { group in
                    group.addTask { 1 }
                    group.addTask { 2 }
                    _ = await group.next()!
                    group.cancelAll()
                    #expect(await group.next()! > 0)
                } }
            """
        #expect(try traps(tests) == [])
    }

    @Test(
        "Near misses: no task left, a task added under a condition or in a loop, a result taken in a loop, another group"
    )
    func mayBeEmpty() throws {
        let tests = """
                @Test func none() async { await withTaskGroup(of: Int.self) { group in let x = await group.next()!; #expect(x == 1) } }
                @Test func taken() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; _ = await group.next(); #expect(await group.next()! == 1) } }
                @Test func conditional() async { await withTaskGroup(of: Int.self) { group in if ready { group.addTask { 1 } }; #expect(await group.next()! == 1) } }
                @Test func looped() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; for _ in 0..<n { _ = await group.next() }; #expect(await group.next()! == 1) } }
                @Test func handed() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; drain(&group); #expect(await group.next()! == 1) } }
                @Test func other() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; #expect(await other.next()! == 1) } }
                @Test func twice() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; #expect(await group.next()! + group.next()! == 2) } }
                @Test func condition() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; while await group.next()! > 0 {} } }
                @Test func drained() async { await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; await group.waitForAll(); #expect(await group.next()! == 1) } }
            """
        #expect(
            try traps(tests) == [
                "none", "taken", "conditional", "looped", "handed", "other", "twice", "condition", "drained",
            ])
    }
}
