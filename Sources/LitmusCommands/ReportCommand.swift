import ArgumentParser
import Foundation
import LitmusReport
import LitmusSupport

/// `litmus report [AUDIT.json] [--mutation MUTATION.json] --html OUT.html`: the HTML report of saved JSON
/// reports, the same page `litmus audit --html` writes.
public struct ReportCommand: ParsableCommand {
    /// The command's name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the HTML report of a saved audit and mutation run (their --json files).",
        discussion: """
            One self-contained page (no network; it opens from disk): a verdict per FIRST letter, test \
            durations against the budget, flip rates, order dependence, coverage and mutation score per \
            file, and each file's source with its mutants and the lines tests executed (recorded by \
            litmus audit --html or --test-lines). docs/report.md describes it.
            """)

    /// The audit's JSON.
    @Argument(help: "An audit report written by `litmus audit --json FILE`.")
    public var audit: String?

    /// The mutation run's JSON.
    @Option(help: "A mutation report in Stryker's schema version 2 (`litmus mutate --json FILE`).")
    public var mutation: String?

    /// Where to write the page.
    @Option(help: "Write the HTML report to this file.")
    public var html: String

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Reads the reports and writes the page; a missing or corrupt report, or a page that cannot be
    /// written (checked first), exits 2, naming the file.
    public func run() throws {
        let output = OutputFile(flag: "--html", path: html)
        try AuditOutput.exitingOnOutputError(command: "litmus report") { try output.check() }
        let page: HTMLReport
        do {
            guard audit != nil || mutation != nil else { throw ReportFileError.nothingToRender }
            page = HTMLReport(
                auditJSON: try audit.map(ReportFile.audit(at:)),
                mutationJSON: try mutation.map(ReportFile.mutation(at:)))
        } catch let error as ReportFileError {
            throw CommandFailure.exit(error, command: "litmus report")
        }
        try AuditOutput.exitingOnOutputError(command: "litmus report") { try output.write(page.render()) }
    }
}
