import Foundation

/// `--since REF`: which tests run alone. The report keeps the findings of the tests that touch the
/// changes (``ChangedScope``): a test whose file changed, or whose lines executed alone include a changed
/// line. Which lines a test executes is what its alone run measures, so an audit with nothing to go by
/// runs every test alone. With the lines each test executed alone in an earlier audit of the package
/// (``TestLinesStore``, in the kept build folder), kept only while nothing the test depends on changed
/// since, a test whose kept lines touch no change and whose file did not change is out of scope before
/// it runs: its alone run would only feed findings the report drops, so it is skipped, and the report
/// takes its lines from the store. Without coverage (`--no-coverage`) only a changed test file puts a test in
/// scope, so only those tests run alone. `--quick` runs alone a share of the tests (``QuickTier``) and
/// every test that failed in the audit's suite or parallel run, with `--since`'s tests besides.
package struct AloneScope: Sendable, Hashable, Codable {
    /// The tests to run alone, by identifier; `nil`: every test.
    package var tests: Set<TestID>?
    /// Why every test runs alone, when `tests` is `nil`.
    package var reason: String?
    /// With `--quick`: the share and why each other test runs alone (``QuickTier``); `nil` otherwise.
    package var quick: QuickScope?
    /// When footprints chose the tests (``IsolationCandidates``): why each test is a candidate or not; `nil`
    /// when they did not.
    package var isolation: IsolationCandidates?
    /// Why footprints were asked for and could not be measured (every test then runs alone, as without them).
    package var unmeasuredFootprints: String?
    /// With `--static-footprints`: how the footprints read from the typed AST agree with `isolation`'s.
    package var staticFootprints: StaticFootprintAgreement?

    /// Every test runs alone, for `reason`.
    package static func everyTest(_ reason: String) -> AloneScope { AloneScope(tests: nil, reason: reason) }

    /// The tests of `tests` to run alone for `changes`, given the lines each executed alone before
    /// (`previous`: the entries that still hold, ``TestLinesStore/surviving(package:files:layout:)``); every
    /// test, with the reason, when none is out of scope.
    package static func choose(_ tests: [TestIdentity], changes: ChangedLines, previous: TestLinesStore)
        -> AloneScope
    {
        let chosen = tests.filter { test in
            guard let lines = previous.tests[test.id] else { return true }
            return ChangedScope.touches(changes, file: test.file, lines: lines)
        }
        guard chosen.count < tests.count else {
            return .everyTest("each may touch the changes, or has no kept lines that still hold")
        }
        return AloneScope(tests: Set(chosen.map(\.id)), reason: nil)
    }

    /// The tests whose own file changed: without coverage, the only ones `--since` keeps.
    package static func byFile(_ tests: [TestIdentity], changes: ChangedLines) -> AloneScope {
        AloneScope(tests: Set(tests.filter { $0.file.map(changes.touches(file:)) ?? false }.map(\.id)), reason: nil)
    }

    /// `--quick`: the tests of `tier`'s share (its pinned one, else the history's least recently alone
    /// with `lastAlone`, else the seed's), those of `failing` (they failed in this audit's
    /// suite or parallel run, which run before the alone runs), and with `--since` those of `since`
    /// (every test when it takes every test).
    package static func quick(
        _ tests: [TestIdentity], tier: QuickTier, seed: UInt64, failing: Set<TestID>, since: AloneScope?,
        lastAlone: [TestID: Date]? = nil, isolation: IsolationCandidates? = nil
    ) -> AloneScope {
        // With footprints, the shares are dealt among the candidates only: the others need no alone run. A test
        // that failed here runs alone anyway, and is left out of the deal, which stays the same from run to run.
        let candidates = isolation?.dealt
        let ids = tests.map(\.id).filter { candidates?.contains($0) ?? true }
        let fromHistory = tier.share == nil ? lastAlone : nil
        let index =
            tier.share.map { $0 - 1 }
            ?? fromHistory.map { tier.leastRecentShare(of: ids, lastAlone: $0, seed: seed) }
            ?? tier.shareIndex(seed: seed)
        let share = Set(tier.share(index, of: ids, by: \.self))
        let failed = Set(tests.map(\.id).filter(failing.contains))
        let touched = since.map { $0.tests ?? Set(tests.map(\.id)) } ?? []
        let chosen = share.union(failed).union(touched)
        let scope = QuickScope(
            share: index + 1, spread: tier.spread, tests: tests.count, ranAlone: chosen.count, inShare: share.count,
            failed: failed.sorted(), addedFailing: failed.subtracting(share).count,
            addedSince: since.map { _ in touched.subtracting(share).subtracting(failed).count },
            everyTestAloneBecause: since?.tests == nil ? since?.reason : nil,
            fromHistory: fromHistory.map { _ in true },
            pinned: tier.share.map { _ in true })
        return AloneScope(tests: chosen, reason: nil, quick: scope, isolation: isolation)
    }

    /// The candidates of `isolation` (``IsolationCandidates``) and the tests of `failing`: the full audit's alone
    /// runs when footprints were measured.
    package static func candidates(_ tests: [TestIdentity], isolation: IsolationCandidates, failing: Set<TestID>)
        -> AloneScope
    {
        let chosen = isolation.candidates.union(failing)
        return AloneScope(tests: Set(tests.map(\.id).filter(chosen.contains)), reason: nil, isolation: isolation)
    }

    /// The tests of `tests` this scope runs alone, in their order.
    package func filter(_ tests: [TestIdentity]) -> [TestIdentity] {
        guard let chosen = self.tests else { return tests }
        return tests.filter { chosen.contains($0.id) }
    }
}

extension AloneScope {
    /// What chooses the tests that run alone with `--since` or `--quick`, settled before the tests are
    /// discovered; the tests that failed in the suite and parallel runs, which run first, are given to
    /// ``scope(for:failing:)``.
    package indirect enum Rule: Sendable {
        /// Every test, for the reason given.
        case everyTest(String)
        /// The tests whose file changed (``AloneScope/byFile(_:changes:)``).
        case byFile(ChangedLines)
        /// The tests the kept lines do not put out of scope (``AloneScope/choose(_:changes:previous:)``).
        case byLines(ChangedLines, previous: TestLinesStore)
        /// `--quick`: the share `seed` picks (or with `lastAlone`, from a history, the least recently run
        /// alone), the tests that failed, and those of `since`
        /// (``AloneScope/quick(_:tier:seed:failing:since:lastAlone:isolation:)``); with footprints, the shares
        /// are dealt among their candidates.
        case quick(QuickTier, seed: UInt64, since: Rule?, lastAlone: [TestID: Date]? = nil)
        /// The candidates the tests' footprints give and the tests that failed
        /// (``AloneScope/candidates(_:isolation:failing:)``); every test when the footprints were not measured.
        case footprints

        /// The scope this rule gives `tests`, of which `failing` failed in the suite or parallel runs, with the
        /// `footprints` measured in the first suite run (`nil`: none were asked for).
        package func scope(
            for tests: [TestIdentity], failing: Set<TestID> = [],
            footprints: Result<Footprints, FootprintProblem>? = nil
        ) -> AloneScope {
            let measured: Footprints? = footprints.flatMap { try? $0.get() }
            let isolation = measured.map { IsolationCandidates.choose(tests, footprints: $0, failed: failing) }
            var scope: AloneScope
            switch self {
            case .everyTest(let reason): scope = .everyTest(reason)
            case .byFile(let changes): scope = AloneScope.byFile(tests, changes: changes)
            case .byLines(let changes, let previous):
                scope = AloneScope.choose(tests, changes: changes, previous: previous)
            case .quick(let tier, let seed, let since, let lastAlone):
                scope = AloneScope.quick(
                    tests, tier: tier, seed: seed, failing: failing, since: since?.scope(for: tests, failing: failing),
                    lastAlone: lastAlone, isolation: isolation)
            case .footprints:
                scope =
                    isolation.map { AloneScope.candidates(tests, isolation: $0, failing: failing) }
                    ?? .everyTest("the footprints were not measured")
            }
            if case .failure(let problem) = footprints { scope.unmeasuredFootprints = problem.reason }
            return scope
        }
    }
}
