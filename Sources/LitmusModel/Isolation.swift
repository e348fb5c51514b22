/// Why a test ran alone or not, read from its footprint: the state its code touched in one serial suite run
/// (docs/audit.md, "Isolation from footprints"). The JSON report's `tests[].isolation`.
public struct IsolationEvidence: Codable, Sendable, Hashable {
    /// What the footprint says of the test.
    public enum Verdict: String, Codable, Sendable, Hashable {
        /// It reads state another test, or code outside the tests, writes: it may depend on their order.
        case sharesState
        /// It writes outside its process (files, processes): its alone run shows what it leaves behind.
        case writesOutside
        /// Its footprint cannot be seen whole (it starts a process, calls code built without coverage, or did
        /// not run to its end in the serial run): it counts as sharing everything.
        case unseen
        /// It failed in the suite or parallel runs, or crashed there with no other test to blame (the culprit
        /// a crash's backtrace names, or a likely one): its alone run tells order from a red test.
        case failed
        /// It touches no state another test writes: no order can change what it sees.
        case isolated
    }

    /// What the footprint says.
    public var verdict: Verdict
    /// Why, in words: `touches no shared state`, ``reads `Registry.names` (Registry.swift:3), which
    /// OrderTests/testA writes``.
    public var because: String

    /// Whether the footprint makes it a candidate for the alone runs.
    public var candidate: Bool { verdict != .isolated }

    /// Evidence `verdict`, `because`.
    public init(_ verdict: Verdict, because: String) {
        self.verdict = verdict
        self.because = because
    }
}

/// How the audit chose from footprints which tests to run alone: the JSON report's `isolation` object, absent
/// when the audit did not use footprints (`--since`, `--mutation`, `--html` and `--test-lines` read every
/// test's own lines alone; a shard runs its share of every test).
public struct IsolationScope: Codable, Sendable, Hashable {
    /// How many tests the audit observed.
    public var tests: Int
    /// How many the footprints made candidates (they may share state, write outside their process, cannot be
    /// seen, or failed); every candidate runs alone in a full audit, a share of them in a quick one.
    public var candidates: Int
    /// How many ran alone.
    public var ranAlone: Int
    /// Why the footprints could not be measured, when they could not: then every test ran alone (a quick
    /// audit: its share of every test), as before footprints.
    public var unmeasuredBecause: String?
    /// How the groups of footprints kept by the audit before split the suite runs; `nil` when none were kept.
    public var sideBySide: SideBySide?
    /// With `--static-footprints`: how the footprints read from the compiler's typed AST, with no run, agree with
    /// these.
    public var staticFootprints: StaticFootprintAgreement?

    /// The scope of an audit of `tests` tests.
    public init(
        tests: Int, candidates: Int, ranAlone: Int, unmeasuredBecause: String? = nil, sideBySide: SideBySide? = nil
    ) {
        self.tests = tests
        self.candidates = candidates
        self.ranAlone = ranAlone
        self.unmeasuredBecause = unmeasuredBecause
        self.sideBySide = sideBySide
    }

    /// The report's line: `Footprints of one serial run: 4 of 180 tests may share state and ran alone; the other
    /// 176 touch no state another test writes (tests[].isolation says why, per test)`.
    public var sentence: String {
        if let unmeasuredBecause {
            return "Footprints not measured (\(unmeasuredBecause)): tests ran alone as without them"
        }
        let isolated = tests - candidates
        return "Footprints of one serial run: \(candidates) of \(tests) tests may share state (\(ranAlone) ran alone); "
            + "the other \(isolated) touch no state another test writes and did not need to"
            + (sideBySide.map { ". \($0.sentence)" } ?? "") + (staticFootprints.map { ". \($0.sentence)" } ?? "")
    }
}

/// How each test's footprint read from the compiler's typed AST (a call graph of the package's own modules, no run)
/// agrees with the one suite run 1 measured, on whether the test may share state: the JSON report's
/// `isolation.staticFootprints` (`--static-footprints`, docs/audit.md "Footprints without a run"). The tests that
/// failed in this audit's runs are not compared (their run's verdict is the failure).
public struct StaticFootprintAgreement: Codable, Sendable, Hashable {
    /// How many tests have both verdicts.
    public var compared: Int
    /// Candidates by both: each may share state.
    public var bothCandidates: Int
    /// Isolated by both.
    public var bothIsolated: Int
    /// Candidates by the typed AST only: its call graph reaches shared state the run never touched (a branch not
    /// taken, a conformance not used, code it could not follow).
    public var onlyStatic: Int
    /// Candidates by the run only: shared state the call graph missed, which running alone only by it would lose.
    public var onlyRun: Int
    /// Of the compared tests, those whose typed AST footprint cannot be seen whole (they call into a module whose
    /// code was not read, start a process, or have no function at their line): candidates by it.
    public var staticUnseen: Int
    /// Why, with how many tests each: the five most frequent reasons.
    public var unseenBecause: [String: Int]
    /// The tests of ``onlyRun``, by name (at most twenty).
    public var missed: [String]
    /// The tests of ``onlyStatic``, by name (at most twenty).
    public var extra: [String] = []
    /// What reading the typed AST and following the graph took, in seconds.
    public var seconds: Double
    /// Why some module has no typed AST (its tests' footprints are then unseen), when one has none.
    public var problem: String?

    /// An agreement of these counts.
    public init(
        compared: Int, bothCandidates: Int, bothIsolated: Int, onlyStatic: Int, onlyRun: Int, staticUnseen: Int,
        unseenBecause: [String: Int] = [:], missed: [String] = [], seconds: Double = 0
    ) {
        self.compared = compared
        self.bothCandidates = bothCandidates
        self.bothIsolated = bothIsolated
        self.onlyStatic = onlyStatic
        self.onlyRun = onlyRun
        self.staticUnseen = staticUnseen
        self.unseenBecause = unseenBecause
        self.missed = missed
        self.seconds = seconds
    }

    /// `The typed AST's footprints agree on 170 of 180 tests (4 candidates, 166 isolated); 8 are candidates only by
    /// it, 2 only by the run; 5 it could not see whole`, or why it could not be read.
    public var sentence: String {
        if let problem, compared == 0 { return "The typed AST's footprints were not read (\(problem))" }
        return "The typed AST's footprints agree on \(bothCandidates + bothIsolated) of \(compared) tests "
            + "(\(bothCandidates) candidates, \(bothIsolated) isolated); \(onlyStatic) are candidates only by it, "
            + "\(onlyRun) only by the run; \(staticUnseen) it could not see whole"
    }
}

/// How the suite runs ran when the audit before kept the groups of tests whose footprints met: in `processes`
/// processes side by side per framework, each group in one of them; or, when two tests that meet now ran apart,
/// again in one process (`brokenBecause`). The JSON report's `isolation.sideBySide`.
public struct SideBySide: Codable, Sendable, Hashable {
    /// How many processes per framework each suite run took (1: the kept groups did not split it).
    public var processes: Int
    /// Why the kept groups did not hold, when they did not: the suite runs then ran again, one process each.
    public var brokenBecause: String?

    /// Suite runs in `processes` processes per framework, or run again whole for `brokenBecause`.
    public init(processes: Int, brokenBecause: String? = nil) {
        self.processes = processes
        self.brokenBecause = brokenBecause
    }

    /// `Suite runs in 8 processes side by side, the tests whose footprints met last time in one`, or why not.
    public var sentence: String {
        if let brokenBecause {
            return "The groups kept from the last audit did not hold (\(brokenBecause)): the suite runs ran again, "
                + "one process per framework"
        }
        if processes <= 1 { return "Suite runs in one process per framework: no split of the kept groups was worth it" }
        return "Suite runs in \(processes) processes side by side per framework, the tests whose footprints met "
            + "last time in one"
    }
}
