import ArgumentParser
import Foundation
import LitmusAudit

/// `--since REF`, the same for `litmus audit` and `litmus mutate`: only what the changes since a git ref
/// touch, the working tree's uncommitted changes and untracked files included (``ChangedLines``). The
/// audit keeps the findings of the tests touching changed files; mutation makes only the mutants on
/// changed lines.
public struct SinceOption: ParsableArguments {
    /// The git ref, as written.
    @Option(
        name: .customLong("since"),
        help: ArgumentHelp(
            "Only what changed since this git ref, uncommitted changes and untracked files included: the "
                + "findings of the tests touching it (audit), the mutants on its lines (mutate).",
            valueName: "since"))
    public var ref: String?

    /// Creates the option (ArgumentParser fills it).
    public init() {}

    /// The lines of `package` changed since the ref, or `nil` without `--since`.
    public func lines(in package: URL) async throws -> ChangedLines? {
        guard let ref else { return nil }
        return try await ChangedLines.since(ref, in: package)
    }
}
