import Foundation

/// The report for a terminal: the counts, the score per file, and every surviving mutant as
/// `file:line` with the code as written beside the mutant's, and its hint (``SurvivorHint``).
public struct MutationTerminalReport: Sendable {
    /// Creates the renderer.
    public init() {}

    /// The text.
    public func render(_ report: MutationReport) -> String {
        var lines: [String] = []
        let total = report.results.count
        lines.append(
            "Mutation testing of \(report.package): \(counted(total, "mutant")) in \(counted(report.sources.count, "file")), "
                + "\(counted(report.tests.count, "test")), \(seconds(report.wallSeconds)) (build \(seconds(report.buildSeconds)))"
        )
        let counts = MutantStatus.assigned.map { "\($0.rawValue) \(report.count($0))" }
        lines.append("  " + counts.joined(separator: ", "))
        let ran = report.results.filter { $0.status != .compileError }.count
        lines.append(
            "  Reused from the last run: \(report.reused) of \(ran) results (docs/mutation.md, incremental runs)")
        if let since = report.since { lines.append("  Only the mutants on lines changed since \(since)") }
        for note in report.notes { lines.append("  note: \(note)") }
        lines.append("")
        lines.append("Score per file (detected / mutants that compiled):")
        for path in report.sources.keys.sorted() {
            let results = report.results.filter { $0.mutant.file == path }
            let valid = results.filter { $0.status != .compileError }
            let detected = valid.filter(\.status.isDetected).count
            lines.append(
                "  \(percent(MutationReport.score(of: results)).padding(toLength: 7, withPad: " ", startingAt: 0))"
                    + "\(path) (\(detected)/\(valid.count))")
        }
        let survivors = report.results.filter { $0.status == .survived || $0.status == .noCoverage }
        if !survivors.isEmpty {
            lines.append("")
            lines.append("Surviving mutants (no test noticed them):")
            for result in survivors {
                let mutant = result.mutant
                let replacement = mutant.replacement.isEmpty ? "(removed)" : mutant.replacement
                let why = result.status == .noCoverage ? "  [no test reaches it]" : ""
                lines.append(
                    "  \(mutant.file):\(mutant.start.line):\(mutant.start.column)  \(mutant.mutationOperator.rawValue)\(why)"
                )
                lines.append("      - \(oneLine(mutant.original))")
                lines.append("      + \(oneLine(replacement))")
                if let hint = result.hint?.text ?? result.reason { lines.append("      hint: \(hint)") }
            }
        }
        let rejected = report.results.filter { $0.status == .compileError }
        if !rejected.isEmpty {
            lines.append("")
            lines.append("Mutants the compiler rejected (left out of the score):")
            for result in rejected {
                let mutant = result.mutant
                lines.append(
                    "  \(mutant.file):\(mutant.start.line)  \(oneLine(mutant.original)) -> \(oneLine(mutant.replacement)): "
                        + (result.reason ?? "no message"))
            }
        }
        lines.append("")
        lines.append("Mutation score: \(percent(report.score))")
        return lines.joined(separator: "\n") + "\n"
    }

    private func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        return flat.count > 100 ? String(flat.prefix(97)) + "..." : flat
    }

    private func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }

    private func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }

    /// `1 mutant`, `2 mutants`.
    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
