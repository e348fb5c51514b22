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
        return min(timeout, max(60, 5 * slowest))
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
