/// `litmus audit --since REF`: the tests that touch the lines changed since a git ref, and the report
/// limited to their findings.
///
/// A test touches the changes when its declaring file changed, or when the source lines it executes
/// alone (its per-test coverage) include a changed line. Without coverage (`--no-coverage`), only the
/// first holds: the report says so. The audit itself still runs the whole suite: whether a test is
/// isolated or repeatable depends on the tests around it.
public struct ChangedScope: Codable, Sendable, Hashable {
    /// The ref, as given.
    public var since: String
    /// The files changed since it (relative to the package), sorted.
    public var changedFiles: [String]
    /// The identifiers of the tests that touch them, sorted.
    public var tests: [TestID]
    /// Whether per-test coverage was used; without it only changed test files select tests.
    public var byCoverage: Bool
    /// How many tests ran alone, when only those that may touch the changes did (``AloneScope``);
    /// `nil` when every test ran alone.
    public var ranAlone: Int?
    /// Why every test ran alone (no earlier per-test lines in the build folder, `--mutation`); `nil`
    /// when only some did.
    public var everyTestAloneBecause: String?

    /// Creates a scope.
    public init(since: String, changedFiles: [String], tests: [TestID], byCoverage: Bool) {
        self.since = since
        self.changedFiles = changedFiles
        self.tests = tests
        self.byCoverage = byCoverage
    }
}
