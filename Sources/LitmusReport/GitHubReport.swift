import Foundation
import LitmusModel

/// An audit and a mutation run as GitHub Actions shows them on a pull request (`--github`, or under
/// `GITHUB_ACTIONS=true`; docs/ci.md): a workflow annotation per finding and per undetected mutant
/// (`::warning file=…,line=…,title=…::…`), an error per unmet threshold, and a Markdown summary for the
/// job's page (`$GITHUB_STEP_SUMMARY`).
public struct GitHubReport: Sendable {
    /// The audit, if any.
    public var audit: AuditReport?
    /// The mutation run, if any.
    public var mutation: StrykerReport?
    /// The least mutation score asked for (`--min-mutation-score`), if any.
    public var minimumMutationScore: Double?
    /// Put before each file's path to name it from the workspace (``SARIFReport/prefix(package:workingDirectory:)``).
    public var pathPrefix: String
    /// Where the HTML report can be downloaded (the workflow run's page, whose artifacts hold it), if any.
    public var reportLink: String?
    /// How many findings and mutants the summary lists, worst first.
    public var summaryLimit = 10

    /// A report of an audit and a mutation run.
    public init(
        audit: AuditReport?, mutation: StrykerReport?, minimumMutationScore: Double? = nil, pathPrefix: String = "",
        reportLink: String? = nil
    ) {
        self.audit = audit
        self.mutation = mutation
        self.minimumMutationScore = minimumMutationScore
        self.pathPrefix = pathPrefix
        self.reportLink = reportLink
    }

    /// The workflow run's page, from GitHub's variables (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`,
    /// `GITHUB_RUN_ID`), or nil when one is missing.
    public static func runLink(environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let run = environment["GITHUB_RUN_ID"], !server.isEmpty, !repository.isEmpty, !run.isEmpty
        else { return nil }
        return "\(server)/\(repository)/actions/runs/\(run)"
    }

    /// The mutation score in percent: detected over the mutants that compiled (Litmus's count: a timeout
    /// and a crash are detected), or nil with none.
    var mutationScore: Double? {
        guard let mutation else { return nil }
        let statuses = mutation.files.values.flatMap { $0.mutants.map(\.status) }
        let valid = statuses.filter { $0 != .compileError && $0 != .ignored && $0 != .pending }
        guard !valid.isEmpty else { return nil }
        let detected = valid.filter { $0 == .killed || $0 == .timeout || $0 == .runtimeError }
        return Double(detected.count) * 100 / Double(valid.count)
    }

    // MARK: Annotations

    /// The workflow commands, one a line: a warning per finding and undetected mutant at its file and
    /// line, then an error per unmet threshold.
    public func annotations() -> [String] {
        var lines: [String] = []
        for finding in audit?.findings ?? [] where finding.counts {
            lines.append(
                Self.command(
                    "warning", file: finding.file.map { pathPrefix + $0 }, line: finding.line,
                    title: "Litmus \(finding.letter.rawValue): \(finding.kind.title)",
                    message: "\(finding.message)\nFix: \(finding.fix)"))
        }
        if let mutation {
            for located in MutantRules.undetected(in: mutation) {
                let survived = located.mutant.status == .survived
                lines.append(
                    Self.command(
                        "warning", file: pathPrefix + located.path, line: located.mutant.location.start.line,
                        title: survived ? "Litmus T: Surviving mutant" : "Litmus T: Uncovered mutant",
                        message: MutantRules.message(located) + "\nFix: "
                            + (survived ? MutantRules.survivedFix : MutantRules.uncoveredFix)))
            }
        }
        for unmet in audit?.unmetThresholds ?? [] {
            lines.append(
                Self.command("error", file: nil, line: nil, title: "Litmus: threshold not met", message: unmet))
        }
        if let minimumMutationScore, let score = mutationScore, score < minimumMutationScore {
            lines.append(
                Self.command(
                    "error", file: nil, line: nil, title: "Litmus: mutation score under the minimum",
                    message: String(
                        format: "Mutation score %.1f%%, at least %.1f%% required", score, minimumMutationScore)
                ))
        }
        return lines
    }

    /// One workflow command, its properties and message escaped as the runner reads them.
    static func command(_ kind: String, file: String?, line: Int?, title: String, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=\(escapeProperty(file))") }
        if let line { properties.append("line=\(line)") }
        properties.append("title=\(escapeProperty(title))")
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// A message escaped: `%`, carriage return and line feed; any other control character shown as
    /// `\u{1B}` (``VisibleText/terminal(_:)``), since the job's log is a terminal's.
    static func escapeData(_ text: String) -> String {
        VisibleText.terminal(
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        )
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property escaped: as a message, and `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: Summary

    /// The Markdown summary: each letter's verdict, the thresholds, the worst findings; the mutation
    /// score and the first undetected mutants; where the HTML report is.
    public func summary() -> String {
        var text = ""
        if let audit {
            text +=
                "## Litmus audit: \(audit.unmetThresholds.isEmpty ? "all thresholds met" : "thresholds not met")\n\n"
            text += "| | letter | verdict | findings | summary |\n|---|---|---|---|---|\n"
            for verdict in audit.verdicts {
                text +=
                    "| \(verdict.letter.rawValue) | \(verdict.letter.word) | \(verdict.passed ? "✅ pass" : "❌ fail") "
                    + "| \(verdict.findings) | \(Self.cell(verdict.summary)) |\n"
            }
            if !audit.unmetThresholds.isEmpty {
                text += "\n**Not met:**\n\n" + audit.unmetThresholds.map { "- \($0)\n" }.joined()
            }
            let failing = Set(audit.verdicts.filter { !$0.passed }.map(\.letter))
            // Worst first: the findings of failing letters, then the others, each in FIRST's order.
            let worst = audit.findings.filter(\.counts).enumerated()
                .sorted { lhs, rhs in
                    let left = (failing.contains(lhs.element.letter) ? 0 : 1, lhs.element.letter, lhs.offset)
                    let right = (failing.contains(rhs.element.letter) ? 0 : 1, rhs.element.letter, rhs.offset)
                    return left < right
                }
                .map(\.element)
            if !worst.isEmpty {
                text += "\n### The worst findings (\(min(worst.count, summaryLimit)) of \(worst.count))\n\n"
                for finding in worst.prefix(summaryLimit) {
                    let place = finding.location.map { " `\(pathPrefix)\($0)`" } ?? ""
                    text +=
                        "- **\(finding.letter.rawValue) \(finding.kind.title)**\(place): \(Self.line(finding.message))\n"
                }
            }
            text += "\n"
        }
        if mutation != nil {
            let score = mutationScore.map { String(format: "%.1f%%", $0) } ?? "no mutant compiled"
            let minimum = minimumMutationScore.map { String(format: " (at least %.1f%% required)", $0) } ?? ""
            text += "## Litmus mutation testing: score \(score)\(minimum)\n\n"
            let undetected = mutation.map { MutantRules.undetected(in: $0) } ?? []
            if !undetected.isEmpty {
                text += "### Undetected mutants (\(min(undetected.count, summaryLimit)) of \(undetected.count))\n\n"
                for located in undetected.prefix(summaryLimit) {
                    let line = located.mutant.location.start.line
                    text += "- `\(pathPrefix)\(located.path):\(line)`: \(Self.line(MutantRules.message(located)))\n"
                }
            }
            text += "\n"
        }
        if let reportLink {
            text += "The HTML report is in the artifacts of [this workflow run](\(reportLink)).\n"
        }
        return text
    }

    /// Text for a table cell: no line breaks or bars.
    private static func cell(_ text: String) -> String {
        line(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text on one line, its other control characters shown (``VisibleText/terminal(_:)``).
    private static func line(_ text: String) -> String {
        VisibleText.terminal(text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " "))
    }
}
