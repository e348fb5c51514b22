import Foundation
import LitmusMutation
import LitmusReport
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The reports made from two recorded runs, compared byte for byte with the ones checked in beside them:
/// what the judges and renderers make of the same observations stays as it was while the code that makes
/// it is moved and retyped. The recordings are the `--shard 1/1 --json` partial reports of an audit of
/// Tests/Fixtures/Planted (`--replay 42 --runs 3`) and of `litmus mutate` on Tests/Fixtures/Mutation,
/// their folder renamed to `/golden/…`; `litmus merge` makes the reports from them with no process run.
///
/// A change that means to change a report re-records them: `LITMUS_RECORD_GOLDEN=1 swift test --filter
/// GoldenOutputTests` writes the outputs, and the diff is read like any other change.
@Suite("Reports made from recorded runs are what they were")
struct GoldenOutputTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/golden")

    @Test("The audit of Planted: terminal, JSON and JUnit")
    func audit() async throws {
        // Given
        let partial = try Data(contentsOf: Self.folder.appendingPathComponent("planted.partial.json"))
        // When
        let report = try await AuditPartial.merge([("planted.partial.json", partial)])
        // Then
        try Self.compare(TerminalReport().render(report), "planted.terminal.txt")
        try Self.compare(String(decoding: try JSONReport().render(report), as: UTF8.self), "planted.report.json")
        try Self.compare(JUnitReport().render(report), "planted.junit.xml")
        #expect(report.findings.count == 19)
    }

    @Test("Every finding in the JSON report has the same keys, whatever its kind")
    func sameKeys() async throws {
        // Given: Planted's findings, of 13 kinds, some of no test (an uncovered file) or not quarantined.
        let partial = try Data(contentsOf: Self.folder.appendingPathComponent("planted.partial.json"))
        let report = try await AuditPartial.merge([("planted.partial.json", partial)])
        // When
        let json = try JSONSerialization.jsonObject(with: try JSONReport().render(report)) as? [String: Any]
        let findings = try #require(json?["findings"] as? [[String: Any]])
        // Then
        #expect(Set(findings.compactMap { $0["kind"] as? String }).count > 10)
        let keys = Set(findings.map { $0.keys.sorted() })
        #expect(
            keys == [
                [
                    "cause", "file", "fix", "hint", "ignored", "kind", "letter", "line", "message", "quarantined",
                    "test", "unconfirmed",
                ]
            ])
    }

    @Test("The mutation run of Mutation: terminal and Stryker JSON")
    func mutation() throws {
        // Given
        let partial = try Data(contentsOf: Self.folder.appendingPathComponent("mutation.partial.json"))
        // When
        let report = try MutationReport.merging([("mutation.partial.json", partial)])
        // Then
        try Self.compare(MutationTerminalReport().render(report), "mutation.terminal.txt")
        try Self.compare(String(decoding: try report.json(), as: UTF8.self), "mutation.stryker.json")
        #expect(report.stryker().files.values.map(\.mutants.count).reduce(0, +) == 24)
    }

    /// Compares `output`, this version's number masked, with the golden file `name`; records it instead
    /// under `LITMUS_RECORD_GOLDEN=1`.
    static func compare(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let masked = output.replacingOccurrences(of: "\"\(LitmusVersion.current)\"", with: "\"<version>\"")
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LITMUS_RECORD_GOLDEN"] == "1" {
            try Data(masked.utf8).write(to: file)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        guard masked != golden else { return }
        let ours = masked.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(ours.count, theirs.count)
        Issue.record(
            """
            \(name) differs from the golden file at line \(line + 1):
              golden: \(line < theirs.count ? String(theirs[line]) : "(end)")
              now:    \(line < ours.count ? String(ours[line]) : "(end)")
            (re-record with LITMUS_RECORD_GOLDEN=1 if the change is meant)
            """, sourceLocation: sourceLocation)
    }
}
