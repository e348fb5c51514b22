import LitmusRunning

/// Which tests failed in the runs so far, for the alone runs (a failure alone tells order from a red test).
extension RunStage {
    /// The tests that failed or crashed in any of `runs`.
    static func failing(in runs: [ObservedRun]) -> Set<TestID> {
        Set(runs.flatMap { run in run.results.filter { $0.value.outcome.isFailure }.map(\.key) })
    }

    /// The tests that failed in any of `runs`, or crashed there of their own: a test that was only running beside
    /// the test whose crash ended its process, which a frame of the crashed thread names (``CrashCulprit``), is the
    /// crash's collateral, which the R finding names once, and its alone run would show nothing of it (FlyingFox's
    /// one crashing test ended ~100 others in a parallel run, and each ran alone). So is a test running beside the
    /// suspects of a crash that names no test: the tests whose files use what the crashed thread ran
    /// (``CrashCulprit/suspects(_:_:among:typeNames:)``; FlyingFox's parallel run crashed in FoundationNetworking's
    /// URLSession with 195 tests running, of which 29 use URLSession, and the other 166 ran alone). The culprits and
    /// suspects run alone; a test that crashed more often than such crashes spared it (a timeout, a crash whose
    /// running tests' files use nothing it ran) stays failed.
    static func failing(
        in runs: [ObservedRun], processes: [RunProcess], tests: [TestIdentity], typeNames: [String: [String]] = [:]
    ) -> Set<TestID> {
        var culprits: Set<TestID> = []
        var spared: [TestID: Int] = [:]
        for recorded in processes {
            guard let crash = recorded.process.crash else { continue }
            let blamed: Set<TestID>
            if let culprit = CrashCulprit.of(recorded.process, crash, among: tests, named: true) {
                culprits.insert(culprit.id)
                blamed = [culprit.id]
            } else {
                blamed = Set(
                    CrashCulprit.suspects(recorded.process, crash, among: tests, typeNames: typeNames).tests.map(\.id))
                guard !blamed.isEmpty else { continue }
            }
            for test in recorded.process.inFlight where !blamed.contains(test) { spared[test, default: 0] += 1 }
        }
        var crashes: [TestID: Int] = [:]
        var failed: Set<TestID> = culprits
        for run in runs {
            for (test, result) in run.results {
                if result.outcome == .failed { failed.insert(test) }
                if result.outcome == .crashed { crashes[test, default: 0] += 1 }
            }
        }
        for (test, count) in crashes where culprits.contains(test) || count > spared[test, default: 0] {
            failed.insert(test)
        }
        return failed
    }
}
