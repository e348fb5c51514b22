/// What each test of one serial run touched of the state tests can share (``SharedState``): the accesses in
/// the functions its code executed, from the footprint observer's log and the sources' ``StateAccess``es.
/// What the footprint cannot see counts as ``SharedState/unseen(_:)``; a test with no footprint at all (it did
/// not run to its end in that run) is in none of `tests`.
package struct Footprints: Sendable, Hashable, Codable {
    /// The accesses of each test's code, each state once (at the first place it is touched), by test.
    package var tests: [TestID: [StateAccess]]
    /// The accesses of code that ran outside any test (a class's `setUp()`, a suite's, what the binary runs when
    /// it loads), by the framework of the process it ran in.
    package var outside: [TestLibrary: [StateAccess]]

    /// Footprints of `tests` and of code `outside` them.
    package init(tests: [TestID: [StateAccess]], outside: [TestLibrary: [StateAccess]] = [:]) {
        self.tests = tests
        self.outside = outside
    }

    /// `accesses` with each state once, reading and writing as any of its accesses do, at its first place.
    static func merged(_ accesses: [StateAccess]) -> [StateAccess] {
        var order: [SharedState] = []
        var byState: [SharedState: StateAccess] = [:]
        for access in accesses {
            if var known = byState[access.state] {
                known.reads = known.reads || access.reads
                known.writes = known.writes || access.writes
                byState[access.state] = known
            } else {
                order.append(access.state)
                byState[access.state] = access
            }
        }
        return order.compactMap { byState[$0] }
    }
}

/// Why footprints could not be measured: the report says it in one line, and every test runs alone.
package struct FootprintProblem: Error, Sendable, Hashable {
    /// Why, in words.
    package var reason: String

    /// The problem `reason`.
    package init(reason: String) { self.reason = reason }
}
