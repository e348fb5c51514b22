import ArgumentParser
import LitmusAudit

/// `--jobs N`, the same for `litmus audit` and `litmus mutate`: how many test processes run at once,
/// 0 (the default) for one per core. Its help and its range are the audit's setting's
/// (``AuditOptions/parallelism``), so both commands refuse a negative count while the command line is
/// read (exit 64).
public struct JobsOption: ParsableArguments {
    /// The count asked for; `nil` when not given (the audit's configuration file, or one per core).
    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(AuditOptions.parallelism.help, valueName: "jobs"),
        transform: JobsOption.count(_:))
    public var count: Int?

    /// Creates the option (ArgumentParser fills it).
    public init() {}

    /// Refuses a count out of the setting's range, naming the flag.
    public func validate() throws { try Self.check(count, flag: "--jobs") }

    /// Refuses `count` when the audit's setting would, as `flag …`.
    static func check(_ count: Int?, flag: String) throws {
        guard let count else { return }
        var options = AuditOptions()
        options.parallelism = count
        if let problem = AuditOptions.parallelism.problem(options) { throw ValidationError("\(flag) \(problem)") }
    }

    /// A count as written, or the error naming the flag and what it takes.
    static func count(_ text: String) throws -> Int {
        guard let count = Int(text) else {
            throw ValidationError("--jobs takes \(AuditOptions.parallelism.valueText), not \(text)")
        }
        return count
    }
}
