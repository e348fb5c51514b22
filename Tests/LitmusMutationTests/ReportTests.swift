import Foundation
import LitmusAudit
import LitmusReport
import LitmusSupport
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Mutation reports")
struct ReportTests {
    /// A report of three mutants of one file: one killed, one survived, one rejected by the compiler.
    private func makeReport() -> LitmusMutation.MutationReport {
        let source = "func f(a: Int) -> Bool {\n    a > 1\n}\n"
        let found = MutationSource(path: "Sources/M/F.swift", text: source).mutants()
        let test: TestID = "M.fTests/checks()/FTests.swift:3:2"
        let statuses: [MutantStatus] = [.killed, .survived, .compileError, .noCoverage]
        let results = zip(found, statuses).map { mutant, status in
            MutantResult(
                mutant: mutant, status: status, reason: status == .compileError ? "no '<=' here" : nil,
                coveredBy: status == .noCoverage ? [] : [test], killedBy: status == .killed ? [test] : [],
                testsCompleted: 1, durationMilliseconds: 12)
        }
        return LitmusMutation.MutationReport(
            package: "/p", sources: ["Sources/M/F.swift": source], results: results,
            tests: [TestIdentity(library: .swiftTesting, id: test, file: "Tests/MTests/FTests.swift", line: 3)],
            notes: [], wallSeconds: 2, buildSeconds: 1)
    }

    @Test("The score counts detected mutants over those that compiled")
    func score() {
        // Given
        let sut = makeReport()

        // Then
        #expect((sut.score * 10).rounded() / 10 == 33.3)
    }

    @Test("The JSON follows Stryker's schema version 2, field by field")
    func json() throws {
        // Given
        let sut = makeReport()

        // When
        let data = try sut.json(high: 90, low: 70)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let file = (object?["files"] as? [String: Any])?["Sources/M/F.swift"] as? [String: Any]
        let first = (file?["mutants"] as? [[String: Any]])?.first
        let location = first?["location"] as? [String: [String: Int]]

        // Then
        #expect(object?["schemaVersion"] as? String == "2")
        #expect(object?["thresholds"] as? [String: Double] == ["high": 90, "low": 70])
        #expect(file?["language"] as? String == "swift")
        #expect(file?["source"] as? String == "func f(a: Int) -> Bool {\n    a > 1\n}\n")
        #expect(first?["id"] as? String == "1")
        #expect(first?["mutatorName"] as? String == "RelationalBoundary")
        #expect(first?["replacement"] as? String == ">=")
        #expect(first?["status"] as? String == "Killed")
        #expect(first?["coveredBy"] as? [String] == ["M.fTests/checks()/FTests.swift:3:2"])
        #expect(first?["killedBy"] as? [String] == ["M.fTests/checks()/FTests.swift:3:2"])
        #expect(first?["testsCompleted"] as? Int == 1)
        #expect(first?["duration"] as? Int == 12)
        #expect(location?["start"] == ["line": 2, "column": 7])
        #expect(location?["end"] == ["line": 2, "column": 8])
    }

    @Test(
        "The JSON's other keys: projectRoot, the test files, config, litmus's version, statusReason where there is one")
    func jsonOtherKeys() throws {
        // When
        let data = try makeReport().json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let file = (object["files"] as? [String: Any])?["Sources/M/F.swift"] as? [String: Any]
        let mutants = try #require(file?["mutants"] as? [[String: Any]])
        let testFile = (object["testFiles"] as? [String: Any])?["Tests/MTests/FTests.swift"] as? [String: Any]
        let test = (testFile?["tests"] as? [[String: Any]])?.first

        // Then
        #expect(
            Set(object.keys) == [
                "schemaVersion", "thresholds", "projectRoot", "files", "testFiles", "config", "framework",
            ])
        #expect(object["framework"] as? [String: String] == ["name": "Litmus", "version": LitmusVersion.current])
        #expect(object["projectRoot"] as? String == "/p")
        #expect(object["config"] as? [String: Int] == ["reusedResults": 0])
        #expect(mutants.map { $0["statusReason"] as? String } == [nil, nil, "no '<=' here", nil])
        #expect(mutants.map { $0.keys.contains("statusReason") } == [false, false, true, false])
        #expect(test?["id"] as? String == "M.fTests/checks()/FTests.swift:3:2")
        #expect(test?["name"] as? String == "fTests/checks()")
        // A test's location is open-ended: its start only.
        #expect(test?["location"] as? [String: [String: Int]] == ["start": ["line": 3, "column": 1]])
        // The duration is whole milliseconds, written without a fraction as before.
        #expect(String(decoding: data, as: UTF8.self).contains("\"duration\" : 12,"))
    }

    @Test("The JSON reads back as the schema's one model (LitmusReport's StrykerReport) the writer filled")
    func jsonReadsAsStrykerReport() throws {
        // Given
        var sut = makeReport()
        sut.since = "main"

        // When
        let read = try JSONDecoder().decode(StrykerReport.self, from: sut.json(high: 90, low: 70))

        // Then
        #expect(read == sut.stryker(high: 90, low: 70))
        #expect(
            read.files["Sources/M/F.swift"]?.mutants.map(\.status) == [.killed, .survived, .compileError, .noCoverage])
    }

    @Test("The terminal report shows each survivor as file:line with the code as written beside the mutant")
    func terminalSurvivors() {
        // Given
        let sut = MutationTerminalReport()

        // When
        let text = sut.render(makeReport())

        // Then
        #expect(text.contains("  Sources/M/F.swift:2:7  NegatedRelational\n      - >\n      + <=\n"))
        #expect(text.contains("  33.3%  Sources/M/F.swift (1/3)\n"))
        #expect(text.hasSuffix("Mutation score: 33.3%\n"))
    }

    @Test("The terminal report lists rejected mutants with the compiler's reason")
    func terminalRejected() {
        // When
        let text = MutationTerminalReport().render(makeReport())

        // Then
        #expect(text.contains("  Sources/M/F.swift:2  1 -> 0: no '<=' here\n"))
    }
}
