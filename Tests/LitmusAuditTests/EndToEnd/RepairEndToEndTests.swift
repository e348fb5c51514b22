import ArgumentParser
import Foundation
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusCommands
@testable import LitmusRunning

@Suite("litmus audit --fixes on the Cleaners fixture", .tags(.endToEnd))
struct RepairEndToEndTests {
    @Test(
        "Verified patches fix a victim with a cleaner and a brittle test; a victim no test cleans is said so; git apply takes them"
    )
    func verifiedPatches() async throws {
        // Given: order-dependent tests with a cleaner, a state-setter, and a victim no test cleans
        let kept = try await FixtureAudits.kept("Cleaners")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-fixes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            kept.release()
            try? FileManager.default.removeItem(at: scratch)
        }
        let fixes = scratch.appendingPathComponent("fixes.diff")
        let json = scratch.appendingPathComponent("audit.json")
        let before = try FixtureAudits.snapshot(kept.package)
        let sut = try AuditCommand.parse([
            kept.package.path, "--fixes", fixes.path, "--json", json.path, "--quiet", "--replay", "7",
            "--build-path", kept.buildFolder.path, "--no-coverage", "--budget-ms", "1000", "--no-history",
        ])

        // When
        do { try await sut.run() } catch let exit as ExitCode { #expect(exit == ExitCode(1)) }

        // Then: each finding carries its search; only verified patches are offered
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json))
        func repair(_ test: String) -> Repair? { report.findings.first { $0.test?.rawValue == test }?.repair }
        let victim = try #require(repair("ShopTests.CartTests/testB_expectsAnEmptyCart"))
        #expect(victim.patch?.contains("+        cart.removeAll()") == true)
        #expect(victim.patch?.contains("pear") == false, "delta debugging keeps only the statement that matters")
        #expect(victim.summary.contains("the cleaner CartTests.testC_emptiesTheCart"))
        let brittle = try #require(repair("ShopTests.CartTests/testE_needsTheLocale"))
        #expect(brittle.patch?.contains("+        locale = \"fr_FR\"") == true)
        #expect(brittle.patch?.contains("expected") == false)
        #expect(brittle.summary.contains("the state-setter CartTests.testD_setsTheLocale"))
        let uncleaned = try #require(repair("ShopTests.VisitTests/testB_expectsNoVisits"))
        #expect(uncleaned.patch == nil)
        #expect(uncleaned.summary.hasPrefix("No cleaner"))
        #expect(uncleaned.builds > 0 && uncleaned.runs > 0 && uncleaned.seconds > 0)
        // The package was not written to
        #expect(try FixtureAudits.snapshot(kept.package) == before)

        // When: the patches are applied to a copy of the package, and its failing orders run
        let copy = try FixtureAudits.copy("Cleaners", into: scratch.appendingPathComponent("applied"))
        let git = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "apply", fixes.path], in: copy, timeout: 600)
        #expect(git.status == 0, "git apply: \(git.output)")
        let swift = try Toolchain.locate().swift
        let build = try await ChildProcess.run(
            swift, ["build", "--build-tests", "--package-path", copy.path], in: copy, timeout: 600)
        try #require(build.status == 0, "\(build.output)")
        let binary = copy.appendingPathComponent(".build/debug/ShopPackageTests.xctest")
        func run(_ tests: String) async throws -> ChildProcessResult {
            try await ChildProcess.run(binary, [tests], in: copy, timeout: 120)
        }
        let afterPolluter = try await run(
            "ShopTests.CartTests/testA_addsAnApple,ShopTests.CartTests/testB_expectsAnEmptyCart")
        let alone = try await run("ShopTests.CartTests/testE_needsTheLocale")
        let wholeClass = try await run("ShopTests.CartTests")

        // Then: every failing order of the patched tests passes
        #expect(afterPolluter.status == 0, "\(afterPolluter.output)")
        #expect(afterPolluter.output.contains("Executed 2 tests, with 0 failures"))
        #expect(alone.status == 0, "\(alone.output)")
        #expect(wholeClass.status == 0, "\(wholeClass.output)")
    }
}
