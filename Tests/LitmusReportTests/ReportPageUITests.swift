import Foundation
import LitmusReport
import LitmusUI
import Testing

/// The HTML report of the Examples' audit (examples-audit.json, from `litmus audit Examples --json`) and
/// mutation run (examples-mutation.json, from `litmus mutate Examples --json`: 251 mutants, 37 survivors),
/// opened from disk in headless Chromium, as a user of Litmus would test a web page of their own.
@Suite(
    "The HTML report in Chromium", .tags(.endToEnd), .serialized,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct ReportPageUITests {
    @Test("A card per FIRST letter shows its verdict and findings, and one shows the mutation score")
    func verdictCards() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            #expect(try await sut.otherElements["verdict-F"].label == "F Fast: passed, 1 finding")
            #expect(try await sut.otherElements["verdict-I"].label == "I Isolated: passed, 0 findings")
            #expect(try await sut.otherElements["verdict-R"].label == "R Repeatable: passed, 0 findings")
            #expect(try await sut.otherElements["verdict-S"].label == "S Self-validating: passed, 0 findings")
            #expect(try await sut.otherElements["verdict-T"].label == "T Thorough: passed, 0 findings")
            #expect(
                try await sut.otherElements["mutation-score"].label == "Mutation score: 79.2 %, 52 mutants undetected")
        }
    }

    @Test("Sorting the tests by their median duration, slowest first, puts the property test on top")
    func sortTestsByDuration() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            // When
            try await sut.buttons["Median (ms)"].tap()

            // Then
            let first = try await sut.cells["tests-table-row-0"].label
            #expect(first.hasPrefix("CalculatorViewModelPropertyTests/matchesReferenceModel()"))
        }
    }

    @Test("Sorting the files by mutation score puts the file with the lowest score first")
    func sortFilesByMutationScore() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            // When
            try await sut.buttons["Mutation score"].tap()

            // Then
            let first = try await sut.cells["files-table-row-0"].label
            #expect(first.hasPrefix("Movies/Sources/Movies/TableView.swift"))
        }
    }

    @Test("The tests table shows 50 rows at a time, and Next shows the following 50")
    func paging() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            // Given
            #expect(try await sut.staticTexts["tests-table-info"].label == "Rows 1–50 of 158")

            // When
            try await sut.otherElements["tests"].buttons["Next"].tap()

            // Then
            #expect(try await sut.staticTexts["tests-table-info"].label == "Rows 51–100 of 158")
            #expect(try await sut.cells["tests-table-row-50"].exists == false)
        }
    }

    @Test("Opening a surviving mutant shows the original and the mutated code, its status, its tests and its hint")
    func survivingMutant() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            // Given
            try await sut.buttons["Open CashRegister/Sources/CashRegister/CashRegister.swift"].tap()

            // When
            try await sut.buttons["Mutant 179: Survived"].tap()

            // Then
            #expect(
                try await sut.staticTexts["mutant-original"].label
                    == "guard payment >= 0 else { throw .negativePayment(payment) }")
            #expect(
                try await sut.staticTexts["mutant-mutated"].label
                    == "guard payment > 0 else { throw .negativePayment(payment) }")
            #expect(try await sut.staticTexts["mutant-status"].label == "Survived")
            #expect(try await sut.tables["mutant-covered-by"].cells.count == 10)
            // Its hint, under its heading (the report recorded before hints holds the check litmus derives)
            #expect(try await sut.staticTexts["mutant-hint-title"].label == "What would kill it")
            #expect(try await sut.staticTexts["mutant-hint"].label.contains("add a case where `payment` is 0"))
        }
    }

    @Test("A screenshot of the report is taken (docs/images/html-report.png with LITMUS_UPDATE_SCREENSHOTS=1)")
    func screenshot() async throws {
        try await withReportPage { (sut: XCUIApplication) async throws in
            // When
            let png = try await sut.screenshot().pngRepresentation

            // Then
            #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            if ProcessInfo.processInfo.environment["LITMUS_UPDATE_SCREENSHOTS"] == "1" {
                let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("docs/images/html-report.png")
                try png.write(to: docs)
            }
        }
    }

    @Test("Order-dependent tests are shown as victim and polluter with the seed to replay")
    func orderDependence() async throws {
        try await withReportPage(audit: try resource("planted-audit.json"), mutation: nil) {
            (sut: XCUIApplication) async throws in
            let row = sut.cells["order-table-row-0"].staticTexts
            #expect(try await sut.otherElements["verdict-I"].label == "I Isolated: failed, 2 findings")
            #expect(try await row.element(boundBy: 0).label == "OrderTests.testC_expectsAnEmptyBasket")
            #expect(try await row.element(boundBy: 1).label == "OrderTests.testA_addsToTheSharedBasket")
            #expect(try await row.element(boundBy: 2).label == "fails after it")
            #expect(try await row.element(boundBy: 3).label == "litmus audit --replay 293397")
        }
    }

    @Test("A flaky test is listed with its flip rate and the outcome of each run")
    func flipRates() async throws {
        try await withReportPage(audit: try resource("planted-audit.json"), mutation: nil) {
            (sut: XCUIApplication) async throws in
            let row = sut.cells["flips-table-row-0"].staticTexts
            #expect(try await row.element(boundBy: 0).label == "flakyDiscount()")
            #expect(try await row.element(boundBy: 1).label == "1.00")
            #expect(try await row.element(boundBy: 2).label == "passed")  // each run's outcome is a text of its own
            #expect(try await row.element(boundBy: 3).label == "failed")
            #expect(try await row.element(boundBy: 4).label == "passed")
        }
    }

    @Test("An audit with no tests renders its sections, each saying it is empty")
    func emptyAudit() async throws {
        try await withReportPage(audit: Data(emptyAuditJSON.utf8), mutation: nil, readyWhen: "tests-table-info") {
            (sut: XCUIApplication) async throws in
            #expect(try await sut.staticTexts["No tests."].exists)
            #expect(try await sut.staticTexts["tests-table-info"].label == "No tests")
            #expect(try await !sut.otherElements["verdict-F"].exists)
        }
    }

    @Test("A letter the run could not measure says so and why, and an audit that observed no test says it first")
    func notMeasured() async throws {
        try await withReportPage(audit: Data(unmeasuredAuditJSON.utf8), mutation: nil, readyWhen: "verdict-T") {
            (sut: XCUIApplication) async throws in
            #expect(try await sut.otherElements["verdict-T"].label == "T Thorough: not measured, 0 findings")
            #expect(try await sut.otherElements["verdict-F"].label == "F Fast: passed, 0 findings")
            #expect(try await sut.staticTexts["coverage was asked for and not measured: no space left on /tmp"].exists)
            let alert = sut.alerts["unobserved-suite"]
            #expect(try await alert.staticTexts["No test was observed: the suite crashed before its first test"].exists)
            #expect(try await alert.descendants(matching: .any)["error: Fatal error: boom"].exists)
        }
    }

    @Test("A mutation report alone (litmus mutate --html) shows the mutation score and its files")
    func mutationOnly() async throws {
        try await withReportPage(
            audit: nil, mutation: try resource("examples-mutation.json"), readyWhen: "mutation-score"
        ) { (sut: XCUIApplication) async throws in
            #expect(
                try await sut.otherElements["mutation-score"].label == "Mutation score: 79.2 %, 52 mutants undetected")
            #expect(try await sut.staticTexts["files-table-info"].label == "Rows 1–20 of 20")
        }
    }

    @Test("A finding's verified patch (--fixes) is shown beside it, with what the search cost; one without says why")
    func repairBesideFinding() async throws {
        // Given: the Examples' report with two order-dependent findings, one repaired and one not
        var report = try JSONDecoder().decode(AuditReport.self, from: try resource("examples-audit.json"))
        var repaired = Finding(
            kind: .passesOnlyWithOthers, test: "ShopTests.CartTests/testE_needsTheLocale",
            file: "Tests/ShopTests/ShopTests.swift", line: 33,
            message:
                "CartTests.testE_needsTheLocale passes among the others and fails alone: it needs CartTests.testD_setsTheLocale to run first"
        )
        repaired.repair = Repair(
            patch:
                "diff --git a/T.swift b/T.swift\n--- a/T.swift\n+++ b/T.swift\n@@ -1,1 +1,2 @@\n x\n+        locale = \"fr_FR\"\n",
            summary:
                "Verified: 1 of the 2 statements of the state-setter CartTests.testD_setsTheLocale in CartTests.setUp() make CartTests.testE_needsTheLocale pass alone",
            runs: 3, builds: 3, seconds: 8.3)
        var unrepaired = Finding(
            kind: .failsOnlyWithOthers, test: "ShopTests.VisitTests/testB_expectsNoVisits",
            message: "VisitTests.testB fails after VisitTests.testA")
        unrepaired.repair = Repair(
            patch: nil, summary: "No cleaner: none of 5 candidates", runs: 3, builds: 3, seconds: 10.7)
        report.findings += [repaired, unrepaired]
        let encoder = JSONEncoder()

        try await withReportPage(audit: try encoder.encode(report), mutation: nil) {
            (sut: XCUIApplication) async throws in
            // Then
            let patch = try await sut.staticTexts["repair-patch"].label
            // (its label, as an accessibility tree reads it, has its whitespace collapsed)
            #expect(patch.contains("@@ -1,1 +1,2 @@ x + locale = \"fr_FR\""))
            let texts = try await sut.staticTexts.matching(identifier: "repair").allElementsBoundByIndex
            #expect(texts.count == 2)
            var labels: [String] = []
            for text in texts { labels.append(try await text.label) }
            #expect(
                labels.contains {
                    $0.hasPrefix("Verified patch: Verified: 1 of the 2 statements")
                        && $0.contains("(3 runs, 3 builds, 8.3 s)")
                })
            #expect(
                labels.contains {
                    $0.hasPrefix("No patch: No cleaner: none of 5 candidates (3 runs, 3 builds, 10.7 s)")
                })
        }
    }

    /// The page of the Examples' reports, opened in Chromium, for `body`.
    private func withReportPage(_ body: (XCUIApplication) async throws -> Void) async throws {
        try await withReportPage(
            audit: try resource("examples-audit.json"), mutation: try resource("examples-mutation.json"), body)
    }

    /// Writes the report page of the given JSON to a temporary file, opens it in Chromium, waits for the
    /// element `readyWhen`, and runs `body` on the page.
    private func withReportPage(
        audit: Data?, mutation: Data?, readyWhen ready: String = "verdict-F",
        _ body: (XCUIApplication) async throws -> Void
    ) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try HTMLReport(auditJSON: audit, mutationJSON: mutation).write(to: page)
        let app = XCUIApplication(url: page)
        app.timeout = .seconds(60)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.descendants(matching: .any)[ready].waitForExistence(timeout: 120))
            try await body(sut)
        }
    }
}
