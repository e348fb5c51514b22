import Foundation
import LitmusModel

/// `litmus history`'s text: what a history's last audits add up to (`HistorySummary`).
public struct HistoryTerminalReport: Sendable {
    /// Creates the renderer.
    public init() {}

    /// The text for `summary`.
    public func render(_ summary: HistorySummary) -> String {
        var lines: [String] = []
        lines.append(
            "History \(summary.file): \(summary.runsInFile) run\(summary.runsInFile == 1 ? "" : "s"); "
                + "the verdicts read the last \(summary.audits) audit\(summary.audits == 1 ? "" : "s") "
                + "(--last \(summary.window))")
        guard summary.audits > 0 else {
            lines.append("No audit recorded yet: litmus audit records each run here.")
            return lines.map(VisibleText.terminal).joined(separator: "\n") + "\n"
        }
        lines += Self.flakyLines(summary)
        lines += Self.findingLines(summary)
        lines += Self.adviceLines(summary)
        lines += Self.trendLines(summary)
        return lines.map(VisibleText.terminal).joined(separator: "\n") + "\n"
    }

    /// The flaky tests, each with its flip rate and first flip.
    private static func flakyLines(_ summary: HistorySummary) -> [String] {
        var lines: [String] = []
        let flaky = summary.flaky
        lines.append("")
        lines.append("Flaky tests (\(flaky.count)): outcome changes between identical runs on the same code")
        if flaky.isEmpty {
            lines.append("  none: \(summary.tests.reduce(0) { $0 + $1.trials }) pairs of identical runs, no flip")
        }
        for test in flaky {
            var line = "  \(test.test.rawValue): \(test.rateSentence)"
            if let first = test.firstFlip {
                line += test.newlyFlaky ? "; newly flaky since \(first.sentence)" : "; first flip at \(first.sentence)"
            }
            if test.quarantined { line += " [quarantined]" }
            lines.append(line)
        }
        return lines
    }

    /// The findings the audits add up to, by letter, and the notes.
    private static func findingLines(_ summary: HistorySummary) -> [String] {
        var lines: [String] = []
        lines.append("")
        lines.append("Findings the audits add up to (\(summary.findings.count)):")
        for letter in Letter.allCases {
            let findings = summary.findings.filter { $0.letter == letter }
            guard !findings.isEmpty else { continue }
            lines.append("  \(letter.rawValue) \(letter.word) (\(findings.count))")
            for finding in findings {
                let place = finding.location.map { " (\($0))" } ?? ""
                let quarantined = finding.quarantined == true ? " [quarantined]" : ""
                lines.append("    \(finding.kind.title)\(place)\(quarantined): \(finding.message)")
            }
        }
        if summary.findings.isEmpty { lines.append("  none") }
        if !summary.notes.isEmpty {
            lines.append("Notes (\(summary.notes.count)): remarks that fail no letter")
            for note in summary.notes {
                lines.append("    \(note.kind.title)\(note.location.map { " (\($0))" } ?? ""): \(note.message)")
            }
        }
        return lines
    }

    /// The slowest tests, and what the quarantine advice says: tests to add, tests to release, tests not yet
    /// run alone.
    private static func adviceLines(_ summary: HistorySummary) -> [String] {
        var lines: [String] = []
        let slowest = summary.tests.compactMap { test in test.medianMilliseconds.map { (test.test, $0) } }
            .sorted { $0.1 > $1.1 }.prefix(5)
        if !slowest.isEmpty {
            lines.append("")
            lines.append("Slowest (median over the audits):")
            for (test, milliseconds) in slowest {
                lines.append("  \(String(format: "%.1f", milliseconds)) ms  \(test.rawValue)")
            }
        }
        if !summary.quarantineAdvice.isEmpty {
            lines.append("")
            lines.append(
                "Quarantine: flip rate at or over \(String(format: "%.2f", summary.quarantineRate)); add to .litmus-quarantine:"
            )
            lines += summary.quarantineAdvice.map { "  \($0.line)" }
        }
        if !summary.releasable.isEmpty {
            lines.append("")
            lines.append(
                "Ready to release from .litmus-quarantine (held their last \(summary.releaseAfter) runs): "
                    + summary.releasable.map(\.rawValue).joined(separator: ", "))
        }
        if !summary.notYetAlone.isEmpty {
            lines.append("")
            lines.append(
                "Not yet run alone in these audits (\(summary.notYetAlone.count) of \(summary.tests.count) tests): their "
                    + "isolation checks come with the next quick audits or a full one.")
        }
        return lines
    }

    /// The last ten runs, a line each.
    private static func trendLines(_ summary: HistorySummary) -> [String] {
        var lines: [String] = []
        let recent = summary.trend.suffix(10)
        if recent.count > 1 {
            lines.append("")
            lines.append(
                "Trend (last \(recent.count) runs): date, commit, kind, suite s, line %, mutation %, flaky, quarantined"
            )
            for point in recent {
                let date: String = point.date.formatted(
                    .iso8601.year().month().day().time(includingFractionalSeconds: false))
                let commit: String = point.commit.map { String($0.prefix(8)) } ?? "-"
                let figures: [String] = [
                    Self.figure(point.suiteSeconds, "%.2f"), Self.figure(point.linePercent, "%.1f"),
                    Self.figure(point.mutationScore, "%.1f"), point.flakyTests.map(String.init) ?? "-",
                    point.quarantinedTests.map(String.init) ?? "-",
                ]
                let fields: [String] = [date, commit, point.kind.rawValue] + figures
                lines.append("  " + fields.joined(separator: "  "))
            }
        }
        return lines
    }

    private static func figure(_ value: Double?, _ format: String) -> String {
        value.map { String(format: format, $0) } ?? "-"
    }
}
