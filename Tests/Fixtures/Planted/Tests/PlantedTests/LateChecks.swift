import Synchronization
import Testing

@testable import Planted

// Planted: a check that runs after its test ended (Self-validating, seen at run time). The test awaits
// its first total, so the source alone shows a test that waits; the Task it starts next is never
// awaited, and its failing check reaches Swift Testing with this test's id after the test passed. In a
// run one at a time the Task waits for the next test, ParallelChecks.swift's first, to start (so this
// one has ended, however busy the machine: after a fixed 20 ms the check could still beat the end of
// its test and fail it), and that test waits for the check, so it arrives before the process ends in
// every such run. Alone, or in a parallel run, it waits 2 s: by then its test has long ended.
// The Task waits suspended, polling nothing: code of it that ran while the tests between ran would be
// counted in their footprints, and whether it did would depend on how busy the machine is.
@Test("A receipt's total, checked again in a Task nobody awaits")
func totalCheckedLate() async {
    let first = await Task { total([1, 2]) }.value
    lateCheck.withLock { $0.pending = true }
    Task {
        await untilTheNextTestStarts(atMost: .seconds(2))
        #expect(total([1, 2]) == first + 1)
        lateCheck.withLock { $0.recorded = true }
    }
}

/// Whether totalCheckedLate() started its late check in this process, whether the test after it (one at
/// a time) has started, whether the check ran, and the late check waiting for the next test.
struct LateCheck {
    var pending = false
    var nextStarted = false
    var recorded = false
    var waiting: CheckedContinuation<Void, Never>?

    /// Marks the next test started; the late check waiting for it, to resume.
    mutating func startNext() -> CheckedContinuation<Void, Never>? {
        nextStarted = true
        return stopWaiting()
    }

    /// The late check waiting, to resume; none waits any more.
    mutating func stopWaiting() -> CheckedContinuation<Void, Never>? {
        defer { waiting = nil }
        return waiting
    }
}

let lateCheck = Mutex(LateCheck())

/// Suspends until the test after this one (one at a time) starts or `limit` has passed, whichever comes first.
func untilTheNextTestStarts(atMost limit: Duration) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            await withCheckedContinuation { continuation in
                let started = lateCheck.withLock { state in
                    if !state.nextStarted { state.waiting = continuation }
                    return state.nextStarted
                }
                if started { continuation.resume() }
            }
        }
        group.addTask { try? await Task.sleep(for: limit) }
        await group.next()
        group.cancelAll()
        lateCheck.withLock { $0.stopWaiting() }?.resume()
    }
}
