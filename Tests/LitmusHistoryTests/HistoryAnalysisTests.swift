import Foundation
import LitmusModel
import Testing

@testable import LitmusHistory

/// Runs made by hand: `outcomes` per test as letters (P passed, F failed, N not run), suite runs first.
func run(
    _ day: Int, code: String = "c1", kind: HistoryRun.Kind = .quickAudit, commit: String? = nil,
    _ tests: [String: (suite: String, alone: String)], findings: [Finding] = [], quarantined: Set<String> = []
) -> HistoryRun {
    HistoryRun(
        id: "run-\(day)", date: Date(timeIntervalSince1970: Double(day) * 86_400), kind: kind, package: "/p",
        commit: commit, fingerprint: code, machine: "m", wallSeconds: 1,
        tests: tests.keys.sorted().map { name in
            HistoryTestRun(
                test: TestID(name), suite: OutcomeCode.outcomes(tests[name]!.suite),
                alone: OutcomeCode.outcomes(tests[name]!.alone).first ?? .notRun, milliseconds: Double(day),
                quarantined: quarantined.contains(name))
        }, findings: findings)
}

@Suite("A history's verdicts")
struct HistoryAnalysisTests {
    @Test("Flips are counted between identical runs of one kind on the same code, never across a change of code")
    func flipsOnOneCode() throws {
        // Given: a test failing in the suite on code c1, then passing once the code changed, then flipping on c2
        let runs = [
            run(1, code: "c1", ["T.a": ("FF", "N")]),
            run(2, code: "c2", ["T.a": ("PP", "N")]),
            run(3, code: "c2", ["T.a": ("F", "N")]),
        ]

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 3, trend: [])

        // Then: c1's pair (F, F), c2's (P, P), (P, F): three trials, one flip; c1 → c2 is no trial
        let test = try #require(summary.tests.first)
        #expect(test.trials == 3)
        #expect(test.flips == 1)
        #expect(test.firstFlip?.run == "run-3")
        #expect(summary.findings.map(\.kind) == [.flaky])
    }

    @Test("Outcomes of different kinds of run are separate sequences: failing only in parallel is no flip")
    func kindsApart() {
        // Given: always passing one at a time, always failing in parallel and passing alone
        var runs: [HistoryRun] = []
        for day in 1...4 {
            var made = run(day, ["T.b": ("P", "P")])
            made.tests[0].parallel = [.failed]
            runs.append(made)
        }

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 4, trend: [])

        // Then: 3 suite trials, 3 parallel, 3 alone; none flipped
        #expect(summary.tests.first?.trials == 9)
        #expect(summary.tests.first?.flips == 0)
        #expect(summary.findings.isEmpty)
    }

    @Test(
        "The Wilson interval of a flip rate",
        arguments: [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (1, 1, 0.2065, 1.0)])
    func wilson(flips: Int, trials: Int, low: Double, high: Double) {
        let interval = HistoryAnalysis.wilson(flips, of: trials)
        #expect(abs(interval.lowerBound - low) < 0.0005)
        #expect(abs(interval.upperBound - high) < 0.0005)
    }

    @Test("Each test's isolation findings come from the latest audit that ran it alone; a flaky test has none")
    func aloneFindingsCarried() {
        // Given: T.c ran alone on day 1 (an order finding) and not since; T.d ran alone on days 1 and 2, and
        // day 2's code (c2) no longer has its finding; T.e has an isolation finding but flips on day 2
        let order = Finding(kind: .failsOnlyWithOthers, test: "T.c", message: "c after a")
        let old = Finding(kind: .passesOnlyWithOthers, test: "T.d", message: "d needs b")
        let noisy = Finding(kind: .failsOnlyWithOthers, test: "T.e", message: "e after a")
        let tautology = Finding(kind: .tautology, test: "T.c", file: "Tests/C.swift", line: 3, message: "same")
        let runs = [
            run(1, ["T.c": ("F", "P"), "T.d": ("P", "F"), "T.e": ("F", "P")], findings: [order, old, noisy]),
            run(2, code: "c2", ["T.c": ("F", "N"), "T.d": ("P", "P"), "T.e": ("PF", "N")], findings: [tautology]),
        ]

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 2, trend: [])

        // Then
        let found = Set(summary.findings.map { "\($0.kind.rawValue) \($0.test?.rawValue ?? "-")" })
        #expect(found == ["failsOnlyWithOthers T.c", "tautology T.c", "flaky T.e"])
        #expect(summary.notYetAlone.isEmpty)
    }

    @Test("A test that held before it flipped is newly flaky from the run where it first flipped, with that commit")
    func newlyFlaky() throws {
        // Given: four passing runs on one code, then a failure
        let runs =
            (1...4).map { run($0, commit: "aaaa\($0)", ["T.f": ("P", "N")]) }
            + [run(5, commit: "bbbb5", ["T.f": ("F", "N")])]

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 5, trend: [])

        // Then
        let test = try #require(summary.tests.first)
        #expect(test.newlyFlaky)
        #expect(test.firstFlip?.commit == "bbbb5")
        #expect(summary.findings.first?.message.contains("first at commit bbbb5") == true)
    }

    @Test(
        "A test flipping at or above the threshold gets a quarantine line; a quarantined test that held is releasable")
    func quarantineFromEvidence() {
        // Given: T.g flips every run; T.h is quarantined and passed in its last 3 runs
        let runs = (1...3).map { day in
            run(day, ["T.g": (day % 2 == 0 ? "F" : "P", "N"), "T.h": ("P", "P")], quarantined: ["T.h"])
        }

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 3, trend: [], releaseAfter: 3)

        // Then
        #expect(summary.quarantineAdvice.map(\.test) == ["T.g"])
        #expect(summary.quarantineAdvice.first?.line.hasPrefix("T.g  # flip rate 1.00 (95%: ") == true)
        #expect(summary.releasable == ["T.h"])
        // and not before it held as many runs as asked
        #expect(
            HistoryAnalysis.summarize(runs, file: "h", runsInFile: 3, trend: [], releaseAfter: 4).releasable.isEmpty)
    }

    @Test(
        "Fast from the history: a test is slow when its median over the audits is over its budget, not when the latest run was"
    )
    func slowOverTheWindow() throws {
        // Given: three audits at budget 100 ms; T.k was slow only in the latest (its finding there), T.l only
        // before it; T.m, a performance test, has no budget and keeps the latest audit's finding
        let durations: [String: [Double]] = ["T.k": [80, 90, 150], "T.l": [120, 130, 95], "T.m": [500, 500, 500]]
        let runs = (0..<3).map { index in
            var made = run(index + 1, ["T.k": ("P", "N"), "T.l": ("P", "N"), "T.m": ("P", "N")])
            for test in made.tests.indices {
                let name = made.tests[test].test.rawValue
                made.tests[test].milliseconds = durations[name]?[index]
                made.tests[test].budgetMilliseconds = name == "T.m" ? nil : 100
            }
            if index == 2 {
                made.findings = [
                    Finding(kind: .slowTest, test: "T.k", file: "Tests/K.swift", line: 4, message: "T.k takes 150 ms"),
                    Finding(kind: .slowTest, test: "T.m", message: "T.m takes 500 ms"),
                ]
            }
            return made
        }

        // When
        let summary = HistoryAnalysis.summarize(runs, file: "h", runsInFile: 3, trend: [])

        // Then
        let slow = summary.findings.filter { $0.kind == .slowTest }
        #expect(slow.map(\.test) == ["T.l", "T.m"])
        let l = try #require(slow.first)
        #expect(l.message == "T.l takes 120 ms (median over 3 audits), over the 100 ms budget")
        #expect(slow.last?.message == "T.m takes 500 ms")
    }

    @Test("Tests that ran alone in no audit of the window are listed as still to run alone")
    func notYetAlone() {
        let runs = [run(1, ["T.i": ("P", "P"), "T.j": ("P", "N")])]
        #expect(HistoryAnalysis.summarize(runs, file: "h", runsInFile: 1, trend: []).notYetAlone == ["T.j"])
    }

    @Test("A test the latest audit's footprints found isolated is not still to run alone; one found isolated before is")
    func isolatedNeedsNoAloneRun() {
        // Given: T.j isolated in the latest audit, T.k only in an earlier one
        var earlier = run(1, ["T.j": ("P", "N"), "T.k": ("P", "N")])
        earlier.tests[1].isolated = true
        var latest = run(2, ["T.j": ("P", "N"), "T.k": ("P", "N")])
        latest.tests[0].isolated = true
        latest.tests[1].isolated = false

        // When / Then
        let summary = HistoryAnalysis.summarize([earlier, latest], file: "h", runsInFile: 2, trend: [])
        #expect(summary.notYetAlone == ["T.k"])
    }
}
