import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Suite runs side by side, from the groups of footprints the audit before kept", .tags(.endToEnd))
struct SideBySideEndToEndTests {
    /// The fixtures' options with four processes at once (`--jobs 4`): two per framework, so HiddenState's suite
    /// runs split on any machine.
    static var options: AuditOptions {
        var options = FixtureAudits.standard
        options.parallelism = 4
        return options
    }

    /// Audits HiddenState in its kept build folder after `change` rewrote the groups its last audit kept there;
    /// the kept file is put back afterwards.
    private func audit(keeping change: (inout SuiteGroups) -> Void) async throws -> AuditReport {
        // The fixture's shared audit keeps the groups of its footprints in the build folder.
        _ = try await FixtureAudits.shared.audit("HiddenState", options: FixtureAudits.hiddenState)
        let kept = try await FixtureAudits.kept("HiddenState")
        defer { kept.release() }
        let file = kept.buildFolder.appendingPathComponent(SuiteGroups.fileName)
        let original = try Data(contentsOf: file)
        defer { try? original.write(to: file, options: .atomic) }
        var groups = try JSONDecoder().decode(SuiteGroups.self, from: original)
        change(&groups)
        try groups.write(to: kept.buildFolder)
        return try await Audit(package: kept.package, options: Self.options, seed: 2026, buildFolder: kept.buildFolder)
            .run()
    }

    @Test("Kept groups split the suite runs into processes side by side, and every planted pair is still found")
    func splitFindsEveryPair() async throws {
        // Given: the groups the last audit kept, its run said to take ten seconds, each test as long as another
        // When: HiddenState is audited again with four processes at once
        let report = try await audit { groups in
            groups.wallSeconds = 10
            for id in groups.seconds.keys { groups.seconds[id] = 0.1 }
        }

        // Then: two processes per framework, and the same order dependences
        #expect(report.isolation?.sideBySide == SideBySide(processes: 2))
        #expect(report.orderDependences == IsolationEndToEndTests.planted)
        let sums = try #require(report.tests.first { $0.name == "HiddenStateTests.testI_sums" })
        #expect(sums.aloneOutcome == .notRun)
        #expect(report.isolation.map(\.sentence)?.contains("processes side by side per framework") == true)
    }

    @Test("Kept groups that no longer hold are found out: the suite runs run again, one process each")
    func brokenGroupsRunAgain() async throws {
        // Given: no group kept, and a polluter and its victim dealt to two processes by their times
        let report = try await audit { groups in
            groups.groups = []
            for id in groups.seconds.keys {
                let name = id.rawValue
                groups.seconds[id] =
                    name.hasSuffix("testA_welcomesAda") ? 10 : name.hasSuffix("testB_startsWithNoVisitors") ? 9 : 0.01
            }
            groups.wallSeconds = 10
        }

        // Then: the footprints of the split run meet across two processes, so the suite ran again whole
        let sideBySide = try #require(report.isolation?.sideBySide)
        #expect(sideBySide.processes == 1)
        #expect(sideBySide.brokenBecause?.contains("ran in two processes") == true, "\(sideBySide)")
        #expect(report.orderDependences == IsolationEndToEndTests.planted)
    }
}
