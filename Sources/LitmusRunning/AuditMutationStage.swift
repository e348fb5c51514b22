import LitmusModel

/// Mutation testing run as the audit's last stage, in the audit's own scratch copy and build folder
/// (so only the mutated modules are compiled again). LitmusMutation provides it; the audit passes it the
/// workspace and gets back the whole run: the summary its report carries and every mutant.
package protocol AuditMutationStage: Sendable {
    /// Runs it in `workspace`, whose tests the audit has built (`layout` is the package's targets) with
    /// `build`'s options; `measured` is what the audit's alone runs and coverage found of each test (`nil`
    /// without coverage).
    func run(
        in workspace: PackageWorkspace, toolchain: Toolchain, layout: PackageLayout, build: PackageBuild,
        measured: [MeasuredTest]?, progress: @escaping @Sendable (RunProgress) -> Void
    ) async throws -> AuditMutationResult
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
    /// The lines it executed alone, by source file relative to the package.
    package var lines: [String: LineSet]

    /// Creates a measured test.
    package init(test: TestIdentity, passed: Bool, seconds: Double, lines: [String: LineSet]) {
        self.test = test
        self.passed = passed
        self.seconds = seconds
        self.lines = lines
    }
}
