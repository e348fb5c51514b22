import ArgumentParser
import Foundation
import LitmusMutation
import LitmusReport
import LitmusSupport

/// The outputs of a mutation report, the same for `litmus mutate` and for `litmus merge` of its shards:
/// the terminal text, the Stryker JSON, the HTML page, and the exit status under the minimum score.
enum MutationOutput {
    /// Prints and writes `report` (`ci`: SARIF, GitHub's annotations and summary; not for a shard's
    /// partial report); exits 1 when its score is under `minMutationScore`, 2 when a file cannot be written.
    static func emit(
        _ report: LitmusMutation.MutationReport, json: String?, html: String?, minMutationScore: Double?,
        ci: CIReportOptions, command: String
    ) throws {
        print(MutationTerminalReport().render(report), terminator: "")
        if let partial = report.partial {
            print(
                "This is shard \(partial.header.shard) of the run (\(report.results.count) of "
                    + "\(partial.mutantIDs.count) mutants): litmus merge the --json of every shard for the report.")
        }
        let schema = try report.json(minimumScore: minMutationScore)
        // The page is made from the same JSON, so it shows nothing the JSON lacks. Each file is written
        // whole or not at all; one that cannot be written exits 2, naming it.
        var contents = ["--json": schema]
        if html != nil { contents["--html"] = Data(HTMLReport(auditJSON: nil, mutationJSON: schema).render().utf8) }
        try AuditOutput.exitingOnOutputError(command: command) {
            try AuditOutput.afterAll {
                try AuditOutput.writeAll(OutputFile.files([("--json", json), ("--html", html)]), contents)
            } then: {
                guard report.partial == nil else { return }
                try ci.emit(
                    audit: nil, mutation: report.stryker(), minimumMutationScore: minMutationScore,
                    package: report.package, html: html)
            }
        }
        if let minMutationScore, report.score < minMutationScore {
            print(String(format: "Under the minimum mutation score of %.1f%%.", minMutationScore))
            throw ExitCode(1)
        }
    }
}
