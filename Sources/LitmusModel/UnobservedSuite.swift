/// Why the audit observed no test it could judge, and what the test binary did when run once as
/// `swift test` runs it: the report's headline then, and never a pass.
public struct UnobservedSuite: Codable, Sendable, Hashable {
    /// Why no test could be judged, in a sentence with the fix.
    public var reason: String
    /// The exit status of the binary's direct run.
    public var exitStatus: Int32
    /// The lines of its output that report a failure (`✗ …`, `… failed`, `error: …`).
    public var failures: [String]
    /// Its last lines of output, for a framework whose failures look like nothing above.
    public var lastLines: [String]

    /// Creates the record of an unobserved suite.
    public init(reason: String, exitStatus: Int32, failures: [String], lastLines: [String]) {
        self.reason = reason
        self.exitStatus = exitStatus
        self.failures = failures
        self.lastLines = lastLines
    }
}
