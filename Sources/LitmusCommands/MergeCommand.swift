import ArgumentParser
import Foundation
import LitmusAudit
import LitmusMutation

/// `litmus merge FILE...`: the report of a sharded run from the partial JSON of every shard (docs/ci.md).
public struct MergeCommand: AsyncParsableCommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Make one report of the partial reports of every shard of a sharded run (--shard i/n).",
        discussion: """
            Give the --json file of every shard of one run. The kind of run (litmus audit or litmus mutate) is \
            read from the files. The report is the one an unsharded run would have made: terminal, JSON, JUnit \
            (audit), HTML. Exit status: as litmus audit's or litmus mutate's, and 2 when the files are not the \
            shards of one run.
            """
    )

    /// The shards' partial reports.
    @Argument(help: "The partial JSON report of every shard.")
    public var files: [String] = []

    /// Where to write the merged JSON report.
    @Option(name: .long, help: "Write the merged report as JSON (Stryker's schema for mutation) to this file.")
    public var json: String?

    /// Where to write the JUnit report of a merged audit (shared with `litmus audit`).
    @OptionGroup public var junitFile: JUnitOption

    /// Where to write the HTML report (shared with `litmus audit` and `litmus mutate`).
    @OptionGroup public var htmlPage: HTMLOption

    /// SARIF, and GitHub's annotations and summary.
    @OptionGroup public var ci: CIReportOptions

    /// The history to record the merged run in: only when given, since a merge may run anywhere.
    @Option(
        name: .customLong("history"),
        help: ArgumentHelp(
            "Record the merged run in this history file (docs/history.md); without it, none.", valueName: "path"))
    public var history: String?

    /// The least acceptable mutation score.
    @OptionGroup var minimum: MinimumScoreOption
    public var minMutationScore: Double? { minimum.minMutationScore }

    /// Where to write the JUnit report of a merged audit: `--junit`.
    public var junit: String? {
        get { junitFile.path }
        set { junitFile.path = newValue }
    }

    /// Where to write the HTML report: `--html`.
    public var html: String? {
        get { htmlPage.path }
        set { htmlPage.path = newValue }
    }

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Runs it.
    public func run() async throws {
        try AuditOutput.checkOutputs(
            [("--json", json), ("--junit", junit), ("--html", html)], ci: ci, command: "litmus merge")
        do {
            let loaded = try files.map { file in (file: file, data: try Self.read(file)) }
            switch try Self.kind(of: loaded) {
            case .mutation:
                let report = try LitmusMutation.MutationReport.merging(loaded)
                if let history {
                    await recorder(history).recordMutation(
                        score: report.score, wallSeconds: report.wallSeconds,
                        package: URL(fileURLWithPath: report.package),
                        command: "litmus merge")
                }
                try MutationOutput.emit(
                    report, json: json, html: html, minMutationScore: minMutationScore, ci: ci, command: "litmus merge")
            case .audit:
                let report = try await AuditPartial.merge(loaded)
                var recorded: HistorySummary?
                if let history {
                    recorded = await recorder(history).record(
                        report, package: URL(fileURLWithPath: report.package), command: "litmus merge",
                        summarize: html != nil)
                }
                try AuditOutput.exitingOnOutputError(command: "litmus merge") {
                    try AuditOutput.emit(report, json: json, junit: junit, html: html, history: recorded, ci: ci)
                }
                if report.exitCode != 0 { throw ExitCode(report.exitCode) }
            }
        } catch let error as MergeError {
            throw CommandFailure.exit(error, command: "litmus merge")
        }
    }

    /// The `--history` of `litmus audit`, naming `file`.
    private func recorder(_ file: String) -> HistoryOption {
        var option = HistoryOption()
        option.path = file
        option.disabled = false
        return option
    }

    private static func read(_ file: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw MergeError.corrupt(file: file, reason: "it cannot be read")
        }
    }

    /// The kind of run the files come from (`audit`, `mutation`), which must be one.
    static func kind(of files: [(file: String, data: Data)]) throws -> ShardedRun {
        guard let first = files.first else { throw MergeError.noFiles }
        let kinds = try files.map { try kind(of: $0.data, file: $0.file) }
        if let other = zip(files, kinds).first(where: { $0.1 != kinds[0] }) {
            throw MergeError.mixedKinds(file: other.0.file, kind: other.1, other: first.file, otherKind: kinds[0])
        }
        return kinds[0]
    }

    /// The kind of run a shard's file comes from, from its `litmus` section.
    private static func kind(of data: Data, file: String) throws -> ShardedRun {
        // The kind as text first, so a kind this version does not know is named as such.
        struct Envelope: Decodable {
            struct Section: Decodable {
                struct Header: Decodable { var kind: String }
                var header: Header
            }
            var litmus: Section?
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
            guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                throw MergeError.corrupt(file: file, reason: "it is not JSON")
            }
            let reason =
                value is [String: Any]
                ? "its litmus section is not a shard's: its header cannot be read"
                : "it is JSON, but \(value is [Any] ? "an array" : "a single value"), not the object a --shard run writes"
            throw MergeError.corrupt(file: file, reason: reason)
        }
        guard let section = envelope.litmus else {
            throw MergeError.corrupt(file: file, reason: "it has no litmus section: a run without --shard wrote it")
        }
        guard let kind = ShardedRun(rawValue: section.header.kind) else {
            throw MergeError.corrupt(file: file, reason: "litmus merge does not know \(section.header.kind) shards")
        }
        return kind
    }
}
