import Foundation
import LitmusSupport

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
