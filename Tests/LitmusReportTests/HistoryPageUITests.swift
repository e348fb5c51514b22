import Foundation
import LitmusReport
import LitmusUI
import Testing

/// The report page of a history (`litmus history --html`, and an audit's page once the audit is recorded
/// in one), opened from disk in headless Chromium.
@Suite(
    "The history's page in Chromium", .tags(.endToEnd), .serialized,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct HistoryPageUITests {
    /// Twelve runs, a day apart from 2026-11-01: coverage rising from 70 %, a mutation score in the last
    /// three, one flaky test from the eighth run on.
    private static var summary: HistorySummary {
        let day = 86_400.0
        let start = Date(timeIntervalSince1970: 1_793_491_200)  // 2026-11-01T00:00:00Z
        let trend: [TrendPoint] = (0..<12).map { (index: Int) -> TrendPoint in
            let figure = Double(index)
            let kind: HistoryRun.Kind = index % 4 == 3 ? .audit : .quickAudit
            let mutation: Double? = index >= 9 ? 60 + figure : nil
            return TrendPoint(
                date: start.addingTimeInterval(figure * day), commit: "c0ffee\(index)0123456789", kind: kind,
                suiteSeconds: 2 + figure / 10, linePercent: 70 + figure, mutationScore: mutation,
                flakyTests: index >= 7 ? 1 : 0, quarantinedTests: 0)
        }
        let flaky = HistoryTestSummary(
            test: "AppTests.CartTests/testTotal", audits: 12, trials: 20, flips: 5, flipRate: 0.25,
            interval: 0.11...0.47, medianMilliseconds: 3,
            firstFlip: HistoryMark(run: "r8", commit: "c0ffee70123456789", date: start.addingTimeInterval(7 * day)),
            newlyFlaky: true, lastAlone: nil, quarantined: false)
        let steady = HistoryTestSummary(
            test: "AppTests.CartTests/testEmpty", audits: 12, trials: 20, flips: 0, flipRate: 0, interval: 0...0.16,
            medianMilliseconds: 1, firstFlip: nil, newlyFlaky: false, lastAlone: nil, quarantined: false)
        return HistorySummary(
            file: "/ci/history.sqlite", runsInFile: 12, audits: 12, window: 30, tests: [steady, flaky], findings: [],
            quarantineAdvice: [
                QuarantineAdvice(
                    test: flaky.test,
                    line: "AppTests.CartTests/testTotal  # flip rate 0.25 (95%: 0.11–0.47) over 21 runs")
            ], releasable: [], notYetAlone: [], trend: trend, quarantineRate: 0.05, releaseAfter: 10)
    }

    @Test("A chart per figure over the runs: each says how many runs measured it, first and last value")
    func trendCharts() async throws {
        try await withHistoryPage { (sut: XCUIApplication) async throws in
            #expect(
                try await sut.staticTexts["trends-summary"].label
                    == "12 runs of the history, oldest first, from 2026-11-01 to 2026-11-12.")
            #expect(try await sut.images["Line coverage: 12 of 12 runs measured, from 70.0 % to 81.0 %"].exists)
            #expect(try await sut.images["Mutation score: 3 of 12 runs measured, from 69.0 % to 71.0 %"].exists)
            #expect(try await sut.images["Flaky tests: 12 of 12 runs measured, from 0 to 1"].exists)
            #expect(
                try await sut.images[
                    "Suite duration (sum of the tests’ medians): 12 of 12 runs measured, from 2.00 s to 3.10 s"
                ].exists)
        }
    }

    @Test("The flaky tests over the history, with rate, interval and where they started, and the quarantine line")
    func flakyAndAdvice() async throws {
        try await withHistoryPage { (sut: XCUIApplication) async throws in
            #expect(try await sut.staticTexts["title"].label == "Litmus history: /ci/history.sqlite")
            let row = try await sut.cells["history-flaky-table-row-0"].label
            #expect(row.hasPrefix("AppTests.CartTests/testTotal"))
            #expect(row.contains("0.25 (95%: 0.11–0.47)"))
            #expect(row.contains("c0ffee70 2026-11-08 (newly flaky)"))
            #expect(try await sut.cells["history-flaky-table-row-1"].exists == false)
            let advice = sut.tables["quarantine-advice"].cells
            #expect(try await advice.count == 1)
            // (a page's text, as a reader sees it: runs of spaces read as one)
            #expect(
                try await advice.element(boundBy: 0).label
                    == "AppTests.CartTests/testTotal # flip rate 0.25 (95%: 0.11–0.47) over 21 runs")
            // A page of a history alone shows no verdicts, files or mutants
            #expect(try await sut.otherElements["verdicts"].exists == false)
        }
    }

    private func withHistoryPage(_ body: (XCUIApplication) async throws -> Void) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("history.html")
        try HTMLReport(audit: nil, history: Self.summary).write(to: page)
        let app = XCUIApplication(url: page)
        app.timeout = .seconds(60)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.descendants(matching: .any)["trends"].waitForExistence(timeout: 120))
            try await body(sut)
        }
    }
}
