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
        /// It failed in the suite or parallel runs: its alone run tells order from a red test.
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

    /// The scope of an audit of `tests` tests.
    public init(tests: Int, candidates: Int, ranAlone: Int, unmeasuredBecause: String? = nil) {
        self.tests = tests
        self.candidates = candidates
        self.ranAlone = ranAlone
        self.unmeasuredBecause = unmeasuredBecause
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
    }
}
