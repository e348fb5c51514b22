import Foundation

/// Swift Testing's parallel mode, run `runs` times (``Observations/parallelRuns``), against the
/// one-at-a-time suite runs and the alone run. R when the parallel runs disagree with each other (the
/// same runs, a different outcome); I when the test passes one at a time and alone and fails in every
/// parallel run (a conflict with a test running at the same time, reproduced each time), or the
/// reverse. Each finding names the tests that ran at the same time as it in the runs where it failed,
/// from the event stream's start and end instants.
enum ParallelJudge {
    /// R: the test's outcome differs between the parallel runs.
    static func flaky(_ test: TestIdentity, in observations: Observations) -> Finding? {
        let runs = observations.parallelRuns.filter { $0.outcome(of: test) != .notRun }
        let outcomes = runs.map { $0.outcome(of: test) }
        guard Statistics.flipRate(outcomes) > 0 else { return nil }
        let failed = outcomes.filter(\.isFailure).count
        let serial =
            observations.suiteOutcomes(of: test).allSatisfy { $0 == .passed }
            ? " and passed every one-at-a-time run" : ""
        return Judge.finding(
            .flaky, test,
            "\(test.name) failed \(failed) of \(outcomes.count) parallel runs (flip rate "
                + String(format: "%.2f", Statistics.flipRate(outcomes)) + ")\(serial)"
                + concurrency(of: test, in: runs.filter { $0.outcome(of: test).isFailure }, observations))
    }

    /// I: the test passes one at a time and alone and fails in every parallel run, or fails one at a time
    /// and alone and passes in every parallel run; `nil` when the parallel runs agree with the others.
    /// `sleeps` (the sleeps of the test's body, for the message) is read only when there is a finding.
    static func orderDependent(
        _ test: TestIdentity, in observations: Observations, sleeps: () -> [Finding] = { [] }
    ) -> Finding? {
        let runs = observations.parallelRuns.filter { $0.outcome(of: test) != .notRun }
        guard !runs.isEmpty, let inSuite = observations.suiteRuns.first?.outcome(of: test) else { return nil }
        let alone = observations.aloneOutcome(of: test)
        let count = runs.count == 1 ? "the parallel run" : "all \(runs.count) parallel runs"
        if inSuite.isFailure && alone.isFailure && runs.allSatisfy({ $0.outcome(of: test) == .passed }) {
            return Judge.finding(
                .passesOnlyWithOthers, test,
                "\(test.name) fails alone and one test at a time, and passes in \(count) "
                    + "(Swift Testing's default, as under swift test): it depends on another test having run")
        }
        if inSuite == .passed && alone == .passed && runs.allSatisfy({ $0.outcome(of: test).isFailure }) {
            return Judge.finding(
                .failsOnlyWithOthers, test,
                "\(test.name) passes alone and one test at a time, and fails in \(count): "
                    + "it shares state with a test running at the same time"
                    + waits(sleeps()) + concurrency(of: test, in: runs, observations))
        }
        return nil
    }

    /// `, or it waits a fixed time (`Task.sleep(seconds: 0.1)` at line 71) that the tests running beside
    /// it outlast`: a test that sleeps and then checks what should have happened meanwhile fails when the
    /// tests beside it slow the work down, with no state shared.
    static func waits(_ sleeps: [Finding]) -> String {
        guard let sleep = sleeps.first else { return "" }
        let call = sleep.message.components(separatedBy: " sleeps: ").last ?? "a sleep"
        return
            ", or it waits a fixed time (`\(call)`\(sleep.line.map { " at line \($0)" } ?? "")) that the tests running beside it outlast"
    }

    /// The sleeps the analysis found in `test`'s body: the sleep findings in its file between its line and
    /// the next test's.
    static func sleeps(of test: TestIdentity, _ observations: Observations, _ analysis: SourceAnalysis) -> [Finding] {
        guard let file = test.file, let line = test.line else { return [] }
        let next = observations.tests.compactMap { $0.file == file ? $0.line : nil }.filter { $0 > line }.min() ?? .max
        return analysis.findings.map(\.finding).filter { finding in
            finding.kind == .sleepInTest && finding.file == file && (finding.line ?? 0) >= line
                && (finding.line ?? 0) < next
        }
    }

    /// `; running at the same time: A(), B()`: the tests whose start-to-end span overlapped the test's in
    /// every one of `runs`, at most five named: those declared in the test's own file first (state two
    /// tests share is most often a global or a static of that file, and when every test starts at once
    /// the overlaps are alike), then the longest overlap in the first run; empty when no span is known.
    static func concurrency(of test: TestIdentity, in runs: [ObservedRun], _ observations: Observations) -> String {
        var common: Set<TestID>?
        for run in runs {
            let overlapping = Set(run.overlaps(with: test.id).map(\.id))
            common = common.map { $0.intersection(overlapping) } ?? overlapping
        }
        guard let first = runs.first, let common, !common.isEmpty else { return "" }
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let overlapping = first.overlaps(with: test.id).filter { common.contains($0.id) }.compactMap { byID[$0.id] }
        let inItsFile = { (other: TestIdentity) in test.file != nil && other.file == test.file }
        let named = (overlapping.filter(inItsFile) + overlapping.filter { !inItsFile($0) }).map(\.name)
        let shown = named.prefix(5).joined(separator: ", ")
        let more = named.count > 5 ? " and \(named.count - 5) more" : ""
        return "; running at the same time\(runs.count > 1 ? " in each" : ""): \(shown)\(more)"
    }
}

extension ObservedRun {
    /// The other tests whose span overlapped `id`'s in this run, the longest overlap first (then by id).
    func overlaps(with id: TestID) -> [(id: TestID, seconds: Double)] {
        guard let span = results[id]?.span else { return [] }
        return results.compactMap { other, result -> (id: TestID, seconds: Double)? in
            guard other != id, let theirs = result.span else { return nil }
            // Strictly: a test that started the instant another ended ran after it.
            let seconds = min(span.upperBound, theirs.upperBound) - max(span.lowerBound, theirs.lowerBound)
            return seconds > 0 ? (other, seconds) : nil
        }.sorted { ($1.seconds, $0.id) < ($0.seconds, $1.id) }
    }
}
