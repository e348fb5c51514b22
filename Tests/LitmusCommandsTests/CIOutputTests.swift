import ArgumentParser
import Foundation
import LitmusCommands
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("--sarif and --github: outputs checked before the work, annotations and the job summary")
struct CIOutputTests {
    /// A fresh temporary folder; the caller deletes it.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An audit of /work/repo/App's one test with a slow-test finding, failing Fast.
    private func report() -> AuditReport {
        let test = TestReport(
            id: "M.CartTests/testTotal", name: "CartTests.testTotal", library: .xctest,
            file: "Tests/MTests/CartTests.swift", line: 12, suiteOutcomes: [.passed, .passed, .passed],
            aloneOutcome: .passed, durationsMilliseconds: [250, 260, 240], medianMilliseconds: 250, flipRate: 0,
            issues: [], coveredLines: [:])
        return ReportAssembly.assemble(
            package: "/work/repo/App", seed: 7, options: AuditOptions(), wallSeconds: 2, buildSeconds: 1, tests: [test],
            findings: [
                Finding(
                    kind: .slowTest, test: "M.CartTests/testTotal", file: "Tests/MTests/CartTests.swift", line: 12,
                    message: "CartTests.testTotal takes 250 ms (median of 3 runs), over the 100 ms budget")
            ],
            coverage: nil, failingTests: [])
    }

    @Test("An output in a missing folder is refused naming the option, the folder and the fix")
    func missingFolder() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("reports/out.sarif").path
        let missing = base.appendingPathComponent("reports").path

        let error = #expect(throws: OutputPaths.Problem.self) {
            try OutputPaths.check([("--json", nil), ("--json", "-"), ("--sarif", path)])
        }
        #expect(
            error?.description
                == "--sarif \(path): its folder \(missing) does not exist; create it (mkdir -p \(missing)) or give a path in an existing folder."
        )
    }

    @Test("An output that is a folder is refused; a new file in an existing folder is accepted")
    func folderOrFile() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }

        let error = #expect(throws: OutputPaths.Problem.self) { try OutputPaths.check([("--html", base.path)]) }
        #expect(error?.description.hasPrefix("--html \(base.path): it is a folder; give the path of a file") == true)
        try OutputPaths.check([("--sarif", base.appendingPathComponent("new.sarif").path)])
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("new.sarif").path))
    }

    @Test("litmus audit with --sarif in a missing folder exits 2 before building anything")
    func auditRefusesBeforeWork() async throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let sut = try AuditCommand.parse([
            base.path, "--sarif", base.appendingPathComponent("missing/a.sarif").path, "--build-path",
            base.appendingPathComponent("build").path,
        ])

        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).isEmpty)
    }

    @Test("Under GITHUB_ACTIONS=true: an annotation per finding and per unmet threshold, the summary appended")
    func underGitHubActions() throws {
        // Given
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let summary = base.appendingPathComponent("summary.md")
        try Data("# Earlier step\n".utf8).write(to: summary)
        let environment = [
            "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "9",
        ]
        let sut = try CIReportOptions.parse([])
        var printed: [String] = []

        // When
        try sut.emit(
            audit: report(), mutation: nil, package: "/work/repo/App", html: "report.html", environment: environment,
            workingDirectory: "/work/repo", print: { printed.append($0) })

        // Then
        #expect(
            printed == [
                "::warning file=App/Tests/MTests/CartTests.swift,line=12,title=Litmus F%3A Slow test::"
                    + "CartTests.testTotal takes 250 ms (median of 3 runs), over the 100 ms budget%0AFix: "
                    + FindingKind.slowTest.fix,
                "::error title=Litmus%3A threshold not met::Fast: 1 finding, at most 0 allowed (maxFast)",
            ])
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("# Earlier step\n## Litmus audit: thresholds not met\n"))
        #expect(text.contains("| F | Fast | ❌ fail | 1 |"))
        #expect(
            text.contains("- **F Slow test** `App/Tests/MTests/CartTests.swift:12`: CartTests.testTotal takes 250 ms"))
        #expect(text.hasSuffix("[this workflow run](https://github.com/o/r/actions/runs/9).\n"))
    }

    @Test("Outside GitHub Actions and without --github nothing is printed or appended; --github turns it on")
    func offWithoutGitHub() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let summary = base.appendingPathComponent("summary.md")
        var printed: [String] = []

        try CIReportOptions.parse([]).emit(
            audit: report(), mutation: nil, package: "/work/repo/App", html: nil,
            environment: ["GITHUB_STEP_SUMMARY": summary.path], print: { printed.append($0) })
        #expect(printed.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: summary.path))

        try CIReportOptions.parse(["--github"]).emit(
            audit: report(), mutation: nil, package: "/work/repo/App", html: nil,
            environment: ["GITHUB_STEP_SUMMARY": summary.path], print: { printed.append($0) })
        #expect(printed.count == 2)
        #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("## Litmus audit: thresholds not met\n"))
    }

    @Test("--sarif writes the log whole, its paths from the working directory")
    func sarifFile() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("audit.sarif")

        try CIReportOptions.parse(["--sarif", file.path]).emit(
            audit: report(), mutation: nil, package: "/work/repo/App", html: nil, environment: [:],
            workingDirectory: "/work/repo", print: { _ in })

        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let place = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect(log["version"] as? String == "2.1.0")
        #expect((place?["artifactLocation"] as? [String: String])?["uri"] == "App/Tests/MTests/CartTests.swift")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path) == ["audit.sarif"])
    }

    @Test("A GITHUB_STEP_SUMMARY in a missing folder is refused before the work, naming the variable")
    func summaryInMissingFolder() throws {
        let sut = try CIReportOptions.parse([])
        let error = #expect(throws: OutputPaths.Problem.self) {
            try sut.check(environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": "/nowhere/litmus/summary.md"])
        }
        #expect(
            error?.description.hasPrefix(
                "GITHUB_STEP_SUMMARY /nowhere/litmus/summary.md: its folder /nowhere/litmus does not exist") == true)
        try sut.check(environment: ["GITHUB_STEP_SUMMARY": "/nowhere/litmus/summary.md"])  // off: not checked
    }

    @Test("A --sarif that cannot be written at the end still lets the JSON be written, and exits 2 naming it")
    func sarifFailingAtTheEnd() throws {
        // Given: a JSON path that can be written and a SARIF path whose folder is gone by the end
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let json = base.appendingPathComponent("audit.json").path
        let sarif = base.appendingPathComponent("gone/out.sarif").path
        let ci = try CIReportOptions.parse(["--sarif", sarif])

        // When
        #expect(throws: ExitCode(2)) {
            try AuditOutput.exitingOnOutputError(command: "litmus audit") {
                try AuditOutput.emit(report(), json: json, junit: nil, html: nil, ci: ci)
            }
        }

        // Then
        #expect(FileManager.default.fileExists(atPath: json))
        #expect(!FileManager.default.fileExists(atPath: sarif))
    }

    @Test("A --junit that cannot be written still lets --sarif be written; the JUnit failure is the one thrown")
    func sarifWrittenAfterAFailedReport() throws {
        // Given
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let junit = base.appendingPathComponent("gone/audit.xml").path
        let sarif = base.appendingPathComponent("out.sarif").path
        let ci = try CIReportOptions.parse(["--sarif", sarif])

        // When
        let error = #expect(throws: OutputFileError.self) {
            try AuditOutput.emit(report(), json: nil, junit: junit, html: nil, ci: ci)
        }

        // Then
        #expect(error?.flag == "--junit")
        #expect(FileManager.default.fileExists(atPath: sarif))
    }

    @Test("A summary that cannot be appended names the variable, the file, the cause and the fix")
    func summaryFailingAtTheEnd() throws {
        // Given: GITHUB_STEP_SUMMARY names a folder, as if the file had been replaced by one
        let base = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let sut = try CIReportOptions.parse(["--github"])

        // When
        let error = #expect(throws: OutputPaths.Problem.self) {
            try sut.emit(
                audit: report(), mutation: nil, package: "/work/repo/App", html: nil,
                environment: ["GITHUB_STEP_SUMMARY": base.path], workingDirectory: "/work/repo", print: { _ in })
        }

        // Then
        #expect(
            error?.description
                == "GITHUB_STEP_SUMMARY \(base.path): the summary could not be appended: it is a folder; make GITHUB_STEP_SUMMARY name a file that can be written."
        )
    }
}
