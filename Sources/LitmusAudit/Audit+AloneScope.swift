import Foundation
import LitmusSupport

/// Which tests an audit runs alone (``AloneScope``), and the lines of each test it keeps for the next `--since`.
extension Audit {
    /// With `--since` or `--quick`, what chooses the tests that run alone (``AloneScope``). With `--quick`,
    /// the share the seed picks, the tests that failed in the suite or parallel run, and `--since`'s (every
    /// test with `--mutation`). With `--since`: with coverage, those the
    /// `stored` lines (``TestLinesStore``) do not put out of scope; without, those whose file changed;
    /// every test with `--mutation`, which reads every test's lines, or when no lines can be read. A
    /// shard (`--since` is refused with one) runs its share of every test.
    ///
    /// Without `--since`, the tests' footprints choose (``AloneScope/Rule/footprints``): only the tests that can
    /// share state run alone, and a quick audit deals its shares among them.
    func aloneRule(stored: Result<TestLinesStore, TestLinesStore.Dropped>?, measuresLines: Bool)
        -> AloneScope.Rule?
    {
        let sinceRule = sinceRule(stored: stored, measuresLines: measuresLines)
        guard let quick = options.quick, shard == nil else {
            return sinceRule ?? (choosesByFootprints ? .footprints : nil)
        }
        let since: AloneScope.Rule? =
            mutation != nil ? .everyTest("--mutation reads the lines of every test") : sinceRule
        return .quick(quick, seed: seed, since: since, lastAlone: lastRanAlone)
    }

    /// With `--since`, its rule of ``aloneRule(stored:measuresLines:)``; `nil` without.
    func sinceRule(stored: Result<TestLinesStore, TestLinesStore.Dropped>?, measuresLines: Bool)
        -> AloneScope.Rule?
    {
        guard let since, shard == nil else { return nil }
        if mutation != nil { return .everyTest("--mutation reads the lines of every test") }
        if !options.coverage { return .byFile(since) }
        if !measuresLines { return .everyTest("llvm-profdata or llvm-cov is missing: no lines are read") }
        switch stored {
        case nil:
            return .everyTest(
                buildFolder == nil
                    ? "--no-build-cache keeps no lines of earlier audits"
                    : "no earlier audit in this build folder recorded the lines each test executes alone")
        case .failure(let dropped):
            return .everyTest("the lines kept by the last audit here do not hold: \(dropped.reason)")
        case .success(let store):
            return .byLines(since, previous: store)
        }
    }

    /// Whether the audit reads each test's own lines: `--test-lines` (on with `--html`), `--since` to choose
    /// the tests in scope, mutation testing to choose the tests that reach a mutant.
    var readsTestLines: Bool { options.testLines || since != nil || mutation != nil }

    /// Writes the lines each test executed alone into the kept build folder (``TestLinesStore``), with the
    /// package's `files` as this audit found them, and returns `coveredLines` with those of the
    /// tests whose alone run `--since` skipped taken from the store (nothing they depend on changed). A
    /// test is stored when it completed alone and llvm-cov read its lines: a crashed or killed run did not
    /// execute all it would have.
    func keepLines(
        _ coveredLines: [TestID: [String: LineSet]], of observations: Observations,
        stored: Result<TestLinesStore, TestLinesStore.Dropped>?, files: [String: String], in kept: URL
    ) throws -> [TestID: [String: LineSet]] {
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let measured = coveredLines.filter { id, _ in
            let outcome = byID[id].map(observations.measuredOutcome(of:))
            return outcome == .passed || outcome == .failed
        }
        let earlier = (try? stored?.get()) ?? TestLinesStore(package: package.path, files: [:], tests: [:])
        let store = earlier.updated(
            measured: measured, suite: observations.tests.map(\.id), files: files)
        try store.write(to: kept)
        var lines = coveredLines
        let skipped = observations.tests.filter { observations.aloneScope?.tests?.contains($0.id) == false }
        for test in skipped where lines[test.id] == nil { lines[test.id] = store.tests[test.id] }
        return lines
    }
}
