import ArgumentParser

/// `--html FILE`, the same for `litmus audit`, `litmus mutate` and `litmus merge`: the report as one
/// self-contained HTML page (docs/report.md), checked before any work and written whole or not at all.
public struct HTMLOption: ParsableArguments {
    /// The page's path, as written.
    @Option(
        name: .customLong("html"),
        help: ArgumentHelp(
            "Write the report as one self-contained HTML page to this file (docs/report.md).", valueName: "html"))
    public var path: String?

    /// Creates the option (ArgumentParser fills it).
    public init() {}
}
