import Foundation
import LitmusAudit
import LitmusSupport
import Testing

@testable import LitmusReport

@Suite("SARIF 2.1.0 of an audit and a mutation run")
struct SARIFReportTests {
    private func plantedAudit() throws -> AuditReport {
        try JSONDecoder().decode(AuditReport.self, from: try resource("planted-audit.json"))
    }

    private func cashRegisterMutation() throws -> StrykerReport {
        try JSONDecoder().decode(StrykerReport.self, from: try resource("cashregister-mutation.json"))
    }

    /// A golden output of the audit's tests (Tests/LitmusAuditTests/Resources/golden): the report of a
    /// recorded audit of Planted and of a mutation run of Mutation, re-recorded whenever the audit changes.
    private func golden(_ name: String) throws -> Data {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: tests.appendingPathComponent("LitmusAuditTests/Resources/golden/\(name)"))
    }

    /// The log's JSON as objects.
    private func object(_ sut: SARIFReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try sut.json()) as? [String: Any])
    }

    private func run(_ log: [String: Any]) throws -> [String: Any] {
        try #require((log["runs"] as? [[String: Any]])?.first)
    }

    @Test("One rule per finding kind and per undetected mutant, with the fix as help and the letter as a property")
    func rules() throws {
        // When
        let run = try run(try object(SARIFReport(audit: nil, mutation: nil)))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])

        // Then
        #expect(driver["name"] as? String == "Litmus")
        #expect(driver["version"] as? String == LitmusVersion.current)
        // One per finding kind, and the two undetected-mutant rules.
        #expect(rules.compactMap { $0["id"] as? String }.count == FindingKind.allCases.count + 2)
        let slow = try #require(rules.first { $0["id"] as? String == "slowTest" })
        #expect(
            (slow["help"] as? [String: String])?["text"]
                == "Replace real waiting, disk and network with doubles or in-memory fakes; move a slow integration test behind a tag."
        )
        #expect((slow["shortDescription"] as? [String: String])?["text"] == "Slow test")
        #expect((slow["properties"] as? [String: Any])?["letter"] as? String == "F")
        let survived = try #require(rules.first { $0["id"] as? String == "survivedMutant" })
        #expect((survived["properties"] as? [String: Any])?["letter"] as? String == "T")
        #expect(Set(rules.compactMap { $0["id"] as? String }).isSuperset(of: FindingKind.allCases.map(\.rawValue)))
    }

    @Test("Each finding is a result at its file and line; an error when its letter fails, a warning when it passes")
    func findingsAreResults() throws {
        // When
        let results = try #require(
            try run(try object(SARIFReport(audit: plantedAudit(), mutation: nil, pathPrefix: "Fixtures/Planted/")))[
                "results"] as? [[String: Any]])

        // Then
        #expect(results.count == 11)
        let slow = results[0]
        #expect(slow["ruleId"] as? String == "slowTest")
        #expect(slow["level"] as? String == "error")
        #expect((slow["properties"] as? [String: Any])?["letter"] as? String == "F")
        #expect(
            (slow["message"] as? [String: String])?["text"]
                == "SlowTests.testTotal_afterWaiting_isTheSum takes 300 ms (median of 3 runs), over the 100 ms budget")
        let place = try #require(
            ((slow["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect(
            (place["artifactLocation"] as? [String: String])?["uri"]
                == "Fixtures/Planted/Tests/PlantedTests/SlowTests.swift")
        #expect((place["region"] as? [String: Int])?["startLine"] == 8)
        let uncovered = try #require(results.last)
        #expect(uncovered["ruleId"] as? String == "uncoveredFile")
        #expect(uncovered["level"] as? String == "warning")
        let whole = try #require(
            ((uncovered["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect(whole["region"] == nil)
    }

    @Test("Each surviving mutant is a result at its line, saying what changed and how many tests ran it")
    func survivorsAreResults() throws {
        // When
        let results = try #require(
            try run(try object(SARIFReport(audit: nil, mutation: cashRegisterMutation())))["results"]
                as? [[String: Any]])

        // Then
        #expect(results.count == 4)
        let first = results[0]
        #expect(first["ruleId"] as? String == "survivedMutant")
        #expect(
            (first["message"] as? [String: String])?["text"]
                == "Mutant 174 (RelationalBoundary) survived: `>=` became `>`, and the 14 tests that execute it still passed."
        )
        let place = try #require(
            ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((place["region"] as? [String: Int])?["startLine"] == 28)
        #expect(
            (place["artifactLocation"] as? [String: String])?["uri"]
                == "CashRegister/Sources/CashRegister/CashRegister.swift")
    }

    @Test(
        "A package's files are named from the working directory: relative inside it, file:// URIs outside",
        arguments: [
            ("/work/repo/Examples", "/work/repo", "Examples/"), ("/work/repo", "/work/repo/", ""),
            ("Examples/../Examples/Web", "/work/repo", "Examples/Web/"),
            ("/elsewhere/pkg", "/work/repo", "/elsewhere/pkg/"),
        ])
    func prefix(package: String, workingDirectory: String, expected: String) {
        #expect(SARIFReport.prefix(package: package, workingDirectory: workingDirectory) == expected)
    }

    @Test("A file outside the working directory is a file:// URI, its space encoded")
    func absoluteURI() throws {
        // Given
        var audit = try plantedAudit()
        audit.findings = [Finding(kind: .flaky, file: "Tests/A B.swift", line: 3, message: "flips")]

        // When
        let results = try #require(
            try run(try object(SARIFReport(audit: audit, mutation: nil, pathPrefix: "/my pkg/")))["results"]
                as? [[String: Any]])
        let place = try #require(
            ((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])

        // Then
        #expect((place["artifactLocation"] as? [String: String])?["uri"] == "file:///my%20pkg/Tests/A%20B.swift")
    }

    @Test(
        "The SARIF of Planted's audit and of a mutation run validates against the OASIS schema (Python's jsonschema)",
        .tags(.endToEnd))
    func validatesAgainstSchema() async throws {
        // Given
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = [
            "audit.sarif": try SARIFReport(audit: plantedAudit(), mutation: nil).json(),
            "mutation.sarif": try SARIFReport(audit: nil, mutation: cashRegisterMutation()).json(),
            "both.sarif": try SARIFReport(audit: plantedAudit(), mutation: cashRegisterMutation(), pathPrefix: "/a b/")
                .json(),
            // Today's audit of Planted (every finding kind it plants) and mutation run of Mutation.
            "golden.sarif": try SARIFReport(
                audit: JSONDecoder().decode(AuditReport.self, from: golden("planted.report.json")),
                mutation: JSONDecoder().decode(StrykerReport.self, from: golden("mutation.stryker.json"))
            ).json(),
            // Names and messages with control characters, quotes, a 10 kB line, bytes that were not UTF-8.
            "hostile.sarif": try SARIFReport(audit: HostileTextReportTests.report(), mutation: nil).json(),
            // A control the schema must refuse: a log without its version.
            "broken.sarif": Data(#"{"runs": []}"#.utf8),
        ]
        for (name, data) in logs { try data.write(to: folder.appendingPathComponent(name)) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            for path in sys.argv[2:]:
                errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(path))))
                print(path.rsplit('/', 1)[-1], 'valid' if not errors else 'invalid: ' + errors[0].message)
            """

        // When
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script, try resourcePath("sarif-schema-2.1.0.json")]
                + logs.keys.sorted().map { folder.appendingPathComponent($0).path },
            in: folder, timeout: 120)

        // Then
        try #require(result.status == 0, "python3 with jsonschema failed (pip install jsonschema):\n\(result.output)")
        let verdicts = result.output.split(separator: "\n").map(String.init).filter { $0.contains(".sarif ") }
        #expect(verdicts.count == 6)
        #expect(
            verdicts.filter { $0.hasSuffix(" valid") } == [
                "audit.sarif valid", "both.sarif valid", "golden.sarif valid", "hostile.sarif valid",
                "mutation.sarif valid",
            ])
        #expect(verdicts.contains { $0.hasPrefix("broken.sarif invalid") })
    }
}
