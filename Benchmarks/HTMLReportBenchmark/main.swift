// The HTML report at scale: generates an audit of 5,000 tests and a mutation run of 20,000 mutants
// (200 files of 300 lines, 100 mutants each), renders the page, opens it from disk in headless Chromium
// through LitmusUI, sorts the largest tables and opens a file, and prints the times. Nothing is asserted:
// docs/report.md keeps the figures.
//
//   swift build --build-tests && .build/debug/HTMLReportBenchmark [rounds, default 5]
//
// (or `swift run -c release HTMLReportBenchmark`: only the time to write the page, in Swift, changes.)
//
// Two kinds of time are printed: the page's own (performance.now() around rendering and sorting, shown in
// its footer) and the wall time seen by the test (from the tap until LitmusUI reads the new first row),
// which adds WebDriver round trips and LitmusUI's actionability checks.

import Foundation
import LitmusAudit
import LitmusReport
import LitmusSupport
import LitmusUI

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 5
guard rounds > 0 else {
    FileHandle.standardError.write(Data("HTMLReportBenchmark: rounds must be at least 1 (default 5)\n".utf8))
    exit(64)
}

/// A small deterministic generator, so every run measures the same report.
struct Random {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

let testCount = 5_000
let fileCount = 200
let linesPerFile = 300
let mutantsPerFile = 100
var random = Random()
let files = (0..<fileCount).map { "Sources/Big/File\($0).swift" }

@MainActor func auditJSON() throws -> Data {
    let outcomes = ["passed", "passed", "passed", "failed"]
    let tests: [[String: Any]] = (0..<testCount).map { index in
        let median = Double(random.next(20_000)) / 100
        let suite = (0..<3).map { _ in outcomes[random.next(index % 97 == 0 ? 4 : 3)] }
        let file = files[random.next(fileCount)]
        let start = 1 + random.next(linesPerFile - 20)
        return [
            "id": "BigTests.Suite\(index / 50)/test\(index)", "name": "Suite\(index / 50).test\(index)",
            "library": index.isMultiple(of: 2) ? "XCTest" : "Swift Testing",
            "file": "Tests/BigTests/Suite\(index / 50).swift",
            "line": 10 + index % 50, "suiteOutcomes": suite, "aloneOutcome": "passed",
            "durationsMilliseconds": [median, median, median], "medianMilliseconds": median,
            "flipRate": Set(suite).count > 1 ? 0.5 : 0, "issues": [String](),
            "coveredLines": [file: "\(start)-\(start + 12),\(start + 15)"],
        ]
    }
    let coverage: [[String: Any]] = files.map { file in
        [
            "file": file, "coveredLines": random.next(linesPerFile), "lines": linesPerFile, "coveredRegions": 40,
            "regions": 60,
        ]
    }
    let verdicts: [[String: Any]] = ["F", "I", "R", "S", "T"].map { letter in
        ["letter": letter, "passed": letter != "F", "findings": letter == "F" ? 1 : 0, "summary": "generated"]
    }
    let report: [String: Any] = [
        "schemaVersion": 1, "package": "/generated/Big", "seed": 42, "options": [String: Any](), "wallSeconds": 600,
        "buildSeconds": 100, "tests": tests, "findings": [[String: Any]](), "verdicts": verdicts,
        "coverage": ["linePercent": 61.5, "regionPercent": 55.2, "files": coverage], "failingTests": [String](),
        "unmetThresholds": [String](), "timedOutRuns": [[String: Any]](),
    ]
    let data = try JSONSerialization.data(withJSONObject: report)
    _ = try JSONDecoder().decode(AuditReport.self, from: data)
    return data
}

@MainActor func mutationJSON() throws -> Data {
    let statuses: [StrykerReport.Status] = [.killed, .killed, .killed, .survived, .noCoverage, .timeout]
    var reportFiles: [String: StrykerReport.SourceFile] = [:]
    var id = 0
    for file in files {
        let source = (1...linesPerFile).map { "        let value\($0) = left\($0) + right\($0) * 2 // line \($0)" }
            .joined(separator: "\n")
        let mutants = (0..<mutantsPerFile).map { _ in
            id += 1
            let line = 1 + random.next(linesPerFile)
            let status = statuses[random.next(statuses.count)]
            let covering = (0..<3).map { _ in "BigTests.Suite\(random.next(100))/test\(random.next(testCount))" }
            return StrykerReport.Mutant(
                id: String(id), mutatorName: "ArithmeticOperator", replacement: "-",
                location: .init(start: .init(line: line, column: 30), end: .init(line: line, column: 31)),
                status: status,
                coveredBy: status == .noCoverage ? [] : covering, killedBy: status == .killed ? [covering[0]] : [],
                testsCompleted: 3, duration: 250)
        }
        reportFiles[file] = StrykerReport.SourceFile(source: source, mutants: mutants)
    }
    return try JSONEncoder().encode(StrykerReport(files: reportFiles))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count.isMultiple(of: 2)
        ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}

func format(_ values: [Double]) -> String {
    String(format: "median %.0f ms (min %.0f, max %.0f)", median(values), values.min() ?? 0, values.max() ?? 0)
}

/// The number in the page's footer after `prefix` ("rendered in 123 ms").
func pageTime(_ footer: String, after prefix: String) -> Double? {
    guard let range = footer.range(of: prefix + " in ") else { return nil }
    return Double(footer[range.upperBound...].prefix { $0.isNumber })
}

let clock = ContinuousClock()
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    .joined(separator: " ")
print("HTMLReportBenchmark: \(testCount) tests, \(fileCount * mutantsPerFile) mutants, \(rounds) rounds")
print("load average at start: \(load ?? "unknown")")

var renderTimes: [Double] = []
var page = ""
let audit = try auditJSON()
let mutation = try mutationJSON()
for _ in 0..<rounds {
    let start = clock.now
    page = HTMLReport(auditJSON: audit, mutationJSON: mutation).render()
    renderTimes.append((clock.now - start).inMilliseconds)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-report-benchmark-\(UUID())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("report.html")
try Data(page.utf8).write(to: file)
print(
    String(
        format: "page: %.1f MB; writing it (HTMLReport.render): %@", Double(page.utf8.count) / 1e6, format(renderTimes))
)

// A first launch starts chromedriver and Chromium; it is not what a report costs to open.
let warmUp = XCUIApplication(url: URL(string: "data:text/html,<p>warm</p>")!)
try await warmUp.launch()
try await warmUp.terminate()

var openWall: [Double] = []
var openPage: [Double] = []
var sortMutantsWall: [Double] = []
var sortMutantsPage: [Double] = []
var sortTestsWall: [Double] = []
var sortTestsPage: [Double] = []
var openFileWall: [Double] = []
for _ in 0..<rounds {
    let app = XCUIApplication(url: file)
    app.timeout = .seconds(30)
    var start = clock.now
    try await app.launch()
    _ = try await app.otherElements["verdict-F"].waitForExistence(timeout: 30)
    openWall.append((clock.now - start).inMilliseconds)
    openPage.append(pageTime(try await app.staticTexts["timing"].label, after: "rendered") ?? .nan)

    start = clock.now
    try await app.buttons["Status"].tap()
    _ = try await app.cells["mutants-table-row-0"].wait(until: { $0.label.contains("Survived") }, timeout: 30)
    sortMutantsWall.append((clock.now - start).inMilliseconds)
    sortMutantsPage.append(
        pageTime(try await app.staticTexts["timing"].label, after: "sorted mutants by Status") ?? .nan)

    let unsorted = try await app.cells["tests-table-row-0"].label
    start = clock.now
    try await app.buttons["Median (ms)"].tap()
    _ = try await app.cells["tests-table-row-0"].wait(until: { $0.label != unsorted }, timeout: 30)
    sortTestsWall.append((clock.now - start).inMilliseconds)
    sortTestsPage.append(
        pageTime(try await app.staticTexts["timing"].label, after: "sorted tests by Median (ms)") ?? .nan)

    start = clock.now
    try await app.buttons["Open Sources/Big/File1.swift"].tap()
    _ = try await app.otherElements["source"].waitForExistence(timeout: 30)
    openFileWall.append((clock.now - start).inMilliseconds)
    try await app.terminate()
}
print("open the page until the verdict cards exist (wall, warm browser): \(format(openWall))")
print("  of which the page's script (parse the JSON, render): \(format(openPage))")
print("sort 20,000 mutants by status (wall, tap to new first row): \(format(sortMutantsWall))")
print("  in the page: \(format(sortMutantsPage))")
print("sort 5,000 tests by median (wall): \(format(sortTestsWall))")
print("  in the page: \(format(sortTestsPage))")
print("open a file of 300 lines and 100 mutants (wall): \(format(openFileWall))")
