import Foundation
import LitmusSupport

/// The report for people: a verdict per letter, the findings under each with `file:line` and the fix,
/// the slowest tests, coverage per file, and how to replay.
public struct TerminalReport: Sendable {
    /// Whether to colour the verdicts (ANSI), for a terminal.
    public var colors: Bool

    /// Creates a renderer.
    public init(colors: Bool = false) { self.colors = colors }

    /// The report as text.
    public func render(_ report: AuditReport) -> String {
        if let smells = report.smells { return renderSmells(report, smells) }
        var out = header(report)
        out.append("")
        out += verdictLines(report)
        out += details(report)
        out.append("")
        if report.unmetThresholds.isEmpty {
            out.append(paint("All thresholds met.", 32))
        } else {
            out.append(paint("Thresholds not met:", 31))
            out += report.unmetThresholds.map { shown("  - \($0)") }
        }
        let quick = report.quick.map { $0.replayFlags + " " } ?? ""
        out.append(
            shown(
                "Replay these random choices: litmus audit \(quick)--replay \(report.seed) \(Shell.quoted(report.package))"
            ))
        return out.joined(separator: "\n") + "\n"
    }

    /// What was audited and how: the package, its tests, the runs and the seed, the scope of `--since`, and
    /// a suite that was not observed.
    private func header(_ report: AuditReport) -> [String] {
        var out: [String] = []
        let seconds = String(format: "%.1f", report.wallSeconds)
        out.append(shown("litmus audit \(report.package)"))
        out.append(
            "\(report.tests.count) tests (\(count(report, .xctest)) XCTest, \(count(report, .swiftTesting)) Swift Testing), "
                + (report.quick.map { "quick audit (\($0.shareName)), " } ?? "")
                + "\(report.options.runs) run\(report.options.runs == 1 ? "" : "s"), seed \(report.seed), \(seconds) s (build \(String(format: "%.1f", report.buildSeconds)) s)"
        )
        if let conduct = report.conduct { out.append(shown("How it ran: \(conduct.sentence)")) }
        if let quick = report.quick { out.append(quick.sentence) }
        if let isolation = report.isolation { out.append(isolation.sentence) }
        if let scope = report.changedScope {
            let basis =
                scope.byCoverage ? "changed test files and per-test coverage" : "changed test files only (no coverage)"
            out.append(
                shown(
                    "Since \(scope.since): findings of the \(scope.tests.count) tests touching \(scope.changedFiles.count) "
                        + "changed files (by \(basis))"))
            if let ran = scope.ranAlone {
                let why =
                    scope.byCoverage
                    ? "by the lines they executed alone in an earlier audit here, they touch no change"
                    : "their files did not change"
                out.append(
                    shown("Ran \(ran) of \(report.tests.count) tests alone: the others are out of scope (\(why))"))
            } else if let reason = scope.everyTestAloneBecause {
                out.append(shown("Ran every test alone: \(reason)"))
            }
        }
        if let unobserved = report.unobservedSuite {
            out.append("")
            out += headline(unobserved)
        }
        return out
    }

    /// A line per letter, its findings and notes under it.
    private func verdictLines(_ report: AuditReport) -> [String] {
        var out: [String] = []
        for verdict in report.verdicts {
            let mark =
                report.tests.isEmpty
                ? paint("NO TESTS", 31)
                : verdict.notMeasured != nil
                    ? paint("NOT MEASURED", 31) : verdict.passed ? paint("PASS", 32) : paint("FAIL", 31)
            out.append(
                "\(verdict.letter.rawValue)  \(verdict.letter.word.padding(toLength: 16, withPad: " ", startingAt: 0))\(mark)  \(shown(verdict.summary))"
            )
            out += findingLines(report.findings(for: verdict.letter))
            out += noteLines(report, verdict.letter)
        }
        return out
    }

    /// The notes of `letter`: remarks that fail no letter, each on a line with its place.
    private func noteLines(_ report: AuditReport, _ letter: Letter) -> [String] {
        (report.notes ?? []).filter { $0.letter == letter }.map {
            shown("     note: \($0.message)" + ($0.location.map { "  [\($0)]" } ?? ""))
        }
    }

    /// The slowest tests, coverage per file, the failing tests, the runs that timed out and the
    /// quarantine.
    private func details(_ report: AuditReport) -> [String] {
        var out: [String] = []
        // A test that never finished a suite run (it hung, or never started) has no duration to show.
        let slowest = report.tests.filter { !$0.durationsMilliseconds.isEmpty }.sorted {
            $0.medianMilliseconds > $1.medianMilliseconds
        }.prefix(report.options.slowestCount)
        if !slowest.isEmpty {
            out.append("")
            out.append("Slowest tests (median of the suite runs):")
            for test in slowest {
                out.append("  \(String(format: "%8.1f", test.medianMilliseconds)) ms  \(shown(test.name))")
            }
        }
        if let coverage = report.coverage, !coverage.files.isEmpty {
            out.append("")
            out.append("Coverage of the sources: lines \(coverage.linePercent)%, regions \(coverage.regionPercent)%")
            for file in coverage.files {
                let percent = file.lines == 0 ? 100 : Double(file.coveredLines) / Double(file.lines) * 100
                out.append(
                    "  \(String(format: "%5.1f", percent))%  \(file.coveredLines)/\(file.lines) lines  \(shown(file.file))"
                )
            }
        }
        if !report.failingTests.isEmpty {
            out.append("")
            out.append(
                shown("Failing on every run and alone: " + report.failingTests.map(\.rawValue).joined(separator: ", ")))
        }
        if !report.timedOutRuns.isEmpty {
            out.append("")
            out += timeouts(report)
        }
        if let quarantine = report.quarantine {
            out.append("")
            out += Self.quarantine(quarantine).map(shown)
        }
        return out
    }

    /// The report of `litmus smells`: what it read, the verdicts of the letters its checks judge with
    /// their findings and fixes, and the thresholds.
    private func renderSmells(_ report: AuditReport, _ smells: SmellsScope) -> String {
        var out = [
            shown("litmus smells \(smells.paths.map(Shell.quoted).joined(separator: " "))"),
            "\(smells.tests) tests in \(smells.files) Swift files, read in \(String(format: "%.1f", report.wallSeconds)) s; "
                + (smells.typedBuild.map {
                    "no test was run (the static checks of litmus audit, decided on the compiler's types of the build in "
                        + "\(Shell.quoted($0)))"
                } ?? "no test was built or run (the static checks of litmus audit)"),
        ]
        if report.findings.contains(where: { $0.unconfirmed != nil }) {
            out.append(
                smells.typedBuild == nil
                    ? "Findings marked (unconfirmed) are read from the syntax alone: nothing was built, and `litmus audit` "
                        + "(or `litmus smells --typed` after a build) decides them with the compiler's types"
                    : "Findings marked (unconfirmed) are read from the syntax alone: the compiler's types of their files "
                        + "could not be read from the build (the note under S says why)")
        }
        out.append("")
        for verdict in report.verdicts {
            let mark = verdict.passed ? paint("PASS", 32) : paint("FAIL", 31)
            out.append(
                "\(verdict.letter.rawValue)  \(verdict.letter.word.padding(toLength: 16, withPad: " ", startingAt: 0))\(mark)  \(shown(verdict.summary))"
            )
            out += findingLines(report.findings(for: verdict.letter))
            out += noteLines(report, verdict.letter)
        }
        out.append("")
        if report.unmetThresholds.isEmpty {
            out.append(paint("All thresholds met.", 32))
        } else {
            out.append(paint("Thresholds not met:", 31))
            out += report.unmetThresholds.map { shown("  - \($0)") }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Each finding on a line with its place, then each fix once, in the kinds' order.
    private func findingLines(_ findings: [Finding]) -> [String] {
        var out: [String] = []
        for finding in findings {
            out.append(
                shown("     - \(Self.marks(finding))\(finding.message)" + (finding.location.map { "  [\($0)]" } ?? "")))
            out += repairLines(finding.repair).map(shown)
        }
        // Each fix once, in the kinds' order: most are the kind's, some are a finding's own.
        let fixes = findings.map { ($0.kind, $0.fix) }
        for kind in FindingKind.allCases {
            var listed: Set<String> = []
            for (found, fix) in fixes where found == kind && listed.insert(fix).inserted {
                out.append(shown("       fix (\(kind.rawValue)): \(fix)"))
            }
        }
        return out
    }

    /// A finding's search for its fix (`--fixes`): the patch's summary and added lines, or why there is none.
    private func repairLines(_ repair: Repair?) -> [String] {
        guard let repair else { return [] }
        let cost =
            "\(repair.runs) run\(repair.runs == 1 ? "" : "s"), \(repair.builds) build\(repair.builds == 1 ? "" : "s"), "
            + String(format: "%.1f s", repair.seconds)
        var lines = ["       \(repair.patch == nil ? "no patch" : "patch"): \(repair.summary) (\(cost))"]
        for line in (repair.patch ?? "").split(separator: "\n") where line.hasPrefix("+") && !line.hasPrefix("+++") {
            lines.append("         \(line)")
        }
        return lines
    }

    /// What a finding that counts against no letter is: `(quarantined) `, `(hint) `, `(ignored: reason) `.
    static func marks(_ finding: Finding) -> String {
        (finding.quarantined == true ? "(quarantined) " : "") + (finding.hint ? "(hint) " : "")
            + (finding.ignored.map { "(ignored: \($0)) " } ?? "") + (finding.unconfirmed == nil ? "" : "(unconfirmed) ")
    }

    /// Why no test was judged, and what the binary did when run as `swift test` would.
    private func headline(_ unobserved: UnobservedSuite) -> [String] {
        var lines = [paint("NO TEST OBSERVED: ", 31) + shown(unobserved.reason)]
        let printed = unobserved.failures.isEmpty ? unobserved.lastLines : unobserved.failures
        let what = unobserved.failures.isEmpty ? "its last lines" : "the failures it printed"
        lines.append(
            "Run once as swift test would: exit status \(unobserved.exitStatus)" + (printed.isEmpty ? "" : "; \(what):")
        )
        lines += printed.map { shown("  \($0)") }
        return lines
    }

    /// The quarantined tests, and the entries of `.litmus-quarantine` that can go.
    static func quarantine(_ quarantine: QuarantineReport) -> [String] {
        var lines = [
            "Quarantined (\(Quarantine.fileName)): \(quarantine.tests.count) test\(quarantine.tests.count == 1 ? "" : "s"), "
                + "run and reported, counted against no letter"
        ]
        for entry in quarantine.noLongerFlipping {
            lines.append("  - remove from quarantine (line \(entry.line)): \(entry.selector) no longer flips")
        }
        for entry in quarantine.unknown {
            lines.append(
                "  - remove from quarantine (line \(entry.line)): \(entry.selector) names no test of the package")
        }
        return lines
    }

    /// The test processes killed at the time limit, each with the tests it left undone.
    private func timeouts(_ report: AuditReport) -> [String] {
        let names = Dictionary(report.tests.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let listed = { (ids: [TestID]) in ids.map { names[$0] ?? $0.rawValue }.joined(separator: ", ") }
        let timeout = report.options.timeoutSeconds
        let limits = Set(report.timedOutRuns.map { $0.limit(timeout: timeout) })
        let limit = limits.count == 1 ? limits.first! : "its time limit"
        var lines = [
            paint(
                "Timed out: \(report.timedOutRuns.count) test process\(report.timedOutRuns.count == 1 ? "" : "es") ran past "
                    + "\(limit) and \(report.timedOutRuns.count == 1 ? "was" : "were") killed; "
                    + "the audit is incomplete (exit 3):", 31)
        ]
        for run in report.timedOutRuns {
            var line = "  - \(run.run)" + (run.seed.map { " (seed \($0))" } ?? "") + ", \(run.library.rawValue)"
            if limits.count > 1 { line += ", killed at \(run.limit(timeout: timeout))" }
            if !run.unfinished.isEmpty { line += "; unfinished: \(listed(run.unfinished))" }
            if !run.notStarted.isEmpty { line += "; never started: \(listed(run.notStarted))" }
            lines.append(shown(line))
        }
        return lines
    }

    private func count(_ report: AuditReport, _ library: TestLibrary) -> Int {
        report.tests.filter { $0.library == library }.count
    }

    /// Text from the tests (names, messages, what they printed) with its control characters shown, never
    /// sent to the terminal (``VisibleText/terminal(_:)``): only ``paint(_:_:)`` writes escape sequences.
    private func shown(_ text: String) -> String { VisibleText.terminal(text) }

    private func paint(_ text: String, _ code: Int) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
