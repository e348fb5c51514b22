import Foundation
import LitmusSupport

/// The parallel runs: Swift Testing's tests all at once, as `swift test` runs them, with a time limit
/// taken from the suite runs.
extension RunStage {
    /// Swift Testing's own default, every test at once as `swift test` runs them: parallel runs `indices`
    /// of `count` (a race shows only in some of them).
    func runParallel(_ indices: [Int], of count: Int, log: inout RunLog) async throws -> [ObservedRun] {
        guard !indices.isEmpty else { return [] }
        progress(.phase("Running the Swift Testing tests in parallel \(Self.times(indices.count, of: count))"))
        var binary = self.binary
        binary.timeout = Self.parallelLimit(after: log.processes, timeout: binary.timeout)
        var runs: [ObservedRun] = []
        for (done, index) in indices.enumerated() {
            let run = try await binary.runSwiftTests(nil, profile: "parallel-\(index)", parallel: true)
            runs.append(parallelRun(index, of: count, run, log: &log))
            progress(.step(done: done + 1, total: indices.count))
        }
        return runs
    }

    /// The time limit of a parallel run: five times the slowest one-at-a-time run of the same tests
    /// (`serialSeconds`), at least 60 s, never over `--timeout`
    /// (`timeout`). The tests side by side finish sooner than one at a time, not five times later: a parallel
    /// run past that hangs (swift-subprocess 1.0.2's hung in two of three runs, each killed at `--timeout`'s
    /// 600 s while its serial runs took 20 s). Without a serial run to go by, `--timeout`.
    static func parallelLimit(serialSeconds: [Double], timeout: Double) -> Double {
        guard let slowest = serialSeconds.max() else { return timeout }
        return limit(after: slowest, timeout: timeout)
    }

    /// The time limit of a process whose tests took `seconds` in an earlier run: five times that, at least 60 s,
    /// never over `timeout`.
    static func limit(after seconds: Double, timeout: Double) -> Double { min(timeout, max(60, 5 * seconds)) }

    /// The time limit of a later suite run's process running what `first` (suite run 1's process) ran, by what
    /// that took (``limit(after:timeout:)``); `--timeout` when it crashed or was killed, which ran only some of
    /// its tests. A test that hangs in a later suite run no longer holds the audit for `--timeout` (FlyingFox
    /// 0.27.1's `queueNotificationError_ResumesSocket_WithError()` hung in suite run 2 of one audit in twelve,
    /// which waited the 600 s; its suite run 1 processes took about 3 s).
    func laterSuiteLimit(after first: TestBinary.Run?) -> Double {
        Self.laterSuiteLimit(after: first, timeout: binary.timeout)
    }

    /// Limits every process this stage starts from now on by the whole of suite run 1 (`first`, its processes): five
    /// times their times added, at least 60 s (``laterSuiteLimit(after:)``). A test alone, a random half, a test timed
    /// again, an interference check's or a bisection's runs each run some of the tests suite run 1 ran.
    mutating func limit(afterSuiteRun first: [TestBinary.Run]?) {
        binary.timeout = laterSuiteLimit(after: first.map { TestBinary.Run(merging: $0) })
    }

    /// ``laterSuiteLimit(after:)`` with `timeout` for `--timeout`.
    static func laterSuiteLimit(after first: TestBinary.Run?, timeout: Double) -> Double {
        guard let first, !first.timedOut, first.processes.allSatisfy({ $0.crash == nil }) else { return timeout }
        return limit(after: first.seconds, timeout: timeout)
    }

    /// The time limit of a parallel run after the runs of `processes`: by the suite runs' Swift Testing processes
    /// that did not crash (a crashed process's time is the crash's: writing its backtrace can take longer than its
    /// tests).
    static func parallelLimit(after processes: [RunProcess], timeout: Double) -> Double {
        parallelLimit(
            serialSeconds: processes.filter {
                $0.process.library == .swiftTesting && $0.run.isSuite && $0.process.crash == nil
            }.map { $0.process.end - $0.process.start }, timeout: timeout)
    }

    /// `2 processes`, `1 process`.
    static func processes(_ count: Int) -> String { "\(count) process\(count == 1 ? "" : "es")" }

    /// `3 times`, or a shard's `2 of 3 times`.
    static func times(_ held: Int, of count: Int) -> String {
        held == count ? "\(count) times" : "\(held) of \(count) times"
    }

    /// Parallel run `index` of `count` as observed.
    func parallelRun(_ index: Int, of count: Int, _ run: TestBinary.Run, log: inout RunLog)
        -> ObservedRun
    {
        log.record(run, as: RunShare.parallelRunName(index, of: count), kind: .parallel(index: index), paths: paths)
        return observed(run)
    }
}
