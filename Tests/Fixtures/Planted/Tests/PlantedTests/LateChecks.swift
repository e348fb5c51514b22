import Synchronization
import Testing

@testable import Planted

// Planted: a check that runs after its test ended (Self-validating, seen at run time). The test awaits
// its first total, so the source alone shows a test that waits; the Task it starts next is never
// awaited, and its failing check reaches Swift Testing with this test's id after the test passed (in a
// run one at a time, while the next test, ParallelChecks.swift's first, waits for it: however busy
// the machine, the check arrives before the process ends, in every such run).
@Test("A receipt's total, checked again in a Task nobody awaits")
func totalCheckedLate() async {
    let first = await Task { total([1, 2]) }.value
    lateCheck.withLock { $0.pending = true }
    Task {
        await waitAtMost(.milliseconds(20)) { false }
        #expect(total([1, 2]) == first + 1)
        lateCheck.withLock { $0.recorded = true }
    }
}

/// Whether totalCheckedLate() started its late check in this process, and whether the check ran.
let lateCheck = Mutex((pending: false, recorded: false))
