import Foundation
import Testing

@testable import LitmusAudit

@Suite("litmus audit --since runs alone only the tests the changes may touch", .tags(.endToEnd))
struct SinceEndToEndTests {
    @Test(
        "After an audit that kept each test's lines, an edited source runs alone only its tests, and the report equals one that ran every test alone"
    )
    func narrowedAloneRuns() async throws {
        // Given: the Ledger fixture with a second source file and its test, audited once with --since
        let kept = try await FixtureAudits.kept("Mutation")
        defer { kept.release() }
        let store = kept.buildFolder.appendingPathComponent(TestLinesStore.fileName)
        try? FileManager.default.removeItem(at: store)
        let fee = kept.package.appendingPathComponent("Sources/Ledger/Fee.swift")
        try "public func fee(_ amount: Int) -> Int {\n    amount / 10 + 1\n}\n".write(
            to: fee, atomically: true, encoding: .utf8)
        try "import Testing\nimport Ledger\n\n@Test func feeOfAHundred() { #expect(fee(100) == 11) }\n".write(
            to: kept.package.appendingPathComponent("Tests/LedgerTests/FeeTests.swift"), atomically: true,
            encoding: .utf8)
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        options.testLines = true
        func audit(since changes: ChangedLines) async throws -> AuditReport {
            var sut = Audit(package: kept.package, options: options, seed: 2026, buildFolder: kept.buildFolder)
            sut.since = changes
            return try await sut.run()
        }
        let first = try await audit(since: ChangedLines(ref: "HEAD", files: [:]))

        // When: one line of Fee.swift changes; then the same audit with no kept lines
        try "public func fee(_ amount: Int) -> Int {\n    1 + amount / 10\n}\n".write(
            to: fee, atomically: true, encoding: .utf8)
        let changes = ChangedLines(ref: "HEAD", files: ["Sources/Ledger/Fee.swift": .lines([2])])
        let narrowed = try await audit(since: changes)
        try FileManager.default.removeItem(at: store)
        let every = try await audit(since: changes)

        // Then: the first audit ran all six tests alone; the second only the fee test, taking the other
        // tests' lines from the first; the third all six again, with the same scope, findings and verdicts
        let feeTest = try #require(first.tests.first { $0.name.hasPrefix("feeOfAHundred") }).id
        #expect(first.tests.count == 6)
        #expect(first.tests.allSatisfy { $0.aloneOutcome == .passed })
        #expect(first.changedScope?.everyTestAloneBecause?.contains("no earlier audit") == true)
        #expect(narrowed.changedScope?.ranAlone == 1)
        #expect(narrowed.changedScope?.tests == [feeTest])
        #expect(narrowed.tests.filter { $0.aloneOutcome != .notRun }.map(\.id) == [feeTest])
        let firstLines = Dictionary(uniqueKeysWithValues: first.tests.map { ($0.id, $0.coveredLines) })
        #expect(narrowed.tests.filter { $0.id != feeTest }.allSatisfy { firstLines[$0.id] == $0.coveredLines })
        #expect(every.changedScope?.ranAlone == nil)
        #expect(every.tests.allSatisfy { $0.aloneOutcome == .passed })
        #expect(every.changedScope?.tests == narrowed.changedScope?.tests)
        #expect(every.findings == narrowed.findings)
        #expect(every.verdicts.map(\.passed) == narrowed.verdicts.map(\.passed))
        #expect(
            Dictionary(uniqueKeysWithValues: every.tests.map { ($0.id, $0.coveredLines) })
                == Dictionary(uniqueKeysWithValues: narrowed.tests.map { ($0.id, $0.coveredLines) }))
    }
}
