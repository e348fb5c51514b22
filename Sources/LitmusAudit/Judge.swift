/// A question for bisection: which of `candidates` (the tests that ran before `victim` in its
/// process) make it fail (`wantFailure`) or pass as it did among the others.
struct BisectionRequest: Sendable, Hashable, Codable {
    /// The test that behaved differently among the others.
    var victim: TestIdentity
    /// The tests that ran before it, in their order.
    var candidates: [TestIdentity]
    /// Whether the behaviour to reproduce is a failure (a polluter) rather than a pass (a dependency).
    var wantFailure: Bool
    /// Whether every suite run showed the behaviour after the same `candidates`: running all of them
    /// again would only confirm it.
    var reproduced = false
}

/// What bisection answered: the culprits (none when it could not reproduce), and the processes it
/// had killed at the time limit.
struct BisectionResult: Sendable, Hashable, Codable {
    /// The smallest set of candidates found that reproduces the behaviour.
    var culprits: [TestIdentity]
    /// Its processes killed at the time limit.
    var timedOutRuns: [TimedOutRun] = []
}

/// Bisection as the judges see it: a function that runs tests to answer one request. The audit passes
/// one that starts processes (``RunStage/bisector(for:)``); the judges' tests pass a fake.
typealias Bisect = (BisectionRequest) async throws -> BisectionResult

/// What judging decided: the findings, the tests that fail everywhere, and bisection's killed processes.
struct Judgement: Sendable {
    /// Every finding, sorted by letter, place and message.
    var findings: [Finding] = []
    /// Tests that failed in every suite run and alone (a red suite, not a FIRST finding).
    var failingTests: [String] = []
    /// The bisection processes killed at the time limit.
    var timedOutRuns: [TimedOutRun] = []
    /// Why no test could be judged, when none was observed.
    var unobservedSuite: UnobservedSuite?
    /// Remarks that fail no letter.
    var notes: [Finding] = []
}

/// What the judges read besides the runs: the settings and the test sources.
struct JudgingContext: Sendable {
    /// The audit's options (budget, time limit).
    var options: AuditOptions
    /// The seed that chose the random halves, named in their findings.
    var seed: UInt64
    /// The static analysis of the test sources, its paths relative to the package.
    var analysis: SourceAnalysis = SourceAnalysis()
    /// Coverage of the sources, when measured.
    var coverage: CoverageReport?
    /// Per test, the execution counts of its checks' positions in its alone run, when measured.
    var executions: [TestID: [SourcePosition: Int]] = [:]
}

/// Decides the findings of an audit from what its runs observed: one judge per letter of FIRST, each a
/// function of the observations. Only Isolated asks for more, through the `bisect` function it is given.
enum Judge {
    /// Judges every letter.
    static func judge(_ observations: Observations, _ context: JudgingContext, bisect: Bisect) async throws
        -> Judgement
    {
        var judgement = Judgement(unobservedSuite: NoTestsJudge.unobserved(observations))
        // What a crash explains is the crash's finding, not each test's it ended.
        let all = observations
        let observations = observations.withoutCrashCollateral()
        // The findings of tests whose failures came only beside another process: grouped by what they share.
        var beside: [(test: TestIdentity, finding: Finding)] = []
        /// `noted` goes with the tests beside other processes when the caveat changed it (every failure
        /// came beside another process), else it is kept as it is.
        func keep(_ noted: Finding, of test: TestIdentity, caveated original: Finding) {
            if noted != original { beside.append((test, noted)) } else { judgement.findings.append(noted) }
        }
        for test in observations.tests {
            if let interfered = InterferenceJudge.finding(for: test, in: observations) {
                // Its failures are the other processes' doing: not its order, nor flakiness of its own.
                beside.append((test, interfered))
            } else if let unstable = RepeatableJudge.finding(for: test, in: observations, context) {
                keep(InterferenceJudge.caveat(unstable, observations), of: test, caveated: unstable)
            } else {
                switch try await IsolatedJudge.verdict(for: test, in: observations, context, bisect: bisect) {
                case .isolated: break
                case .alwaysFails: judgement.failingTests.append(test.id.rawValue)
                case .orderDependent(let finding, let timedOut, let explained):
                    keep(
                        InterferenceJudge.caveat(finding, observations, explained: explained), of: test,
                        caveated: finding)
                    judgement.timedOutRuns += timedOut
                }
            }
            if let slow = FastJudge.finding(for: test, in: observations, context) { judgement.findings.append(slow) }
        }
        judgement.findings += InterferenceJudge.grouped(beside, observations)
        judgement.findings += CrashJudge.findings(all, context.analysis)
        judgement.findings += LeftoverJudge.findings(all)
        judgement.findings += SelfValidatingJudge.findings(observations, context)
        judgement.findings += LateIssueJudge.findings(observations, besides: judgement.findings)
        let neverRan = AssertionNeverRanJudge.judge(observations, context, besides: judgement.findings)
        judgement.findings += neverRan.findings
        judgement.notes = neverRan.notes
        judgement.findings += ThoroughJudge.findings(context)
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
        _ = try await judge(observations, context) { request in
            requests.append(request)
            return BisectionResult(culprits: [])
        }
        return requests
    }

    /// A finding about one test, at its place.
    static func finding(_ kind: FindingKind, _ test: TestIdentity, _ message: String) -> Finding {
        Finding(kind: kind, test: test.id.rawValue, file: test.file, line: test.line, message: message)
    }
}
