import ArgumentParser

/// `--junit FILE`, the same for `litmus audit` and `litmus merge` of its shards: the audit report as JUnit
/// XML, checked before any work and written whole or not at all.
public struct JUnitOption: ParsableArguments {
    /// The file's path, as written.
    @Option(
        name: .customLong("junit"),
        help: ArgumentHelp("Write the audit report as JUnit XML to this file.", valueName: "junit"))
    public var path: String?

    /// Creates the option (ArgumentParser fills it).
    public init() {}
}
