/// `litmus audit --since REF`: the tests that touch the lines changed since a git ref, and the report
/// limited to their findings.
///
/// A test touches the changes when its declaring file changed, or when the source lines it executes
/// alone (its per-test coverage) include a changed line. Without coverage (`--no-coverage`), only the
/// first holds: the report says so. The audit itself still runs the whole suite: whether a test is
/// isolated or repeatable depends on the tests around it.
public struct ChangedScope: Codable, Sendable, Hashable {
    /// The ref, as given.
    public var since: String
    /// The files changed since it (relative to the package), sorted.
    public var changedFiles: [String]
    /// The identifiers of the tests that touch them, sorted.
    public var tests: [String]
    /// Whether per-test coverage was used; without it only changed test files select tests.
    public var byCoverage: Bool
    /// How many tests ran alone, when only those that may touch the changes did (``AloneScope``);
    /// `nil` when every test ran alone.
    public var ranAlone: Int?
    /// Why every test ran alone (no earlier per-test lines in the build folder, `--mutation`); `nil`
    /// when only some did.
    public var everyTestAloneBecause: String?

    /// Creates a scope.
    public init(since: String, changedFiles: [String], tests: [String], byCoverage: Bool) {
        self.since = since
        self.changedFiles = changedFiles
        self.tests = tests
        self.byCoverage = byCoverage
    }

    /// The scope of `changes` among `tests`; `byCoverage` when the audit measured coverage.
    public static func of(_ changes: ChangedLines, tests: [TestReport], byCoverage: Bool) -> ChangedScope {
        let touching = tests.filter { touches(changes, file: $0.file, lines: $0.coveredLines) }
        return ChangedScope(
            since: changes.ref, changedFiles: changes.files.keys.sorted(), tests: touching.map(\.id).sorted(),
            byCoverage: byCoverage)
    }

    /// Whether a test declared in `file`, executing `lines` alone (`"12-18,22"` by file), touches `changes`.
    static func touches(_ changes: ChangedLines, file: String?, lines: [String: String]) -> Bool {
        if let file, changes.touches(file: file) { return true }
        return lines.contains { file, ranges in
            changes.touches(file: file) && lineRanges(ranges).contains { changes.touches(file: file, lines: $0) }
        }
    }

    /// `report` with only the findings (and notes) of the tests in scope, the findings of no test that point at a
    /// changed file (an uncovered file) or at no file, and the failing tests in scope; the verdicts and
    /// unmet thresholds decided again on those. Every test's measurements stay.
    public static func limit(_ report: AuditReport, to changes: ChangedLines) -> AuditReport {
        limit(report, to: changes, alone: nil)
    }

    /// `report` limited to `changes` (``limit(_:to:)``), saying which tests ran alone (`alone`).
    static func limit(_ report: AuditReport, to changes: ChangedLines, alone: AloneScope?) -> AuditReport {
        var scope = of(changes, tests: report.tests, byCoverage: report.coverage != nil)
        scope.ranAlone = alone?.tests?.count
        scope.everyTestAloneBecause = alone?.reason
        let inScope = Set(scope.tests)
        let findings = report.findings.filter { finding in
            guard let test = finding.test else { return finding.file.map(changes.touches(file:)) ?? true }
            return inScope.contains(test)
        }
        let judged = ReportAssembly.assemble(
            package: report.package, seed: report.seed, options: report.options, wallSeconds: report.wallSeconds,
            buildSeconds: report.buildSeconds, tests: report.tests, findings: findings, coverage: report.coverage,
            coverageProblem: report.verdicts.first { $0.letter == .thorough }?.notMeasured,
            mutation: report.mutation, failingTests: report.failingTests.filter(inScope.contains),
            timedOutRuns: report.timedOutRuns,
            quarantine: report.quarantine)
        // Everything else (the headline, the quarantine, the timed-out runs) stays as the audit made it.
        var limited = report
        limited.findings = judged.findings
        limited.failingTests = judged.failingTests
        limited.verdicts = judged.verdicts
        limited.unmetThresholds = judged.unmetThresholds
        limited.changedScope = scope
        let notes = (report.notes ?? []).filter { $0.test.map(inScope.contains) ?? true }
        limited.notes = notes.isEmpty ? nil : notes
        // A test that did not run alone lacks the evidence that it no longer flips.
        if let ranAlone = alone?.tests, var quarantine = limited.quarantine {
            let ran = report.tests.filter { ranAlone.contains($0.id) }
            quarantine.noLongerFlipping = quarantine.noLongerFlipping.filter { ran.contains(where: $0.names) }
            limited.quarantine = quarantine
        }
        return limited
    }

    /// The ranges of a per-test coverage entry: `"12-18,22"` is 12...18 and 22...22.
    package static func lineRanges(_ text: String) -> [ClosedRange<Int>] {
        text.split(separator: ",").compactMap { part in
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = bounds.first, let last = bounds.last, first <= last, bounds.count <= 2 else { return nil }
            return first...last
        }
    }
}
