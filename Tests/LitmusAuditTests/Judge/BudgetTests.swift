import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Budgets of their own, by Swift Testing tag and by XCTest class (`budgets` in .litmus-audit.json),
/// judged on hand-made observations.
@Suite("Budgets per tag and per class")
struct BudgetTests {
    private let tagged = TestIdentity(
        library: .swiftTesting, id: "M.Server/starts()/Server.swift:3:2", file: "Tests/MTests/Server.swift", line: 3,
        tags: ["endToEnd"])
    private let untagged = TestIdentity(
        library: .swiftTesting, id: "M.Cart/total()/Cart.swift:5:2", file: "Tests/MTests/Cart.swift", line: 5)
    private let browserTest = TestIdentity(
        library: .xctest, id: "M.BrowserTests/testLaunch", file: "Tests/MTests/BrowserTests.swift", line: 7)

    /// Every test passing in 300 ms in each of three suite runs.
    private func observations(of tests: [TestIdentity]) -> Observations {
        let results = Dictionary(
            uniqueKeysWithValues: tests.map { ($0.id, TestResult(outcome: .passed, duration: 0.3)) })
        let run = ObservedRun(results: results, order: tests.map(\.id))
        return Observations(tests: tests, suiteRuns: [run, run, run], alone: results)
    }

    private func context(_ budgets: DurationBudgets) -> JudgingContext {
        var options = AuditOptions()
        options.budgets = budgets
        return JudgingContext(options: options, seed: 7)
    }

    @Test("A tagged test is held to its tag's budget, the others to the default 100 ms")
    func tagBudget() async throws {
        // Given
        let observed = observations(of: [tagged, untagged])
        // When
        let judgement = try await Judge.judge(observed, context(DurationBudgets(tags: ["endToEnd": 1000]))) { _ in
            BisectionResult(culprits: [])
        }
        // Then
        #expect(judgement.findings.map(\.test) == [untagged.id])
        #expect(
            judgement.findings.first?.message == "Cart/total() takes 300 ms (median of 3 runs), over the 100 ms budget")
    }

    @Test("An XCTest class's budget applies to its tests, and the finding names where the budget comes from")
    func classBudget() async throws {
        // Given
        let observed = observations(of: [browserTest])
        // When
        let judgement = try await Judge.judge(observed, context(DurationBudgets(classes: ["BrowserTests": 250]))) { _ in
            BisectionResult(culprits: [])
        }
        // Then
        #expect(
            judgement.findings.map(\.message) == [
                "BrowserTests.testLaunch takes 300 ms (median of 3 runs), over the 250 ms budget of its class BrowserTests"
            ])
    }

    @Test("Of several tags, the largest budget holds; a class budget wins over tags")
    func precedence() {
        // Given
        let sut = DurationBudgets(tags: ["endToEnd": 5000, "browser": 8000], classes: ["BrowserTests": 300])
        var both = tagged
        both.tags = ["endToEnd", "browser"]
        // Then
        #expect(sut.budget(of: both)?.milliseconds == 8000)
        #expect(sut.budget(of: both)?.source == "tag browser")
        #expect(sut.budget(of: browserTest)?.source == "class BrowserTests")
        #expect(sut.budget(of: untagged) == nil)
    }

    @Test("The report keeps the budget each test was judged against, for a history; a performance test has none")
    func budgetPerTest() {
        // Given: a tag budget of 1 s; the untagged test's line holds a `measure` block
        var options = AuditOptions()
        options.budgets = DurationBudgets(tags: ["endToEnd": 1000])
        var analysis = SourceAnalysis()
        analysis.measuringTests = ["Tests/MTests/Cart.swift": [5]]
        // Then
        #expect(FastJudge.budget(of: tagged, options: options, analysis: SourceAnalysis())?.milliseconds == 1000)
        #expect(FastJudge.budget(of: browserTest, options: options, analysis: analysis)?.milliseconds == 100)
        #expect(FastJudge.budget(of: untagged, options: options, analysis: analysis) == nil)
    }

    @Test("The configuration file's budgets are read, and a budget of 0 is refused naming its key and the file")
    func configuration() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-budgets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json")
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"budgets": {"tags": {"endToEnd": 5000}}}"#.write(to: good, atomically: true, encoding: .utf8)
        try #"{"budgets": {"classes": {"SlowTests": 0}}}"#.write(to: bad, atomically: true, encoding: .utf8)

        // When
        let options = try AuditOptions.load(from: good)
        let error = #expect(throws: AuditError.self) { try AuditOptions.load(from: bad) }

        // Then
        #expect(options.budgets == DurationBudgets(tags: ["endToEnd": 5000]))
        #expect("\(error.map { "\($0)" } ?? "")".contains("`budgets.classes.SlowTests` must be above 0 (it is 0.0)"))
        #expect("\(error.map { "\($0)" } ?? "")".contains(bad.path))
    }

    @Test("Swift Testing's event stream gives each test its tags, its suites' included, without the dot")
    func tagsFromEventStream() {
        // Given
        let line =
            #"{"kind":"test","payload":{"_tags":[".endToEnd"],"id":"M.S/f()/F.swift:3:2","kind":"function","#
            + #""name":"f()","sourceLocation":{"_filePath":"/p/F.swift","fileID":"M/F.swift","line":3}},"version":0}"#
        // When
        let stream = EventStreamParser().parse(Data((line + "\n").utf8))
        // Then
        #expect(stream.tests.map(\.tags) == [["endToEnd"]])
    }
}
