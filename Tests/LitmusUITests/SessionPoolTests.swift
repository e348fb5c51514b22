import Foundation
import Synchronization
import Testing

@testable import LitmusUI

/// The bound on browser sessions, without a browser: sessions are numbers.
@Suite("At most a limit of browser sessions exist; a launch beyond it waits for one to come back")
struct SessionPoolTests {
    /// Counts what the pool asked for.
    final class Counts: Sendable {
        private let state = Mutex<(created: Int, closed: [Int])>((0, []))
        var created: Int { state.withLock { $0.created } }
        var closed: [Int] { state.withLock { $0.closed } }
        func create() -> Int {
            state.withLock {
                $0.created += 1
                return $0.created
            }
        }
        func close(_ session: Int) { state.withLock { $0.closed.append(session) } }
    }

    private func pool(
        limit: Int, overflowAfter: Duration = .seconds(600),
        resetFails: @escaping @Sendable (Int) -> Bool = { _ in false }
    ) -> (SessionPool<Int>, Counts) {
        let counts = Counts()
        let pool = SessionPool<Int>(
            limit: limit, overflowAfter: overflowAfter,
            create: { counts.create() },
            reset: { session in if resetFails(session) { throw CancellationError() } },
            close: { counts.close($0) })
        return (pool, counts)
    }

    private func untilWaiting(_ pool: SessionPool<Int>, _ count: Int) async {
        while await pool.waiting < count { await Task.yield() }
    }

    @Test("Two launches get two new sessions; a third waits and gets the first one handed back")
    func waitsForARelease() async throws {
        let (sut, counts) = pool(limit: 2)
        let first = try await sut.acquire()
        let second = try await sut.acquire()
        let third = Task { try await sut.acquire() }
        await untilWaiting(sut, 1)
        #expect(counts.created == 2)
        await sut.release(first)
        #expect(try await third.value == first)
        #expect(counts.created == 2)
        #expect(await sut.live == 2)
        _ = second
    }

    @Test("A released session with no one waiting is reused by the next launch")
    func reusesIdle() async throws {
        let (sut, counts) = pool(limit: 1)
        let first = try await sut.acquire()
        await sut.release(first)
        #expect(try await sut.acquire() == first)
        #expect(counts.created == 1)
    }

    @Test("A session that cannot be reset is closed, and its slot goes to the launch waiting")
    func failedResetFreesTheSlot() async throws {
        let (sut, counts) = pool(limit: 1, resetFails: { $0 == 1 })
        let first = try await sut.acquire()
        let next = Task { try await sut.acquire() }
        await untilWaiting(sut, 1)
        await sut.release(first)
        #expect(try await next.value == 2)
        #expect(counts.closed == [1])
        #expect(await sut.live == 1)
    }

    @Test("A session that fails to start frees its slot")
    func failedCreateFreesTheSlot() async throws {
        let attempts = Mutex(0)
        let sut = SessionPool<Int>(
            limit: 1, overflowAfter: .seconds(600),
            create: {
                let attempt = attempts.withLock {
                    $0 += 1
                    return $0
                }
                if attempt == 1 { throw CancellationError() }
                return attempt
            },
            reset: { _ in }, close: { _ in })
        await #expect(throws: CancellationError.self) { try await sut.acquire() }
        #expect(await sut.live == 0)
        #expect(try await sut.acquire() == 2)
    }

    @Test("A launch that waited too long starts one more session beyond the limit")
    func overflows() async throws {
        let (sut, counts) = pool(limit: 1, overflowAfter: .milliseconds(20))
        _ = try await sut.acquire()
        #expect(try await sut.acquire() == 2)
        #expect(counts.created == 2)
        #expect(await sut.live == 2)
    }

    @Test("A waiting launch whose task is cancelled leaves the line; the next release goes to the one after it")
    func cancelledWaiter() async throws {
        let (sut, _) = pool(limit: 1)
        let first = try await sut.acquire()
        let cancelled = Task { try await sut.acquire() }
        await untilWaiting(sut, 1)
        let after = Task { try await sut.acquire() }
        await untilWaiting(sut, 2)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        await untilLeft(sut, 1)
        await sut.release(first)
        #expect(try await after.value == first)
    }

    @Test("A discarded session is closed, and its slot goes to the launch waiting")
    func discardFreesTheSlot() async throws {
        let (sut, counts) = pool(limit: 1)
        let first = try await sut.acquire()
        let next = Task { try await sut.acquire() }
        await untilWaiting(sut, 1)
        await sut.discard(first)
        #expect(try await next.value == 2)
        #expect(counts.closed == [1])
    }

    private func untilLeft(_ pool: SessionPool<Int>, _ count: Int) async {
        while await pool.waiting > count { await Task.yield() }
    }
}
