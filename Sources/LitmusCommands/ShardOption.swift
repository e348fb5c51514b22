import ArgumentParser
import LitmusAudit

/// `--shard INDEX/COUNT`, the same for `litmus audit` and `litmus mutate`: this CI worker's share of the
/// run, written as a partial `--json` that `litmus merge` joins with the other shards' (docs/ci.md).
/// Each command refuses in its `validate()` what a shard of it cannot do.
public struct ShardOption: ParsableArguments {
    /// The share, as written.
    @Option(
        name: .customLong("shard"),
        help: ArgumentHelp(
            "Run shard INDEX of COUNT (1/3, 2/3, 3/3) and write a partial --json for litmus merge (docs/ci.md).",
            valueName: "index/count"))
    public var text: String?

    /// Creates the option (ArgumentParser fills it).
    public init() {}

    /// The share asked for, or `nil` for the whole run; a value that is no share is refused (exit 64).
    public func shard() throws -> Shard? {
        guard let text else { return nil }
        do {
            return try Shard(parsing: text)
        } catch let error as ShardError {
            throw ValidationError(error.description)
        }
    }

    /// Refuses `--shard` without `--json`: a shard's only output is its partial report.
    func requireJSON(_ json: String?) throws {
        guard text != nil, json == nil else { return }
        throw ValidationError("--shard writes a partial report: give --json FILE, and litmus merge the files.")
    }
}
