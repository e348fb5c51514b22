import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// A run that could not measure never passes: coverage asked for and not measured (a full temporary
/// folder, a merge that failed) is a Thorough verdict "not measured: <reason>" and exit code 2, the same
/// rule as "never PASS on nothing".
@Suite("Never PASS on what was not measured")
struct NotMeasuredTests {
    private func report(coverage: CoverageReport?, problem: String?) -> AuditReport {
        let test = TestReport(
            id: "M.CartTests/testTotal", name: "CartTests.testTotal", library: .xctest,
            file: "Tests/MTests/CartTests.swift", line: 12, suiteOutcomes: [.passed, .passed, .passed],
            aloneOutcome: .passed, durationsMilliseconds: [2, 2, 2], medianMilliseconds: 2, flipRate: 0, issues: [],
            coveredLines: [:])
        return ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: [test],
            findings: [], coverage: coverage, coverageProblem: problem, failingTests: [])
    }

    private let full = "the test processes wrote no coverage profile in /tmp/x/profiles: no space left on its disk"

    @Test("Coverage that could not be measured fails Thorough with the reason, and the exit code is 2")
    func coverageNotMeasured() {
        // When
        let sut = report(coverage: nil, problem: full)

        // Then
        let thorough = sut.verdicts.last
        #expect(thorough?.passed == false)
        #expect(thorough?.notMeasured == full)
        #expect(thorough?.summary == "not measured: \(full)")
        #expect(sut.exitCode == 2)
        #expect(sut.unmetThresholds == ["Thorough: coverage could not be measured: \(full)"])
    }

    @Test("The terminal shows NOT MEASURED and the reason, never PASS, and JUnit fails a case for it")
    func renderedNotMeasured() {
        // Given
        let sut = report(coverage: nil, problem: full)

        // When
        let text = TerminalReport().render(sut)
        let xml = JUnitReport().render(sut)

        // Then
        #expect(text.contains("T  Thorough        NOT MEASURED  not measured: \(full)"))
        #expect(!text.contains("T  Thorough        PASS"))
        #expect(xml.contains(#"name="not measured Thorough" time="0"><failure message="\#(full)"/>"#))
    }

    @Test("Coverage left out on purpose (--no-coverage) is no fault: Thorough passes, exit code 0")
    func coverageNotAskedFor() {
        // When
        let sut = report(coverage: nil, problem: nil)

        // Then
        #expect(sut.verdicts.last?.passed == true)
        #expect(sut.verdicts.last?.notMeasured == nil)
        #expect(sut.exitCode == 0)
    }

    @Test("With no test, every letter is not measured and the exit code is 2, as before")
    func noTests() {
        // When
        let sut = ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: [],
            findings: [], coverage: nil, failingTests: [])

        // Then
        #expect(sut.verdicts.map(\.notMeasured) == Array(repeating: ReportAssembly.noTests, count: 5))
        #expect(sut.exitCode == 2)
    }

    @Test("A report limited to a change (--since) keeps Thorough not measured, and exit code 2")
    func sinceKeepsNotMeasured() {
        // Given
        let changes = ChangedLines(ref: "HEAD~1", files: ["Sources/M/Cart.swift": .lines([30])])

        // When
        let sut = ChangedScope.limit(report(coverage: nil, problem: full), to: changes)

        // Then
        #expect(sut.verdicts.last?.notMeasured == full)
        #expect(sut.exitCode == 2)
    }

    @Test("The reason survives the JSON report, so litmus report and merge read it back")
    func jsonKeepsReason() throws {
        // Given
        let sut = report(coverage: nil, problem: full)

        // When
        let decoded = try JSONDecoder().decode(AuditReport.self, from: try JSONReport().render(sut))

        // Then
        #expect(decoded.verdicts.last?.notMeasured == full)
        #expect(decoded.exitCode == 2)
    }
}

/// The coverage stage says why it measured nothing, instead of a bare "coverage not measured".
@Suite("Coverage that cannot be measured says why", .tags(.endToEnd))
struct CoverageProblemTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-coverage-\(UUID())")

    /// A coverage stage whose tools are the scripts given (shell text), over a scratch folder in `folder`.
    private func stage(profdata: String = "exit 0", cov: String = "exit 0") throws -> CoverageStage {
        let tools = folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        func tool(_ name: String, _ body: String) throws -> URL {
            let url = tools.appendingPathComponent(name)
            try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url
        }
        let scratch = folder.appendingPathComponent("runs")
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let binary = TestBinary(
            executable: URL(fileURLWithPath: "/bin/true"), workingDirectory: folder, scratch: scratch, timeout: 600)
        return CoverageStage(
            profdata: try tool("llvm-profdata", profdata), cov: try tool("llvm-cov", cov), binary: binary, logs: logs,
            paths: PathMap(copy: folder.path, original: "/pkg"), sourceFolders: ["Sources"], width: 1,
            progress: { _ in })
    }

    private let observations = Observations(tests: [], suiteRuns: [], alone: [:])

    @Test("No profile written: the problem names the folder the test processes were to write in")
    func noProfile() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try stage()

        // When
        let measured = try await sut.measure(observations, checks: [:], testLines: false)

        // Then
        #expect(measured.coverage == nil)
        #expect(measured.problem == "the test processes wrote no coverage profile in \(folder.path)/runs/profiles")
    }

    @Test("A merge that fails: the problem gives llvm-profdata's exit status and its error line")
    func mergeFails() async throws {
        // Given: a profile, and an llvm-profdata that runs out of space
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try stage(profdata: "echo 'error: all.profdata: No space left on device' >&2; exit 1")
        try Data("x".utf8).write(to: folder.appendingPathComponent("runs/profiles/1.profraw"))

        // When
        let measured = try await sut.measure(observations, checks: [:], testLines: false)

        // Then
        #expect(measured.coverage == nil)
        #expect(
            measured.problem
                == "llvm-profdata merge failed (exit status 1): error: all.profdata: No space left on device")
    }

    @Test("An export that fails: the problem gives llvm-cov's exit status and its error line")
    func exportFails() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try stage(cov: "echo 'error: malformed coverage data' >&2; exit 3")
        try Data("x".utf8).write(to: folder.appendingPathComponent("runs/profiles/1.profraw"))

        // When
        let measured = try await sut.measure(observations, checks: [:], testLines: false)

        // Then
        #expect(measured.problem == "llvm-cov export failed (exit status 3): error: malformed coverage data")
    }
}
