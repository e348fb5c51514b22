/// S, at run time: the checks a passing test makes (as the static analysis finds them, in the test and
/// in the helpers it calls) that its own run never executed, read from the test targets' coverage: its alone
/// run, or its stretch of suite run 1 when its footprint spared it the alone run.
/// All of them never ran: the finding `assertionNeverRan`. Some: a note, which fails no letter.
enum AssertionNeverRanJudge {
    /// The findings and the notes, leaving out the tests `existing` findings name for unawaited work
    /// (already named, and whether such a check runs before the process ends is luck).
    static func judge(_ observations: Observations, _ context: JudgingContext, besides existing: [Finding])
        -> (findings: [Finding], notes: [Finding])
    {
        var findings: [Finding] = []
        var notes: [Finding] = []
        let analysis = context.analysis
        let unawaited = Set(existing.filter { $0.kind == .unawaitedAssertion }.compactMap(\.test))
        let index = SitesIndex(analysis.assertionSites)
        for test in observations.tests where observations.measuredOutcome(of: test) == .passed {
            guard !unawaited.contains(test.id), let counts = context.executions[test.id],
                let own = index.sites(of: test), !own.sites.isEmpty
            else { continue }
            var checker = Checker(counts: counts, helpers: analysis.helperSites)
            let silent = own.sites.filter { !checker.ran($0) }
            // Calls that only fail (XCTFail) in a branch never taken are the branch doing its job.
            let missed = silent.filter { !$0.failsOnly }
            guard let first = missed.first ?? silent.first else { continue }
            let skipped =
                own.body.map { checker.counts[$0] == 0 } == true
                ? "its body never ran (the runner called another function under its name: a Linux allTests entry naming another method?)"
                : "`\(first.call)` (line \(first.position.line)) \(checker.reason(first))"
            if silent.count == own.sites.count, !own.checksByTry {
                let more = silent.count > 1 ? " (and \(silent.count - 1) more)" : ""
                findings.append(
                    Finding(
                        kind: .assertionNeverRan, test: test.id, file: first.position.file,
                        line: first.position.line,
                        message: "\(test.name) passed without running any of its checks: \(skipped)\(more)"))
            } else if !missed.isEmpty {
                notes.append(
                    Finding(
                        kind: .assertionNeverRan, test: test.id, file: first.position.file,
                        line: first.position.line,
                        message: "\(test.name): \(missed.count) of \(own.sites.count) checks never ran: \(skipped)"))
            }
        }
        return (findings, notes)
    }

    /// The analysis's checks by the names a discovered test answers to, built once for every test: the
    /// names ``SelfValidatingJudge/test(named:file:among:)`` matches, read the other way (`Module.Class.method`
    /// for XCTest; for Swift Testing, in the test's file, its `Suite/function` name or any part of it after a
    /// `/`).
    struct SitesIndex {
        private let all: [AssertionSites]
        private let byName: [String: [Int]]

        init(_ all: [AssertionSites]) {
            self.all = all
            var byName: [String: [Int]] = [:]
            for (index, sites) in all.enumerated() { byName[sites.name, default: []].append(index) }
            self.byName = byName
        }

        /// The checks of `test`: the first sites, in the analysis's order, whose name is the test's.
        func sites(of test: TestIdentity) -> AssertionSites? {
            let candidates: [Int]
            switch test.library {
            case .xctest:
                candidates = [test.qualifiedOutputName, test.xctestOutputName].compactMap { $0 }.flatMap {
                    byName[$0] ?? []
                }
            case .swiftTesting:
                let base = test.name.prefix { $0 != "(" }
                let names = [base] + base.indices.filter { base[$0] == "/" }.map { base[base.index(after: $0)...] }
                candidates = names.flatMap { byName[String($0)] ?? [] }.filter { all[$0].file == test.file }
            }
            return candidates.min().map { all[$0] }
        }
    }

    /// The positions to count for each test that passed in its own run (alone, or its stretch of suite run 1):
    /// its checks' and its helpers'.
    static func positions(_ observations: Observations, _ analysis: SourceAnalysis) -> [TestID: CheckPositions] {
        var result: [TestID: CheckPositions] = [:]
        let index = SitesIndex(analysis.assertionSites)
        for test in observations.tests where observations.measuredOutcome(of: test) == .passed {
            guard let own = index.sites(of: test), !own.sites.isEmpty else { continue }
            var positions = own.positions
            var pending = own.sites.compactMap(\.helper)
            var seen = Set(pending)
            while let helper = pending.popLast() {
                for declaration in analysis.helperSites[helper] ?? [] {
                    positions += declaration.positions
                    for next in declaration.sites.compactMap(\.helper) where seen.insert(next).inserted {
                        pending.append(next)
                    }
                }
            }
            result[test.id] = CheckPositions(all: positions, inBodyOnly: positions.count == own.positions.count)
        }
        return result
    }

    /// Decides whether checks ran from one test's counts.
    private struct Checker {
        var counts: [SourcePosition: Int]
        var helpers: [String: [AssertionSites]]
        /// Helpers being followed, against recursion.
        var following: Set<String> = []

        /// Whether the check ran: its call (or the condition deciding it) executed, and for a helper,
        /// any check of a declaration of that name ran (those in the caller's file when there are any,
        /// as a private helper of a suite is declared there), or one of them checks by a plain `try` or
        /// has no check to count. An unknown count counts as run.
        mutating func ran(_ site: AssertionSite) -> Bool {
            guard (counts[site.decidedAt] ?? 1) > 0 else { return false }
            guard !site.failsOnly, let helper = site.helper, let all = helpers[helper],
                following.insert(helper).inserted
            else {
                return true
            }
            defer { following.remove(helper) }
            let local = all.filter { $0.file == site.position.file }
            return (local.isEmpty ? all : local).contains { declaration in
                declaration.checksByTry || declaration.sites.isEmpty || declaration.sites.contains { ran($0) }
            }
        }

        /// Why the check did not run: the outermost construct whose body never ran, a helper whose
        /// checks never ran, or an exit before it.
        func reason(_ site: AssertionSite) -> String {
            if (counts[site.position] ?? 1) > 0, site.helper != nil { return "calls a helper whose checks never ran" }
            return site.skippers.last { counts[$0.body] == 0 }.map { "sits in \($0.description)" }
                ?? "comes after a return or a throw that ran first"
        }
    }
}
