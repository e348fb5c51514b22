// What a history costs at the size of a busy project: 1,000 recorded audits of a 2,000-test suite
// (2 million outcomes), against the goal that reading it (`litmus history`) takes under 1 s.
// It writes the synthetic history once (not the goal: a run appends one audit), then times, each the
// median of 5: the summary `litmus history` prints (the last 30 audits, the trend, the count); when
// each test last ran alone (what a quick audit reads to pick its share); one more audit appended, the
// flaky count of its trend point included. With the path of a `litmus` executable it also times the
// whole command, process start included.
// Run: swift run -c release HistoryBenchmark [RUNS] [TESTS] [LITMUS]   (default: 1000 2000, no executable)
import Foundation
import LitmusHistory
import LitmusModel
import LitmusSupport

let arguments = CommandLine.arguments
let runCount = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let testCount = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
let executable = arguments.count > 3 ? arguments[3] : nil

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    return (ContinuousClock.now - start).inSeconds
}

func median(_ work: () async throws -> Void) async rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<5 { times.append(try await seconds(work)) }
    return times.sorted()[2]
}

/// Audit `index` of the synthetic history: a fifth of the tests alone (the quick audit's share), one test
/// in 200 flaky (failing every third run), one new commit every 10 runs.
func audit(_ index: Int) -> HistoryRun {
    let tests = (0..<testCount).map { test in
        let flaky = test % 200 == 0 && (index + test) % 3 == 0
        return HistoryTestRun(
            test: TestID("Big.Case\(test / 50)/test\(test)"), suite: [flaky ? .failed : .passed],
            parallel: test % 2 == 0 ? [.passed] : [], alone: test % 5 == index % 5 ? .passed : .notRun,
            milliseconds: Double(test % 17) + 0.5)
    }
    return HistoryRun(
        date: Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 3600),
        kind: index % 10 == 9 ? .audit : .quickAudit,
        package: "/big", commit: String(format: "%040x", index / 10), fingerprint: "code-\(index / 10)", machine: "ci",
        seed: UInt64(index), wallSeconds: 60, suiteSeconds: 20, linePercent: 80, quarantinedTests: 1,
        share: index % 5 + 1,
        spread: 5, tests: tests,
        findings: [
            Finding(
                kind: .noAssertion, test: "Big.Case0/test1", file: "Tests/Big/Case0.swift", line: 3,
                message: "asserts nothing")
        ])
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "litmus-history-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("history.sqlite")
let store = try HistoryStore(file: file)
let written = try await seconds {
    for start in stride(from: 0, to: runCount, by: 50) {
        try store.append((start..<min(runCount, start + 50)).map(audit))
    }
}
let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
print(
    String(
        format: "history: %d audits of %d tests written in %.1f s (not the goal), %.0f MB", runCount, testCount,
        written, Double(size) / 1e6))

let recorder = HistoryRecorder(file: file)
var summary: HistorySummary?
let summarizing = try await median { summary = try recorder.summary() }
print(
    String(
        format: "summary (litmus history's work): %.3f s, median of 5; goal under 1 s: %@", summarizing,
        summarizing < 1 ? "met" : "NOT met"))
print(
    "  it read \(summary?.audits ?? 0) audits, found \(summary?.flaky.count ?? 0) flaky tests, \(summary?.findings.count ?? 0) findings"
)
let alone = try await median { _ = try recorder.lastRanAlone() }
print(String(format: "last ran alone (a quick audit's share): %.3f s, median of 5", alone))
var next = runCount
let appending = try await median {
    let run = audit(next)
    next += 1
    _ = try recorder.append(run)
}
print(String(format: "one more audit appended (%d tests): %.3f s, median of 5", testCount, appending))
if let executable {
    let command = try await median {
        _ = try await ChildProcess.run(
            URL(fileURLWithPath: executable), ["history", file.path], in: folder,
            outputFile: folder.appendingPathComponent("output.txt"), timeout: 60)
    }
    print(
        String(
            format: "litmus history %@ (the process): %.3f s, median of 5; goal under 1 s: %@", file.lastPathComponent,
            command, command < 1 ? "met" : "NOT met"))
}
