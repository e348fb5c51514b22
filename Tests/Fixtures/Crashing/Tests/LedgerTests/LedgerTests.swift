import Ledger
import Synchronization
import Testing

/// How many tests of this file are running now.
let running = Atomic<Int>(0)

/// Waits until `condition` holds or `limit` has passed, looking every millisecond.
func waitUntil(_ limit: Duration, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + limit
    while !condition() && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

// Planted: a crash that happens only when another test runs at the same time, as FoundationNetworking's
// trap during URLSessionTask.cancel did in swhitty/FlyingFox: the trap ends every test of its process.
// One at a time, or alone, it passes.
@Test("Closing the ledger needs it to itself")
func closingNeedsTheLedgerAlone() async {
    running.add(1, ordering: .sequentiallyConsistent)
    await waitUntil(.milliseconds(50)) { running.load(ordering: .sequentiallyConsistent) > 1 }
    precondition(running.load(ordering: .sequentiallyConsistent) == 1, "the ledger was closed while in use")
    running.subtract(1, ordering: .sequentiallyConsistent)
    #expect(balance([]) == 0)
}

@Test("Each entry counts once", arguments: 1...3)
func entryCountsOnce(amount: Int) async {
    running.add(1, ordering: .sequentiallyConsistent)
    await waitUntil(.milliseconds(20)) { false }
    running.subtract(1, ordering: .sequentiallyConsistent)
    #expect(balance([amount]) == amount)
}

@Test("Two entries add up")
func twoEntriesAddUp() async {
    running.add(1, ordering: .sequentiallyConsistent)
    await waitUntil(.milliseconds(20)) { false }
    running.subtract(1, ordering: .sequentiallyConsistent)
    #expect(balance([2, 3]) == 5)
}
