/// The search for an order-dependent test's fix, after iFixFlakies (ESEC/FSE 2019): the statements of a
/// helper test (the state-setter a brittle test needs, or a cleaner that resets what a polluter left),
/// reduced to those that matter and put in the victim's `setUp()`, then verified by running the failing
/// order again in the audit's copy. Only a verified patch is offered.
public struct Repair: Codable, Sendable, Hashable {
    /// The patch, a unified diff relative to the package that `git apply` takes; `nil` when none was verified.
    public var patch: String?
    /// What was found: where the patch goes and whose statements it holds, or why there is none.
    public var summary: String
    /// How many test processes the search ran.
    public var runs: Int
    /// How many times it built the tests again.
    public var builds: Int
    /// How long it took, in seconds.
    public var seconds: Double

    /// Creates a repair.
    public init(patch: String?, summary: String, runs: Int, builds: Int, seconds: Double) {
        self.patch = patch
        self.summary = summary
        self.runs = runs
        self.builds = builds
        self.seconds = seconds
    }
}
