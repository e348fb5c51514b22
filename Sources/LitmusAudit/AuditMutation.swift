/// The mutation score an audit run with `--mutation` adds to Thorough (docs/mutation.md): how many
/// mutants of the package's sources the tests noticed, by status.
public struct MutationSummary: Codable, Sendable, Hashable {
    /// Detected mutants (killed, timed out, crashed) over the mutants that compiled, in percent.
    public var score: Double
    /// Mutants a test failed on.
    public var killed: Int
    /// Mutants every covering test passed with.
    public var survived: Int
    /// Mutants no test reaches.
    public var noCoverage: Int
    /// Mutants whose tests ran past their time limit.
    public var timeout: Int
    /// Mutants whose test process crashed.
    public var runtimeError: Int
    /// Mutants the compiler rejected (not counted in the score).
    public var compileError: Int
    /// Wall time of the mutation stage (its build included), in seconds.
    public var wallSeconds: Double

    /// Creates a summary from the counts by status.
    public init(
        score: Double, killed: Int, survived: Int, noCoverage: Int, timeout: Int, runtimeError: Int,
        compileError: Int, wallSeconds: Double
    ) {
        self.score = score
        self.killed = killed
        self.survived = survived
        self.noCoverage = noCoverage
        self.timeout = timeout
        self.runtimeError = runtimeError
        self.compileError = compileError
        self.wallSeconds = wallSeconds
    }

    /// Killed, timed out and crashed mutants: the ones the tests noticed.
    public var detected: Int { killed + timeout + runtimeError }
    /// The mutants that compiled: the score's denominator.
    public var valid: Int { detected + survived + noCoverage }
    /// The score to one decimal, as reports show it and thresholds compare it.
    public var shownScore: Double { (score * 10).rounded() / 10 }
    /// One line for people: `mutation score 73.9% (17 of 23 mutants detected, 4 survived, 2 not covered)`.
    public var line: String {
        "mutation score \(shownScore)% (\(detected) of \(valid) \(valid == 1 ? "mutant" : "mutants") detected, \(survived) survived, \(noCoverage) not covered)"
    }
    /// Whether the score is under `minimum` percent.
    public func isUnder(_ minimum: Double) -> Bool { shownScore < minimum }
}

/// Mutation testing run as the audit's last stage, in the audit's own scratch copy and build folder
/// (so only the mutated modules are compiled again). LitmusMutation provides it; the audit only
/// passes it the workspace and reads its summary.
package protocol AuditMutationStage: Sendable {
    /// Runs it in `workspace`, whose tests the audit has built (`layout` is the package's targets);
    /// `measured` is what the audit's alone runs and coverage found of each test (`nil` without coverage).
    func run(
        in workspace: PackageWorkspace, toolchain: Toolchain, layout: PackageLayout, measured: [MeasuredTest]?,
        progress: @escaping @Sendable (AuditProgress) -> Void
    ) async throws -> MutationSummary
}

/// One test as the audit measured it alone: whether it passed, how long it took, and the source lines
/// it executed. Mutation testing reads which tests reach a mutant from these lines instead of running
/// every test alone again.
package struct MeasuredTest: Sendable, Hashable {
    /// The test.
    package var test: TestIdentity
    /// Whether it passed alone.
    package var passed: Bool
    /// Its duration alone, in seconds.
    package var seconds: Double
    /// The lines it executed alone, by source file relative to the package (`"12-18,22"`).
    package var lines: [String: String]

    /// Creates a measured test.
    package init(test: TestIdentity, passed: Bool, seconds: Double, lines: [String: String]) {
        self.test = test
        self.passed = passed
        self.seconds = seconds
        self.lines = lines
    }
}

extension AuditRecord {
    /// Each test's alone run and covered lines, when the audit measured coverage; `nil` otherwise.
    var measuredTests: [MeasuredTest]? {
        guard coverage != nil else { return nil }
        return observations.tests.map { test in
            let alone = observations.alone[test.id]
            return MeasuredTest(
                test: test, passed: alone?.outcome == .passed, seconds: alone?.duration ?? 0,
                lines: coveredLines[test.id] ?? [:])
        }
    }
}
