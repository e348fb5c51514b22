import ArgumentParser
import Foundation
import LitmusMutation
import Testing

@testable import LitmusAudit
@testable import LitmusCommands
@testable import LitmusRunning

@Suite("litmus audit --mutation on the Mutation fixture", .tags(.endToEnd))
struct AuditMutationEndToEndTests {
    @Test("A mutation score under --min-mutation-score fails Thorough and exits 1; the next audit's copy is unmutated")
    func underMinimum() async throws {
        // Given: the Mutation fixture (it scores 73.9%), audited into a kept build folder
        let kept = try await FixtureAudits.kept("Mutation")
        let package = kept.package
        let buildFolder = kept.buildFolder
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-mutation-\(UUID().uuidString)")
        let json = scratch.appendingPathComponent("audit.json")
        let sarif = scratch.appendingPathComponent("audit.sarif")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            kept.release()
            try? FileManager.default.removeItem(at: scratch)
        }
        let before = try FixtureAudits.snapshot(package.deletingLastPathComponent())
        let sut = try AuditCommand.parse([
            package.path, "--mutation", "--min-mutation-score", "90", "--quiet", "--runs", "1",
            "--random-subsets", "0", "--build-path", buildFolder.path, "--json", json.path,
            "--html", scratch.appendingPathComponent("audit.html").path, "--sarif", sarif.path,
            // Speed is not what this test checks: a fixture test over 100 ms on a loaded machine would
            // fail Fast too (it did in 1 parallel run of 3 of the toolkit's own audit).
            "--budget-ms", "1000",
        ])

        // When
        await #expect(throws: ExitCode(1)) { try await sut.run() }

        // Then: the score is in the report, and it alone fails the audit
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json))
        let mutation = try #require(report.mutation)
        // litmus:ignore floatEquality the shown score is rounded to one decimal: the nearest Double to 73.9, exactly
        #expect(mutation.shownScore == 73.9)
        #expect(mutation.valid == 23 && mutation.compileError == 1)
        // With coverage on (the default), which tests reach each mutant is read from the audit's lines per
        // test (no second pass alone): it gives the statuses `litmus mutate`'s switches give (mutation.md).
        let counts = [mutation.killed, mutation.survived, mutation.noCoverage, mutation.timeout, mutation.runtimeError]
        #expect(counts == [13, 3, 3, 2, 2])
        #expect(
            report.unmetThresholds == ["Thorough: mutation score 73.9%, at least 90.0% required (minMutationScore)"])
        #expect(report.verdicts.first { $0.letter == .thorough }?.summary.contains("mutation score 73.9%") == true)
        // Every mutant reaches the page and SARIF: the page embeds them with the bands of the minimum score,
        // and each of the 3 survivors is a SARIF result.
        let page = try String(contentsOf: scratch.appendingPathComponent("audit.html"), encoding: .utf8)
        #expect(page.contains(#""mutatorName""#))
        #expect(page.contains(#""thresholds":{"high":90,"low":90}"#))
        let log = try String(contentsOf: sarif, encoding: .utf8)
        #expect(log.components(separatedBy: #""ruleId" : "survivedMutant""#).count - 1 == 3)
        // Each survivor's message carries its hint; the reach came from lines, so the tests covering the
        // survivors ran alone once more to count, and the closest one is named (mutation.md, hints).
        #expect(log.components(separatedBy: "still passed. No test ").count - 1 == 3)
        #expect(log.contains("Closest test: "))
        #expect(try FixtureAudits.snapshot(package.deletingLastPathComponent()) == before)
        // The mutants' processes ran the coverage build in the kept copy: their profiles went to the scratch
        let copyFolder = buildFolder.appendingPathComponent("package/Mutation")
        let copied = try FileManager.default.contentsOfDirectory(atPath: copyFolder.path)
        #expect(!copied.contains { $0.hasSuffix(".profraw") })

        // When: a plain audit in the same build folder
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        options.coverage = false
        options.budgetMilliseconds = 1000
        let plain = try await Audit(package: package, options: options, buildFolder: buildFolder).run()

        // Then: no mutation score, and the kept copy holds the package's own sources again
        #expect(plain.mutation == nil)
        #expect(plain.exitCode == 0)
        let source = "Sources/Ledger/Ledger.swift"
        let copy = buildFolder.appendingPathComponent("package/Mutation").appendingPathComponent(source)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: package.appendingPathComponent(source)))
        let support = try FileManager.default.contentsOfDirectory(
            atPath: buildFolder.appendingPathComponent("package/Mutation/Sources/Ledger").path)
        #expect(support == ["Ledger.swift"])
    }

    @Test(
        "With reach read from the audit's lines, a package whose tests lose LITMUS_MUTANT still stops at the sanity check"
    )
    func sanityStopFromLines() async throws {
        // Given: MutationUnreachable, whose test clears LITMUS_MUTANT (so no probe can stop it), audited
        // with coverage, so its line is known to run the mutated file
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        let kept = try await FixtureAudits.kept("MutationUnreachable")
        defer { kept.release() }
        var sut = Audit(package: kept.package, options: options, buildFolder: kept.buildFolder)
        sut.mutation = AuditMutation()

        // When / Then: the probe passes, the switches' own recording shows the test reached the file,
        // and the run stops naming both
        await #expect(throws: MutationError.probeSurvived(file: "Sources/Probe/Probe.swift", test: "doubles()")) {
            _ = try await sut.run()
        }
    }
}
