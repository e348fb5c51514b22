import ArgumentParser
import Foundation
import LitmusCommands
import Testing

@testable import LitmusReport

@Suite("Reading the JSON reports and `litmus report`")
struct ReportFileTests {
    @Test("A missing audit report is refused, naming the file and the command that writes it")
    func missingFile() {
        #expect(
            throws: ReportFileError.unreadable(path: "/nowhere/audit.json", kind: .audit, reason: "no such file")
        ) { try ReportFile.audit(at: "/nowhere/audit.json") }
    }

    @Test("A missing report's message names the file and the fix")
    func missingFileMessage() {
        let sut = ReportFileError.unreadable(path: "/nowhere/audit.json", kind: .audit, reason: "no such file")

        // Then
        #expect(
            sut.description
                == "cannot read the audit report (JSON) /nowhere/audit.json (no such file). "
                + "Fix: pass the path of the file that `litmus audit --json FILE` wrote.")
    }

    @Test("A file that is not JSON is refused as a corrupt audit report")
    func notJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audit.json")
        try Data("{\"tests\": [".utf8).write(to: file)

        // Then
        #expect(throws: ReportFileError.corrupt(path: file.path, kind: .audit, reason: "not valid JSON")) {
            try ReportFile.audit(at: file.path)
        }
    }

    @Test("A mutation report is refused as an audit report, saying it goes with --mutation")
    func wrongKind() throws {
        let path = try resourcePath("cashregister-mutation.json")

        // Then
        #expect(
            throws: ReportFileError.corrupt(
                path: path, kind: .audit, reason: "it is a mutation report (Stryker's schema): pass it with --mutation")
        ) { try ReportFile.audit(at: path) }
    }

    @Test("An audit report is refused as a mutation report, saying it goes first, without --mutation")
    func auditGivenAsMutation() throws {
        let path = try resourcePath("planted-audit.json")

        // Then
        #expect(
            throws: ReportFileError.corrupt(
                path: path, kind: .mutation,
                reason: "it is an audit report: pass it as the first argument, not with --mutation")
        ) { try ReportFile.mutation(at: path) }
    }

    @Test("A shard's partial report is refused, saying to merge the shards first")
    func shardGiven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shard-1.json")
        try Data(#"{"schemaVersion": "2", "files": {}, "litmus": {"header": {}}}"#.utf8).write(to: file)

        // Then
        #expect(
            throws: ReportFileError.corrupt(
                path: file.path, kind: .audit,
                reason: "it is one shard's partial report: litmus merge the --json of every shard, and pass the "
                    + "merged report's --json")
        ) { try ReportFile.audit(at: file.path) }
    }

    @Test("A mutation report of another schema version is refused, with the fix in the message")
    func wrongSchemaVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mutation.json")
        try Data(#"{"schemaVersion": "1", "files": {}}"#.utf8).write(to: file)

        // When
        let error = #expect(throws: ReportFileError.self) { try ReportFile.mutation(at: file.path) }

        // Then
        #expect(
            error?.description
                == "\(file.path) is not a mutation report (JSON, Stryker schema version 2) (schemaVersion is \"1\", "
                + "and only version 2 is read). Fix: write it again with `litmus mutate --json FILE`, and pass it unchanged."
        )
    }

    @Test("A report Stryker itself wrote opens: its optional keys absent, its free-form config, a test's end")
    func strykerWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mutation.json")
        let text = """
            {"schemaVersion": "2.0", "thresholds": {"high": 80, "low": 60},
             "config": {"testRunner": "jest", "concurrency": 4}, "framework": {"name": "StrykerJS"},
             "files": {"src/a.js": {"language": "javascript", "source": "a + b", "mutants": [
               {"id": "1", "mutatorName": "ArithmeticOperator", "status": "Ignored",
                "location": {"start": {"line": 1, "column": 3}, "end": {"line": 1, "column": 4}}}]}},
             "testFiles": {"test/a.spec.js": {"tests": [
               {"id": "t1", "name": "adds", "location": {"start": {"line": 2, "column": 1}, "end": {"line": 4, "column": 3}}},
               {"id": "t2", "name": "subtracts"}]}}}
            """
        try Data(text.utf8).write(to: file)

        // When
        let report = try JSONDecoder().decode(StrykerReport.self, from: ReportFile.mutation(at: file.path))

        // Then
        let mutant = try #require(report.files["src/a.js"]?.mutants.first)
        #expect(report.projectRoot == nil)
        #expect(report.thresholds == StrykerReport.Thresholds(high: 80, low: 60))
        #expect(mutant.status == .ignored && mutant.replacement == nil && mutant.coveredBy == nil)
        #expect(mutant.location.end == StrykerReport.Position(line: 1, column: 4))
        let tests = report.testFiles?["test/a.spec.js"]?.tests
        #expect(tests?.map(\.location?.end) == [StrykerReport.Position(line: 4, column: 3), nil])
        #expect(tests?.last?.location == nil)
    }

    @Test("A mutant's location needs its end (a test's does not): a mutant without one is refused, by key")
    func mutantWithoutEnd() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mutation.json")
        let text = """
            {"schemaVersion": "2", "files": {"a.swift": {"language": "swift", "source": "a", "mutants": [
               {"id": "1", "mutatorName": "X", "status": "Killed", "location": {"start": {"line": 1, "column": 1}}}]}}}
            """
        try Data(text.utf8).write(to: file)

        // Then
        #expect(
            throws: ReportFileError.corrupt(
                path: file.path, kind: .mutation,
                reason: "\"end\" is missing at files.a.swift.mutants.[0].location")
        ) { try ReportFile.mutation(at: file.path) }
    }

    @Test("`litmus report` exits 2 on a missing report and writes no page")
    func commandMissingFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let sut = try ReportCommand.parse(["/nowhere/audit.json", "--html", page.path])

        // Then
        #expect(throws: ExitCode(2)) { try sut.run() }
        #expect(!FileManager.default.fileExists(atPath: page.path))
    }

    @Test("`litmus report` exits 2 when given neither report")
    func commandNothingGiven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try ReportCommand.parse(["--html", folder.appendingPathComponent("report.html").path])

        // Then
        #expect(throws: ExitCode(2)) { try sut.run() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("`litmus report` exits 2 on a page in a folder that does not exist, not with Foundation's error")
    func commandPageInMissingFolder() throws {
        // Given: a good report, and a page in a folder that does not exist
        let sut = try ReportCommand.parse([
            try resourcePath("planted-audit.json"), "--html", "/nowhere-litmus/out/r.html",
        ])

        // Then
        #expect(throws: ExitCode(2)) { try sut.run() }
        #expect(!FileManager.default.fileExists(atPath: "/nowhere-litmus"))
    }

    @Test("`litmus report` writes one page holding both reports")
    func commandWritesPage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let sut = try ReportCommand.parse([
            try resourcePath("planted-audit.json"), "--mutation", try resourcePath("cashregister-mutation.json"),
            "--html", page.path,
        ])

        // When
        try sut.run()
        let html = try String(contentsOf: page, encoding: .utf8)

        // Then
        #expect(embedded("audit-data", in: html)?.contains("\"seed\" : 293397") == true)
        #expect(embedded("mutation-data", in: html)?.contains("\"schemaVersion\": \"2\"") == true)
    }
}

@Suite("`litmus audit --html`")
struct AuditHTMLOptionTests {
    @Test("`--html FILE` names the page the audit writes")
    func htmlOption() throws {
        let sut = try AuditCommand.parse(["/nowhere", "--html", "audit.html"])

        // Then
        #expect(sut.html == "audit.html")
    }
}
