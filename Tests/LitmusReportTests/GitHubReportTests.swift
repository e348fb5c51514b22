import Foundation
import LitmusAudit
import Testing

@testable import LitmusReport

@Suite("GitHub Actions annotations and job summary")
struct GitHubReportTests {
    private func plantedAudit() throws -> AuditReport {
        try JSONDecoder().decode(AuditReport.self, from: try resource("planted-audit.json"))
    }

    private func cashRegisterMutation() throws -> StrykerReport {
        try JSONDecoder().decode(StrykerReport.self, from: try resource("cashregister-mutation.json"))
    }

    @Test("A workflow command escapes %, line breaks, and in its properties : and ,")
    func escaping() {
        let line = GitHubReport.command(
            "warning", file: "Tests/a,b:c.swift", line: 3, title: "Litmus F: Slow", message: "50% slower\r\nFix: wait")
        #expect(
            line == "::warning file=Tests/a%2Cb%3Ac.swift,line=3,title=Litmus F%3A Slow::50%25 slower%0D%0AFix: wait")
    }

    @Test("A warning per finding at its file and line with its fix, then an error per unmet threshold")
    func auditAnnotations() throws {
        // When
        let lines = GitHubReport(audit: try plantedAudit(), mutation: nil, pathPrefix: "Planted/").annotations()

        // Then
        #expect(lines.count == 16)
        #expect(
            lines.first
                == "::warning file=Planted/Tests/PlantedTests/SlowTests.swift,line=8,title=Litmus F%3A Slow test::"
                + "SlowTests.testTotal_afterWaiting_isTheSum takes 300 ms (median of 3 runs), over the 100 ms budget%0A"
                + "Fix: Replace real waiting, disk and network with doubles or in-memory fakes; move a slow integration test behind a tag."
        )
        #expect(
            lines[10].hasPrefix("::warning file=Planted/Sources/Planted/Receipt.swift,title=Litmus T%3A Source file"))
        #expect(lines[11] == "::error title=Litmus%3A threshold not met::Fast: 2 findings, at most 0 allowed (maxFast)")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 5)
    }

    @Test("A quarantined finding is no annotation")
    func quarantinedIsSilent() throws {
        var audit = try plantedAudit()
        audit.findings[0].quarantined = true
        let lines = GitHubReport(audit: audit, mutation: nil).annotations()
        #expect(lines.count == 15)
        #expect(!lines.contains { $0.contains("SlowTests.swift,line=8,") })
    }

    @Test("A warning per surviving mutant; an error when the score is under the minimum, none when it is not")
    func mutationAnnotations() throws {
        // When
        let under = GitHubReport(audit: nil, mutation: try cashRegisterMutation(), minimumMutationScore: 90)
            .annotations()
        let over = GitHubReport(audit: nil, mutation: try cashRegisterMutation(), minimumMutationScore: 80)
            .annotations()

        // Then
        #expect(under.count == 5)
        #expect(
            under[0].hasPrefix(
                "::warning file=CashRegister/Sources/CashRegister/CashRegister.swift,line=28,title=Litmus T%3A Surviving mutant::"
                    + "Mutant 174 (RelationalBoundary) survived: `>=` became `>`"))
        #expect(
            under[4]
                == "::error title=Litmus%3A mutation score under the minimum::Mutation score 80.0%25, at least 90.0%25 required"
        )
        #expect(over.count == 4)
    }

    @Test("The summary: each letter's verdict, what is not met, the worst findings first, and the report's link")
    func auditSummary() throws {
        // Given
        var audit = try plantedAudit()
        // A passing letter's finding comes after every failing letter's.
        let last = audit.findings.removeLast()
        audit.findings.insert(last, at: 0)
        let sut = GitHubReport(
            audit: audit, mutation: nil, pathPrefix: "Planted/", reportLink: "https://github.com/o/r/actions/runs/9")

        // When
        let text = sut.summary()

        // Then
        #expect(text.hasPrefix("## Litmus audit: thresholds not met\n"))
        #expect(
            text.contains(
                "| F | Fast | ❌ fail | 2 | 2 findings (budget 100 ms); slowest SlowTests.testTotal_afterWaiting_isTheSum 300 ms |"
            ))
        #expect(text.contains("| T | Thorough | ✅ pass | 1 |"))
        #expect(text.contains("- Self-validating: 5 findings, at most 0 allowed (maxSelfValidating)\n"))
        #expect(text.contains("### The worst findings (10 of 11)\n"))
        #expect(
            text.contains(
                "- **F Slow test** `Planted/Tests/PlantedTests/SlowTests.swift:8`: SlowTests.testTotal_afterWaiting_isTheSum"
            ))
        #expect(!text.contains("Source file no test executes"))
        #expect(
            text.hasSuffix(
                "The HTML report is in the artifacts of [this workflow run](https://github.com/o/r/actions/runs/9).\n"))
    }

    @Test("The summary of a mutation run: the score against the minimum and the undetected mutants")
    func mutationSummary() throws {
        let text = GitHubReport(audit: nil, mutation: try cashRegisterMutation(), minimumMutationScore: 90).summary()
        #expect(text.hasPrefix("## Litmus mutation testing: score 80.0% (at least 90.0% required)\n"))
        #expect(text.contains("### Undetected mutants (4 of 4)\n"))
        #expect(
            text.contains(
                "- `CashRegister/Sources/CashRegister/CashRegister.swift:40`: Mutant 179 (RelationalBoundary)"))
        #expect(!text.contains("HTML report"))
    }

    @Test("The run's link comes from GitHub's variables, and is nil when one is missing")
    func runLink() {
        let environment = ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "9"]
        #expect(GitHubReport.runLink(environment: environment) == "https://github.com/o/r/actions/runs/9")
        #expect(GitHubReport.runLink(environment: environment.filter { $0.key != "GITHUB_RUN_ID" }) == nil)
    }
}
