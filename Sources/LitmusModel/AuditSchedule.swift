import Foundation
import LitmusSupport

/// How an audit schedules its test processes after the build (`--schedule`, `schedule`).
///
/// `fast` (the default) runs the same processes with less waiting: the suite runs' processes share one
/// pool of `--jobs` processes, the parallel runs keep the machine to themselves, each test alone and the
/// random halves share a second pool; bisections run side by side, and each skips the confirming run
/// whose answer the suite runs already gave. `full` is the earlier schedule, one phase after the other, kept
/// so that the two can be compared (docs/audit.md, "What an audit costs").
public enum AuditSchedule: String, Codable, Sendable, Hashable, CaseIterable, LosslessStringConvertible {
    /// The pooled schedule.
    case fast
    /// One phase after the other, each bisection confirming its evidence first.
    case full

    /// The schedule named `description` (`fast`, `full`), or `nil`.
    public init?(_ description: String) { self.init(rawValue: description) }

    /// Its name.
    public var description: String { rawValue }
}

/// How long one phase of an audit took: the report's `phases`, in their order.
public struct PhaseTiming: Codable, Sendable, Hashable {
    /// The phase: `build`, `describe`, `discover`, `suiteRuns`, `parallelRuns`, then `aloneRuns` and
    /// `randomHalves` (the full schedule) or `pooledRuns` (the fast one: both at once), `coverage`,
    /// `bisect` (the fast schedule's bisections), `judge` (with the full schedule's bisections), `mutation` (with `--mutation`).
    public var phase: String
    /// Its wall time, in seconds.
    public var seconds: Double

    /// A phase's duration.
    public init(phase: String, seconds: Double) {
        self.phase = phase
        self.seconds = seconds
    }
}

/// A stopwatch that times the audit's phases one after the other.
package struct PhaseClock: Sendable {
    private let clock = ContinuousClock()
    /// The phases timed so far, in their order.
    package private(set) var timings: [PhaseTiming] = []

    /// A stopwatch with nothing timed yet.
    package init() {}

    /// Runs `body` as the phase `phase`, recording its wall time.
    package mutating func measure<Value>(_ phase: String, _ body: () async throws -> Value) async rethrows -> Value {
        let started = clock.now
        let value = try await body()
        timings.append(PhaseTiming(phase: phase, seconds: (clock.now - started).inSeconds))
        return value
    }
}
