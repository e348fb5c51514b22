import ArgumentParser
import Foundation
import LitmusHistory
import LitmusModel
import LitmusReport
import LitmusSupport

/// `litmus history [FILE]`, `litmus history merge`, `litmus history add`: what the runs recorded in a
/// history add up to (docs/history.md).
public struct HistoryCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "What the audits recorded in a history add up to: flip rates, findings, quarantine advice, trends.",
        discussion: """
            litmus audit and litmus mutate record each run in a history (--history FILE, by default the \
            package's beside the build cache). Exit status: 0, or 2 when the history is missing or cannot be \
            read (naming the file and the fix). docs/history.md describes the verdicts.
            """,
        subcommands: [HistoryShowCommand.self, HistoryMergeCommand.self, HistoryAddCommand.self],
        defaultSubcommand: HistoryShowCommand.self)

    /// Creates the command (ArgumentParser fills it).
    public init() {}
}

/// Which history a `litmus history` verb reads: a file, or the default one of a package.
struct HistoryFileArgument: ParsableArguments {
    /// The file.
    @Argument(help: "The history file (default: the history of the package --package names).")
    var file: String?

    /// The package whose default history to read.
    @Option(help: "The package whose default history to read, when no file is given.")
    var package: String = "."

    /// The file to read.
    func url(command: String) throws -> URL {
        if let file { return URL(fileURLWithPath: file) }
        do {
            return try HistoryRecorder.defaultFile(for: URL(fileURLWithPath: package))
        } catch {
            throw CommandFailure.exit(error, command: command)
        }
    }
}

/// `litmus history [FILE]`: prints (or writes as JSON) what the last audits add up to.
public struct HistoryShowCommand: AsyncParsableCommand {
    /// The verb's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print what the history's last audits add up to (the default verb).")

    @OptionGroup var history: HistoryFileArgument

    /// The window.
    @Option(help: "Read the last N audits.")
    var last: Int = HistoryAnalysis.defaultWindow

    /// The quarantine threshold.
    @Option(help: "Advise quarantine for tests flipping at least this rate (0 to 1).")
    var quarantineRate: Double = HistoryAnalysis.defaultQuarantineRate

    /// The runs a quarantined test must hold.
    @Option(help: "A quarantined test that passed its last N runs is ready to release.")
    var releaseAfter: Int = HistoryAnalysis.defaultReleaseAfter

    /// Where to write JSON.
    @Option(help: "Write the summary as JSON to this file (- for standard output).")
    var json: String?

    /// Where to write the HTML page of the trend.
    @Option(help: "Write the HTML page of the trend, the flaky tests and the quarantine advice to this file.")
    var html: String?

    /// Creates the verb (ArgumentParser fills it).
    public init() {}

    /// Refuses a window or release count below 1 and a rate outside 0 to 1.
    public func validate() throws {
        if last < 1 { throw ValidationError("--last must be at least 1 (it is \(last))") }
        if releaseAfter < 1 { throw ValidationError("--release-after must be at least 1 (it is \(releaseAfter))") }
        if !(0...1).contains(quarantineRate) {
            throw ValidationError("--quarantine-rate must be from 0 to 1 (it is \(quarantineRate))")
        }
    }

    /// Prints the summary.
    public func run() async throws {
        let command = "litmus history"
        try AuditOutput.exitingOnOutputError(command: command) {
            for (flag, path) in [("--json", json), ("--html", html)] {
                if let path, path != "-" { try OutputFile(flag: flag, path: path).check() }
            }
        }
        let file = try history.url(command: command)
        let summary: HistorySummary
        do {
            summary = try HistoryRecorder(file: file).summary(
                window: last, quarantineRate: quarantineRate, releaseAfter: releaseAfter)
        } catch let error as HistoryError {
            FileHandle.standardError.write(Data("\(command): \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        try AuditOutput.exitingOnOutputError(command: command) {
            if let json {
                let data = try summary.json() + Data("\n".utf8)
                if json == "-" {
                    FileHandle.standardOutput.write(data)
                } else {
                    try OutputFile(flag: "--json", path: json).write(data)
                }
            }
            if let html {
                try OutputFile(flag: "--html", path: html).write(try HTMLReport(audit: nil, history: summary).render())
            }
        }
        if json != "-" { print(HistoryTerminalReport().render(summary), terminator: "") }
    }
}

/// `litmus history merge INTO FROM…`: joins the histories of shards and workers.
public struct HistoryMergeCommand: AsyncParsableCommand {
    /// The verb's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Add the runs of other histories (of CI shards or workers) to one, each run once.",
        discussion: """
            Every history that can be read is merged; each one that cannot (missing, damaged, not a history) \
            is named, and the exit status is then 2.
            """)

    /// The history to add to.
    @Argument(help: "The history to add the runs to (created if missing).")
    var into: String

    /// The histories to add.
    @Argument(help: "The histories whose runs to add.")
    var others: [String] = []

    /// Creates the verb (ArgumentParser fills it).
    public init() {}

    /// Refuses a merge of nothing.
    public func validate() throws {
        if others.isEmpty { throw ValidationError("Give the histories to add after \(into).") }
    }

    /// Adds the runs of every history that can be read; names each one that cannot, and then exits 2 (the
    /// others are merged all the same). A target that cannot be used stops the merge at once.
    public func run() async throws {
        let command = "litmus history merge"
        let target: HistoryStore
        do {
            target = try HistoryStore(file: URL(fileURLWithPath: into))
        } catch let error as HistoryError {
            FileHandle.standardError.write(Data("\(command): \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        var unread: [String] = []
        for other in others {
            do {
                guard FileManager.default.fileExists(atPath: other) else { throw HistoryError.missing(file: other) }
                let source = try HistoryStore(file: URL(fileURLWithPath: other))
                let added = try target.merge(source)
                print("Added \(added) run\(added == 1 ? "" : "s") of \(other) to \(into).")
            } catch let error as HistoryError {
                FileHandle.standardError.write(Data("\(command): \(error.description)\n".utf8))
                // Writing the target failed: the histories after this one would fail the same way.
                guard error.file != target.file.path else { throw ExitCode(2) }
                unread.append(other)
            }
        }
        guard unread.isEmpty else {
            let merged = others.count - unread.count
            FileHandle.standardError.write(
                Data(
                    ("\(command): \(unread.count) of \(others.count) histories could not be merged: "
                        + "\(unread.joined(separator: ", ")) (the \(merged) other\(merged == 1 ? " was" : "s were") "
                        + "merged into \(into)).\n").utf8))
            throw ExitCode(2)
        }
    }
}

/// `litmus history add REPORT.json…`: records audits' JSON reports (from `litmus audit --json` or
/// `litmus merge --json`) in a history, as if each had been recorded when it ran.
public struct HistoryAddCommand: AsyncParsableCommand {
    /// The verb's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record audits' JSON reports (litmus audit --json) in a history.")

    /// The reports.
    @Argument(help: "Audit reports written by litmus audit --json or litmus merge --json.")
    var reports: [String] = []

    /// The history.
    @Option(help: "The history to record them in (default: the history of the package each report names).")
    var history: String?

    /// Creates the verb (ArgumentParser fills it).
    public init() {}

    /// Records each report; a report that cannot be read, or a history that cannot be used, exits 2.
    public func run() async throws {
        let command = "litmus history add"
        for path in reports {
            let report: AuditReport
            do {
                report = try JSONDecoder().decode(AuditReport.self, from: try ReportFile.audit(at: path))
            } catch {
                throw CommandFailure.exit(error, command: command)
            }
            let package = URL(fileURLWithPath: report.package)
            do {
                let file = try history.map(URL.init(fileURLWithPath:)) ?? HistoryRecorder.defaultFile(for: package)
                let run = try await HistoryRecorder(file: file).record(report, package: package)
                print("Recorded \(path) (\(run.kind.rawValue), \(run.tests.count) tests) in \(file.path).")
            } catch let error as HistoryError {
                FileHandle.standardError.write(Data("\(command): \(error.description)\n".utf8))
                throw ExitCode(2)
            } catch {
                throw CommandFailure.exit(error, command: command)
            }
        }
    }
}
