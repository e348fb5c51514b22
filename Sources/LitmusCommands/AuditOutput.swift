import ArgumentParser
import Foundation
import LitmusAudit
import LitmusReport
import LitmusSupport

/// The outputs of an audit report, the same for `litmus audit` and for `litmus merge` of its shards
/// (terminal, JSON, JUnit, HTML), and a shard's partial report.
package enum AuditOutput {
    /// Prints `report` and writes the files asked for; the HTML page embeds `mutation` (every mutant of
    /// `--mutation`) whole, as `litmus report --mutation` does, its score bands from the report's least
    /// acceptable score, and the `history` the run was recorded in (its trend); `ci` writes SARIF and GitHub's annotations and summary of the report and its
    /// mutants. Each file is written whole or not at all (``OutputFile``); one that cannot be written is
    /// thrown (an ``OutputFileError`` or an ``OutputPaths/Problem``) after every other output is written.
    package static func emit(
        _ report: AuditReport, json: String?, junit: String?, html: String?, mutation: StrykerReport? = nil,
        history: HistorySummary? = nil, ci: CIReportOptions? = nil
    ) throws {
        let minimum = report.options.thresholds.minMutationScore
        var mutation = mutation
        mutation?.thresholds = StrykerReport.Thresholds(minimumScore: minimum > 0 ? minimum : nil)
        print(TerminalReport(colors: isatty(STDOUT_FILENO) == 1).render(report), terminator: "")
        let data = try JSONReport().render(report)
        if json == "-" { print(String(decoding: data, as: UTF8.self)) }
        var contents: [String: Data] = [:]
        if json != nil { contents["--json"] = data }
        if junit != nil { contents["--junit"] = Data(JUnitReport().render(report).utf8) }
        if html != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let mutationJSON = try mutation.map { try encoder.encode($0) }
            let historyJSON = try history?.json()
            contents["--html"] = Data(
                HTMLReport(auditJSON: data, mutationJSON: mutationJSON, historyJSON: historyJSON).render().utf8)
        }
        try afterAll {
            try writeAll(OutputFile.files([("--json", json), ("--junit", junit), ("--html", html)]), contents)
        } then: {
            guard let ci else { return }
            try ci.emit(
                audit: report, mutation: mutation, minimumMutationScore: minimum > 0 ? minimum : nil,
                package: report.package, html: html)
        }
    }

    /// Runs `first`, then `second` whether or not `first` threw, and throws the first error: the report
    /// files and the CI outputs are written independently, so one bad path costs no other output.
    static func afterAll(_ first: () throws -> Void, then second: () throws -> Void) throws {
        var failure: (any Error)?
        do { try first() } catch { failure = error }
        do { try second() } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    /// Checks every output file before any work (``OutputFile/check()``): a report that cannot be
    /// written is refused at once, not after the whole run.
    package static func check(_ flags: [(flag: String, path: String?)]) throws {
        for file in OutputFile.files(flags) { try file.check() }
    }

    /// Writes each of `files` its content in `contents` (by flag); throws the first failure after trying
    /// every file, so one bad path costs no other report.
    package static func writeAll(_ files: [OutputFile], _ contents: [String: Data]) throws {
        var failure: OutputFileError?
        for file in files {
            guard let data = contents[file.flag] else { continue }
            do {
                try file.write(data)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// Prints `error`'s message as `command: …` and exits 2 when it is an output that could not be
    /// written (an ``OutputFileError``, or an ``OutputPaths/Problem``: SARIF, GitHub's summary); rethrows
    /// anything else.
    package static func exitingOnOutputError<T>(command: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as OutputFileError {
            throw CommandFailure.exit(error, command: command)
        } catch let problem as OutputPaths.Problem {
            throw CommandFailure.exit(problem, command: command)
        }
    }

    /// Refuses, before any work, an output file that could not be written (`--json`, `--junit`, `--html`,
    /// `--sarif`, the GitHub summary): its message names it and the fix, on standard error as
    /// `command: message`, and the command exits 2.
    package static func checkOutputs(
        _ outputs: [(option: String, path: String?)], ci: CIReportOptions, command: String
    ) throws {
        try exitingOnOutputError(command: command) {
            try check(outputs.map { (flag: $0.option, path: $0.path) })
            try ci.check()
        }
    }

    /// Writes a shard's partial report to `json` (`-`: standard output) and says what to do with it.
    package static func write(_ partial: AuditPartial, json: String) throws {
        let data = try partial.json()
        if json == "-" {
            print(String(decoding: data, as: UTF8.self))
        } else {
            try OutputFile(flag: "--json", path: json).write(data)
            print(
                "This is shard \(partial.header.shard) of the audit: litmus merge the --json of every shard "
                    + "for the report.")
        }
    }

    /// The `--shard` value read, refusing what a shard cannot do: it writes its partial --json only, needs
    /// the seed every shard shares, and neither limits the report (`--since`) nor runs mutation testing.
    package static func shard(
        _ option: ShardOption, json: String?, junit: String?, html: String?, since: String?, replay: UInt64?,
        mutation: Bool, sarif: String? = nil
    ) throws -> Shard? {
        guard let shard = try option.shard() else { return nil }
        try option.requireJSON(json)
        guard junit == nil, html == nil, sarif == nil else {
            throw ValidationError(
                "--junit, --html and --sarif report the whole audit: give them to litmus merge, not to a shard.")
        }
        guard replay != nil else {
            throw ValidationError(
                "--shard needs --replay SEED, the same for every shard: the shards' random choices must agree.")
        }
        guard since == nil else {
            throw ValidationError("--since limits the merged report: litmus merge has no --since yet; drop it.")
        }
        guard !mutation else {
            throw ValidationError(
                "--mutation (and --min-mutation-score) run in litmus mutate --shard, not in an audit shard.")
        }
        return shard
    }
}
