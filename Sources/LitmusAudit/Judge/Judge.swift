/// What a judge is given: the runs as it asked for them, the settings and the sources, bisection if it
/// asks for it, and the findings of the judges before it if it reads them.
struct JudgeInput {
    /// The runs: with a crash's collateral taken out, unless the judge reads ``Judge/Reads/runsWithCrashCollateral``.
    var observations: Observations
    /// The settings, the test sources' analysis, coverage and the checks' execution counts.
    var context: JudgingContext
    /// Runs tests to answer a bisection: one that answers nothing unless the judge reads ``Judge/Reads/bisection``.
    var bisect: Bisect
    /// The findings of the judges listed before it; empty unless it reads ``Judge/Reads/earlierFindings``.
    var earlier: [Finding]
}

/// What a judge decided.
struct JudgeOutput: Sendable {
    /// Its findings.
    var findings: [Finding] = []
    /// Its remarks, which fail no letter.
    var notes: [Finding] = []
    /// The tests it found failing in every suite run and alone (a red suite, not a FIRST finding).
    var failingTests: [TestID] = []
    /// The bisection processes killed at the time limit.
    var timedOutRuns: [TimedOutRun] = []
    /// Why no test could be judged, when none was observed.
    var unobservedSuite: UnobservedSuite?
}

/// One judge of the audit, as a value: its name, the finding kinds it decides, what it reads, and the
/// judging itself. ``all`` lists them in the order they run; a judge that reads the earlier findings
/// sees those of the judges above it, and nothing else it did not ask for.
///
/// Adding a finding kind: a case of ``FindingKind`` (with its letter and fix), the judge that finds it
/// (its `kinds` list names it: `JudgesTests` checks every kind has one judge), and docs/audit.md.
struct Judge: Sendable {
    /// What a judge reads beyond the settings.
    enum Reads: Sendable, Hashable {
        /// The runs, each crash's collateral taken out (what a crash explains is the crash's finding, not
        /// each test's it ended).
        case runs
        /// The runs as they were, crashes' collateral included.
        case runsWithCrashCollateral
        /// The static analysis of the test sources.
        case analysis
        /// Coverage, and the checks' execution counts in each test's alone run.
        case coverage
        /// Bisection, which runs tests to find the ones another depends on.
        case bisection
        /// The findings of the judges listed before it.
        case earlierFindings
    }

    /// Its name, as the docs and ARCHITECTURE.md use it.
    let name: String
    /// The kinds of the findings it decides: no other judge decides them.
    let kinds: [FindingKind]
    /// What it reads.
    let reads: Set<Reads>
    /// The judging.
    private let decide: @Sendable (JudgeInput) async throws -> JudgeOutput

    /// A judge.
    init(
        _ name: String, kinds: [FindingKind], reads: Set<Reads>,
        decide: @escaping @Sendable (JudgeInput) async throws -> JudgeOutput
    ) {
        self.name = name
        self.kinds = kinds
        self.reads = reads
        self.decide = decide
    }

    /// Judges `input`, giving it only what ``reads`` asks for.
    func judge(
        _ observations: Observations, withoutCollateral: Observations, _ context: JudgingContext,
        bisect: @escaping Bisect,
        earlier: [Finding]
    ) async throws -> JudgeOutput {
        try await decide(
            JudgeInput(
                observations: reads.contains(.runsWithCrashCollateral) ? observations : withoutCollateral,
                context: context,
                bisect: reads.contains(.bisection) ? bisect : { _ in BisectionResult(culprits: []) },
                earlier: reads.contains(.earlierFindings) ? earlier : []))
    }

    /// Every judge, in the order they run.
    static let all: [Judge] = [
        noTests, stability, fast, crashes, leftovers, selfValidating, lateIssues, assertionsNeverRan, thorough,
    ]

    /// No test observed: the suite cannot be judged (``NoTestsJudge``).
    static let noTests = Judge("no tests", kinds: [], reads: [.runsWithCrashCollateral]) { input in
        JudgeOutput(unobservedSuite: NoTestsJudge.unobserved(input.observations))
    }

    /// I and R, per test, in this order: failures that came only beside another test process
    /// (``InterferenceJudge``: then neither its order nor flakiness of its own), else flaky or crashed
    /// (``RepeatableJudge``), else isolation (``IsolatedJudge``, which asks bisection); a finding every
    /// failure of which came beside another process carries that caveat and joins the tests beside other
    /// processes, which are grouped by what they share.
    static let stability = Judge(
        "stability",
        // `crashed` too: a test killed at the time limit, or crashed with no process crash to explain it
        // (``crashes`` decides the crashes of processes).
        kinds: [.failsOnlyWithOthers, .passesOnlyWithOthers, .failsBesideOtherProcesses, .flaky, .crashed],
        reads: [.runs, .analysis, .bisection]
    ) { input in
        let observations = input.observations
        var output = JudgeOutput()
        var beside: [(test: TestIdentity, finding: Finding)] = []
        /// `noted` goes with the tests beside other processes when the caveat changed it, else it is kept.
        func keep(_ noted: Finding, of test: TestIdentity, caveated original: Finding) {
            if noted != original { beside.append((test, noted)) } else { output.findings.append(noted) }
        }
        for test in observations.tests {
            if let interfered = InterferenceJudge.finding(for: test, in: observations) {
                beside.append((test, interfered))
            } else if let unstable = RepeatableJudge.finding(for: test, in: observations, input.context) {
                keep(InterferenceJudge.caveat(unstable, observations), of: test, caveated: unstable)
            } else {
                switch try await IsolatedJudge.verdict(
                    for: test, in: observations, input.context, bisect: input.bisect)
                {
                case .isolated: break
                case .alwaysFails: output.failingTests.append(test.id)
                case .orderDependent(let finding, let timedOut, let explained):
                    keep(
                        InterferenceJudge.caveat(finding, observations, explained: explained), of: test,
                        caveated: finding)
                    output.timedOutRuns += timedOut
                }
            }
        }
        output.findings += InterferenceJudge.grouped(beside, observations)
        return output
    }

    /// F: each test's median duration against its budget (``FastJudge``).
    static let fast = Judge("fast", kinds: [.slowTest], reads: [.runs, .analysis]) { input in
        let judged = input.observations.tests.map { FastJudge.judge($0, in: input.observations, input.context) }
        return JudgeOutput(findings: judged.compactMap(\.finding), notes: judged.compactMap(\.note))
    }

    /// R: a process that crashed or was killed, as one finding naming the test that caused it
    /// (``CrashJudge``); a test's crash that no process explains is ``stability``'s.
    static let crashes = Judge("crashes", kinds: [.crashed], reads: [.runsWithCrashCollateral, .analysis]) { input in
        JudgeOutput(findings: CrashJudge.findings(input.observations, input.context.analysis))
    }

    /// I: processes and files a test left behind (``LeftoverJudge``).
    static let leftovers = Judge(
        "leftovers", kinds: [.leftProcessRunning, .leftFiles], reads: [.runsWithCrashCollateral]
    ) { input in
        JudgeOutput(
            findings: LeftoverJudge.findings(input.observations) + LeftoverJudge.fileFindings(input.observations),
            notes: LeftoverJudge.unattributedFiles(input.observations))
    }

    /// S (and F's sleeps, I's main-actor shared state): what the static analysis found, and the tests that never ran (``SelfValidatingJudge``).
    static let selfValidating = Judge(
        "self-validating",
        kinds: [
            .sleepInTest, .noAssertion, .tautology, .swallowedError, .unwaitedExpectation, .neverRan,
            .xctestAssertionInSwiftTesting, .expectInXCTest, .unevaluatedExpectation, .emptyTest, .ignoredTest,
            .trapInTest, .floatEquality, .expectationFulfilledTwice, .conditionalTestLogic, .duplicateAssert,
            .assertionRoulette, .sensitiveEquality, .mysteryGuest, .resourceOptimism, .redundantPrint, .eagerTest,
            .magicNumber, .boolAssertEquality, .mainActorSharedState,
        ],
        reads: [.runs, .analysis]
    ) { input in
        SelfValidatingJudge.judged(input.observations, input.context)
    }

    /// S at run time: issues recorded after their test had ended (``LateIssueJudge``), except where the
    /// static analysis already named the unawaited work.
    static let lateIssues = Judge(
        "late issues", kinds: [.unawaitedAssertion], reads: [.runs, .earlierFindings]
    ) { input in
        JudgeOutput(findings: LateIssueJudge.findings(input.observations, besides: input.earlier))
    }

    /// S from coverage: checks that never ran in a passing test (``AssertionNeverRanJudge``), except in
    /// tests already found to assert nothing.
    static let assertionsNeverRan = Judge(
        "assertions never ran", kinds: [.assertionNeverRan], reads: [.runs, .analysis, .coverage, .earlierFindings]
    ) { input in
        let judged = AssertionNeverRanJudge.judge(input.observations, input.context, besides: input.earlier)
        return JudgeOutput(findings: judged.findings, notes: judged.notes)
    }

    /// T: source files no test executes (``ThoroughJudge``).
    static let thorough = Judge("thorough", kinds: [.uncoveredFile], reads: [.coverage]) { input in
        let judged = ThoroughJudge.judged(input.context)
        return JudgeOutput(findings: judged.findings, notes: judged.notes)
    }
}

/// Decides the findings of an audit from what its runs observed: each judge of ``all`` in turn, each a
/// function of the observations. Only the stability judge asks for more, through the `bisect` function.
extension Judge {
    /// Judges every letter: the judges of ``all`` in their order, each given what it reads.
    static func judge(_ observations: Observations, _ context: JudgingContext, bisect: Bisect) async throws
        -> Judgement
    {
        try await judge(observations, context, by: all, bisect: bisect)
    }

    /// Judges with `judges`, in their order.
    static func judge(
        _ observations: Observations, _ context: JudgingContext, by judges: [Judge], bisect: Bisect
    ) async throws -> Judgement {
        let withoutCollateral = observations.withoutCrashCollateral()
        var judgement = Judgement()
        for judge in judges {
            // A judge's input holds `bisect` only while it judges.
            let output = try await withoutActuallyEscaping(bisect) { bisect in
                try await judge.judge(
                    observations, withoutCollateral: withoutCollateral, context, bisect: bisect,
                    earlier: judgement.findings)
            }
            judgement.findings += output.findings
            judgement.notes += output.notes
            judgement.failingTests += output.failingTests
            judgement.timedOutRuns += output.timedOutRuns
            judgement.unobservedSuite = judgement.unobservedSuite ?? output.unobservedSuite
        }
        judgement.findings.sort {
            ($0.letter, $0.location ?? "", $0.message) < ($1.letter, $1.location ?? "", $1.message)
        }
        return judgement
    }

    /// The bisections ``judge(_:_:bisect:)`` asks for, found by judging once with a bisection that runs
    /// nothing: no test's verdict depends on another test's bisection, so the same requests come again.
    static func bisectionRequests(_ observations: Observations, _ context: JudgingContext) async throws
        -> [BisectionRequest]
    {
        var requests: [BisectionRequest] = []
        _ = try await judge(observations, context, by: all.filter { $0.reads.contains(.bisection) }) { request in
            requests.append(request)
            return BisectionResult(culprits: [])
        }
        return requests
    }

    /// A finding about one test, at its place.
    static func finding(_ kind: FindingKind, _ test: TestIdentity, _ message: String) -> Finding {
        Finding(kind: kind, test: test.id, file: test.file, line: test.line, message: message)
    }
}
