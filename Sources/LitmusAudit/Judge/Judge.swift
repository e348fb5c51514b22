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
    var failingTests: [TestID] = []
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
