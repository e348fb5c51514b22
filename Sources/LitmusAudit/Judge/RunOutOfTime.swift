import Foundation

extension Observations {
    /// The tests a suite run killed at its time limit was at only because the run as a whole ran out of time,
    /// each with that run: the limit less what the tests that finished in the run took leaves the test at most a
    /// tenth of the limit, and no more than ten times (at least 1 s) its longest finished run, in a suite run or
    /// alone. It did not hang: on a busy machine the suite's own length passed the limit (swift-collections
    /// 1.6.0's 845 tests passed 600 s in two suite runs beside a build, and `OrderedSetTests.test_Collection`, 4
    /// to 6 s, was called hung and flaky for it). The killed run is still reported (``TimedOutRun``, exit 3); a
    /// test that had the limit to itself (a deadlock of a 10 ms test) is still the hang.
    func unfinishedOnlyForTime() -> [(test: TestID, run: RunKind)] {
        let share = runShare
        var found: [(test: TestID, run: RunKind)] = []
        for recorded in processes {
            guard case .suite(let index) = recorded.run,
                let killed = timedOutRuns.first(where: {
                    $0.run == RunShare.suiteRunName(index, of: share.suiteRunCount)
                        && $0.library == recorded.process.library
                }),
                let position = share.runs.compactMap(\.suiteIndex).firstIndex(of: index), position < suiteRuns.count
            else { continue }
            let process = recorded.process
            let results = suiteRuns[position].results
            let finished = process.tests.compactMap { results[$0] }
                .filter { $0.outcome != .crashed && $0.outcome != .notRun }.map(\.duration).reduce(0, +)
            // The process's time past the limit is the kill's and the reaping's, not the test's.
            let limit = killed.limitSeconds ?? (process.end - process.start)
            let ranFor = min(process.end - process.start, limit) - finished
            for test in killed.unfinished where process.tests.contains(test) {
                guard let longest = longestFinishedRun(of: test), ranFor <= limit / 10,
                    ranFor <= max(10 * longest, 1)
                else { continue }
                found.append((test, recorded.run))
            }
        }
        return found
    }

    /// The longest of `test`'s suite runs and alone run that it finished (passed or failed), in seconds.
    private func longestFinishedRun(of test: TestID) -> Double? {
        let runs = suiteRuns.compactMap { $0.results[test] } + [alone[test]].compactMap { $0 }
        return runs.filter { $0.outcome == .passed || $0.outcome == .failed }.map(\.duration).max()
    }
}
