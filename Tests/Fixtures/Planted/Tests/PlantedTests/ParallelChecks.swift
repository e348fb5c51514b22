import Foundation
import Synchronization
import Testing

@testable import Planted

// Planted: a parallel-only failure (Isolated). Two tests share a global tally of the carts being
// priced; each passes alone and one at a time, and the first fails whenever the other runs at the same
// time, as in Swift Testing's default parallel mode. To make the overlap certain rather than likely,
// each waits (at most 50 ms, without sleeping) for the other.
let cartsBeingPriced = Mutex(0)
let sharedTallyChecked = Mutex(false)

@Test("The tally holds only this cart while it is priced")
func tallyHoldsOneCart() async {
    cartsBeingPriced.withLock { $0 += 1 }
    await waitAtMost(.milliseconds(50)) { cartsBeingPriced.withLock { $0 } > 1 }
    let carts = cartsBeingPriced.withLock { $0 }
    sharedTallyChecked.withLock { $0 = true }
    cartsBeingPriced.withLock { $0 -= 1 }
    #expect(carts == 1)
}

@Test("Another cart priced with the shared tally")
func tallyPricesAnotherCart() async {
    cartsBeingPriced.withLock { $0 += 1 }
    await waitAtMost(.milliseconds(50)) { sharedTallyChecked.withLock { $0 } }
    cartsBeingPriced.withLock { $0 -= 1 }
    #expect(total([100, 200]) == 300)
}

/// Yields until `condition` holds or `limit` has passed.
func waitAtMost(_ limit: Duration, until condition: () -> Bool) async {
    let deadline = ContinuousClock.now + limit
    while !condition() && ContinuousClock.now < deadline { await Task.yield() }
}
