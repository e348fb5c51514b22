import Foundation
import LitmusAudit
import LitmusAuditCommand
import Testing

@Suite("The audit command's options")
struct AuditCommandTests {
    @Test("Defaults: 3 runs, a 100 ms budget, coverage on, no finding allowed")
    func defaults() throws {
        let sut = try AuditCommand.parse(["/nowhere"])
        let options = try sut.resolvedOptions()
        #expect(options.runs == 3)
        #expect(options.budgetMilliseconds == 100)
        #expect(options.coverage)
        #expect(options.thresholds == AuditThresholds())
    }

    @Test("A configuration file sets options; flags win over it")
    func configurationAndFlags() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"runs": 5, "budgetMilliseconds": 20, "thresholds": {"maxFast": 2, "minLineCoverage": 75}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let sut = try AuditCommand.parse(["--config", file.path, "--runs", "4", "--max-isolated", "1", "--no-coverage"])
        let options = try sut.resolvedOptions()
        #expect(options.runs == 4)
        #expect(options.budgetMilliseconds == 20)
        #expect(options.thresholds.maxFast == 2)
        #expect(options.thresholds.maxIsolated == 1)
        #expect(options.thresholds.minLineCoverage == 75)
        #expect(!options.coverage)
    }

    @Test("A malformed configuration file is named in the error")
    func badConfiguration() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{runs: 5".write(to: file, atomically: true, encoding: .utf8)
        let sut = try AuditCommand.parse(["--config", file.path])
        let error = #expect(throws: AuditError.self) { try sut.resolvedOptions() }
        #expect(error?.description.contains(file.path) == true)
    }

    @Test("--replay takes the seed to replay")
    func replay() throws {
        #expect(try AuditCommand.parse(["--replay", "1234"]).seed == 1234)
    }
}
