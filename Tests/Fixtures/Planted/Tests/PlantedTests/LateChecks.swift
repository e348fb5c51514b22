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
@Test("A receipt's total, checked again in a Task nobody awaits")
func totalCheckedLate() async {
    let first = await Task { total([1, 2]) }.value
    lateCheck.withLock { $0.pending = true }
    Task {
        await waitAtMost(.seconds(2)) { lateCheck.withLock { $0.nextStarted } }
        #expect(total([1, 2]) == first + 1)
        lateCheck.withLock { $0.recorded = true }
    }
}

/// Whether totalCheckedLate() started its late check in this process, whether the test after it (one at
/// a time) has started, and whether the check ran.
let lateCheck = Mutex((pending: false, nextStarted: false, recorded: false))
