import Foundation
import LitmusModel
import LitmusSupport

/// A run of the audit, by what it ran: what a process belongs to, so that it can be named in a report
/// and run again.
public enum RunKind: Sendable, Hashable, Codable {
    /// Suite run `index` (from 1), one test at a time.
    case suite(index: Int)
    /// Parallel run `index` (from 1): Swift Testing's default mode.
    case parallel(index: Int)
    /// The test `test` alone.
    case alone(test: TestID)
    /// Random half `index` (from 1).
    case half(index: Int)

    /// Whether it is a suite run (one test at a time, the whole suite).
    public var isSuite: Bool {
        if case .suite = self { return true }
        return false
    }

    /// `suite run 2`, `parallel run 1`, `random half 2`, `M.Tests/testA alone`.
    public var description: String {
        switch self {
        case .suite(let index): "suite run \(index)"
        case .parallel(let index): "parallel run \(index)"
        case .alone(let test): "\(test) alone"
        case .half(let index): "random half \(index)"
        }
    }
}

/// One test process, as it ended: its framework, when it ran, and how it ended when that matters: a
/// crash, and the processes it left running.
package struct TestProcess: Sendable, Hashable, Codable {
    /// Its framework.
    package var library: TestLibrary
    /// When it started, in seconds on the audit's clock (``TestBinary/clock``): which processes ran beside it.
    package var start: Double
    /// When it ended.
    package var end: Double
    /// The tests that started in it, in order.
    package var tests: [TestID]
    /// How it died, when it crashed (not killed at the time limit).
    package var crash: ProcessCrash?
    /// The tests that were running when it crashed.
    package var inFlight: [TestID] = []
    /// What it left running after it ended (each was ended by the audit).
    package var leftovers: [LeftoverProcess] = []
    /// The tests that failed in it; `nil` in a record written before it was kept. A run's name does not tell:
    /// a test timed again alone has the name of its first alone run (`.alone`), not that run's outcome.
    package var failed: [TestID]? = nil

    /// Whether it ran while `other` ran.
    package func overlaps(_ other: TestProcess) -> Bool { start < other.end && other.start < end }
}

/// A test process of the audit with the run it belongs to.
package struct RunProcess: Sendable, Hashable, Codable {
    /// The run.
    package var run: RunKind
    /// The process.
    package var process: TestProcess
}

extension LeftoverProcess: CustomStringConvertible {
    /// `sleep 300 (pid 123)`.
    public var description: String { "\(command) (pid \(pid))" }
}

/// What the runs of an audit kept besides the tests' results: the processes killed at their time limit,
/// and every test process with its run, its span, any crash and anything it left running.
package struct RunLog: Sendable {
    /// The processes killed at the time limit.
    package var timedOut: [TimedOutRun] = []
    /// Every test process.
    package var processes: [RunProcess] = []

    /// An empty log.
    package init() {}

    /// Keeps `run`'s processes as run `kind`, named `name` (with the `seed` that chose its tests, if
    /// any) where one timed out, with the package's paths in what they printed.
    package mutating func record(
        _ run: TestBinary.Run, as name: String, seed: UInt64? = nil, kind: RunKind, paths: PathMap
    ) {
        timedOut += run.timeouts.map { $0.record(as: name, seed: seed) }
        processes += run.processes.map { process in
            var mapped = process
            mapped.crash = process.crash.map { crash in
                var crash = crash
                crash.message = crash.message.map(paths.originalText)
                crash.frames = crash.frames.map { frame in
                    var frame = frame
                    frame.file = paths.relative(frame.file)
                    return frame
                }
                return crash
            }
            return RunProcess(run: kind, process: mapped)
        }
    }
}
