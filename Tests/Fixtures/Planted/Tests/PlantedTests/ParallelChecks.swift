import Foundation
import Synchronization
import Testing

@testable import Planted

// Planted: a parallel-only failure (Isolated). Two tests share a global tally of the carts being
// priced; each passes alone and one at a time, and the first fails whenever the other runs at the same
// time, as in Swift Testing's default parallel mode. To make the overlap certain rather than likely,
// each waits (without sleeping) for the other, up to 2 s, so a busy machine that starts the second
// late still overlaps them. Under `--no-parallel` (the audit's one-at-a-time and alone runs) the other
// cannot come: there each waits instead, up to 2 s, for LateChecks.swift's late check when that test
// ran before it in this process, so the late check always arrives while this process runs.
// Whenever the first fails, the other was running (its count is what the first read), and the audit
// names the tests of the failing test's own file first: the finding names the other first.
let cartsBeingPriced = Mutex(0)
let sharedTallyChecked = Mutex(false)

@Test("The tally holds only this cart while it is priced")
func tallyHoldsOneCart() async {
    cartsBeingPriced.withLock { $0 += 1 }
    await waitForTheOtherCart { cartsBeingPriced.withLock { $0 } > 1 }
    let carts = cartsBeingPriced.withLock { $0 }
    sharedTallyChecked.withLock { $0 = true }
    cartsBeingPriced.withLock { $0 -= 1 }
    #expect(carts == 1)
}

@Test("Another cart priced with the shared tally")
func tallyPricesAnotherCart() async {
    cartsBeingPriced.withLock { $0 += 1 }
    await waitForTheOtherCart { sharedTallyChecked.withLock { $0 } }
    cartsBeingPriced.withLock { $0 -= 1 }
    #expect(total([100, 200]) == 300)
}

/// Yields until `condition` holds (in a parallel run) or a pending late check ran (one at a time), at most 2 s.
func waitForTheOtherCart(until condition: () -> Bool) async {
    if CommandLine.arguments.contains("--no-parallel") {
        lateCheck.withLock { $0.startNext() }?.resume()
        await waitAtMost(.seconds(2)) { lateCheck.withLock { !$0.pending || $0.recorded } }
    } else {
        await waitAtMost(.seconds(2), until: condition)
    }
}

/// Yields until `condition` holds or `limit` has passed.
func waitAtMost(_ limit: Duration, until condition: () -> Bool) async {
    let deadline = ContinuousClock.now + limit
    while !condition() && ContinuousClock.now < deadline { await Task.yield() }
}
