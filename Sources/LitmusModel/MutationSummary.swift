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
