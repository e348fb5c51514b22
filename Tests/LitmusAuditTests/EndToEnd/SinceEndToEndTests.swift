import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("litmus audit --since runs alone only the tests the changes may touch", .tags(.endToEnd))
struct SinceEndToEndTests {
    /// The report as JSON without what differs between two audits of the same code by design or by the
    /// clock: the times, each test's durations and its outcome alone (`notRun` for a skipped alone run),
    /// Fast's summary (it names the slowest test, which the machine's load picks when every test takes a
    /// millisecond), and how many tests ran alone.
    private func comparable(_ report: AuditReport) throws -> String {
        var report = report
        report.wallSeconds = 0
        report.buildSeconds = 0
        report.phases = nil
        report.tests = report.tests.map { test in
            var test = test
            test.durationsMilliseconds = []
            test.medianMilliseconds = 0
            test.freeCoreMilliseconds = nil
            test.aloneOutcome = .notRun
            return test
        }
        report.verdicts = report.verdicts.map { verdict in
            var verdict = verdict
            if verdict.letter == .fast { verdict.summary = "" }
            return verdict
        }
        report.changedScope?.ranAlone = nil
        report.changedScope?.everyTestAloneBecause = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// The top-level keys of two JSON reports whose values differ, with both values, for a failure message.
    private static func difference(_ one: String, _ other: String) -> String {
        func object(_ text: String) -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
        }
        let (first, second) = (object(one), object(other))
        return Set(first.keys).union(second.keys).sorted().filter {
            (first[$0] as? NSObject) != (second[$0] as? NSObject)
        }.map { "\($0): \(first[$0] ?? "none") vs \(second[$0] ?? "none")" }.joined(separator: "\n")
    }

    @Test(
        "A second --since audit runs alone only the tests whose kept lines touch a changed line, and reports what running every test alone reports; an edit runs its module's tests alone again"
    )
    func narrowedAloneRuns() async throws {
        // Given: the Ledger fixture with a second source file and its test, and a change to one line of it
        let kept = try await FixtureAudits.kept("Mutation")
        defer { kept.release() }
        let store = kept.buildFolder.appendingPathComponent(TestLinesStore.fileName)
        if FileManager.default.fileExists(atPath: store.path) { try FileManager.default.removeItem(at: store) }
        let fee = kept.package.appendingPathComponent("Sources/Ledger/Fee.swift")
        try "public func fee(_ amount: Int) -> Int {\n    amount / 10 + 1\n}\n".write(
            to: fee, atomically: true, encoding: .utf8)
        try "import Testing\nimport Ledger\n\n@Test func feeOfAHundred() { #expect(fee(100) == 11) }\n".write(
            to: kept.package.appendingPathComponent("Tests/LedgerTests/FeeTests.swift"), atomically: true,
            encoding: .utf8)
        let changes = ChangedLines(ref: "main", files: ["Sources/Ledger/Fee.swift": .lines([2])])
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        // No Ledger test comes near a minute: a slow-test finding under load would differ between audits.
        options.budgetMilliseconds = 60_000
        func audit() async throws -> AuditReport {
            var sut = Audit(package: kept.package, options: options, seed: 2026, buildFolder: kept.buildFolder)
            sut.since = changes
            return try await sut.run()
        }

        // When: the first audit keeps every test's lines, the second reads them; then the same audit with
        // no kept lines; then one after an edit of Fee.swift
        let first = try await audit()
        let narrowed = try await audit()
        try FileManager.default.removeItem(at: store)
        let every = try await audit()
        try "public func fee(_ amount: Int) -> Int {\n    1 + amount / 10\n}\n".write(
            to: fee, atomically: true, encoding: .utf8)
        let edited = try await audit()

        // Then: the first ran all six tests alone; the second only the fee test, taking the others' lines
        // from the first, and its report is the third's, which ran all six again
        let feeTest = try #require(first.tests.first { $0.name.hasPrefix("feeOfAHundred") }).id
        #expect(first.tests.count == 6)
        #expect(first.tests.allSatisfy { $0.aloneOutcome == .passed })
        #expect(first.changedScope?.everyTestAloneBecause?.hasPrefix("no earlier audit") == true)
        #expect(narrowed.changedScope?.ranAlone == 1)
        #expect(narrowed.changedScope?.tests == [feeTest])
        #expect(narrowed.tests.filter { $0.aloneOutcome != .notRun }.map(\.id) == [feeTest])
        #expect(narrowed.tests.allSatisfy { !$0.coveredLines.isEmpty })
        #expect(every.changedScope?.everyTestAloneBecause?.hasPrefix("no earlier audit") == true)
        #expect(every.tests.allSatisfy { $0.aloneOutcome == .passed })
        let (narrowedJSON, everyJSON) = (try comparable(narrowed), try comparable(every))
        #expect(narrowedJSON == everyJSON, "\(Self.difference(narrowedJSON, everyJSON))")
        // And an edit of the Ledger module's file drops the kept lines of its tests: all run alone again
        #expect(edited.changedScope?.everyTestAloneBecause?.hasPrefix("each may touch the changes") == true)
        #expect(edited.tests.allSatisfy { $0.aloneOutcome == .passed })
    }
}
