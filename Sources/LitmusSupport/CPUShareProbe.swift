import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much slower than a free core the machine runs a thread, measured while tests run, so a duration
/// measured on a busy machine can be told from a slow test.
///
/// On a thread of its own (never the cooperative pool, which a busy audit may starve), every `interval` it
/// does a fixed piece of arithmetic of about `work` of processor time and compares the wall time it took
/// with the processor time the thread got (`CLOCK_THREAD_CPUTIME_ID`): on a free core the two are equal;
/// on two cores at load 30 a thread gets about a fifteenth of one, and the wall time is fifteen times the
/// processor time. The piece is longer than a scheduler's time slice, so a thread that is made to wait
/// shows it. It costs about `work` / `interval` of one core (2% with the defaults).
package final class CPUShareProbe: Sendable {
    /// One measurement: when it ended (on the probe's clock), the wall time over the processor time of the
    /// probe's work (1 on a free core), and the one-minute load average then.
    package struct Sample: Sendable, Hashable, Codable {
        /// When it ended, in seconds on the clock the probe was given.
        package var at: Double
        /// Wall time over processor time: how many times slower than a free core a thread ran.
        package var slowdown: Double
        /// The one-minute load average (`getloadavg`); `nil` where the system does not give it.
        package var load: Double?

        package init(at: Double, slowdown: Double, load: Double?) {
            self.at = at
            self.slowdown = slowdown
            self.load = load
        }
    }

    private let clock: @Sendable () -> Double
    private let interval: Duration
    private let work: Duration
    private let state = Mutex<(samples: [Sample], running: Bool)>(([], false))

    /// A probe that stamps its samples with `clock` (seconds), measuring about `work` of processor time
    /// every `interval`.
    package init(
        clock: @escaping @Sendable () -> Double, interval: Duration = .milliseconds(500),
        work: Duration = .milliseconds(10)
    ) {
        self.clock = clock
        self.interval = interval
        self.work = work
    }

    /// Starts measuring on a thread of its own; a second call does nothing.
    package func start() {
        let started = state.withLock { state in
            defer { state.running = true }
            return state.running
        }
        guard !started else { return }
        let thread = Thread { [self] in self.measure() }
        thread.name = "litmus-cpu-share-probe"
        thread.start()
    }

    /// Stops measuring and returns every sample, in order. The thread ends after its current measurement.
    package func stop() -> [Sample] {
        state.withLock { state in
            state.running = false
            return state.samples
        }
    }

    /// The samples so far.
    package var samples: [Sample] { state.withLock { $0.samples } }

    private var isRunning: Bool { state.withLock { $0.running } }

    private func measure() {
        let iterations = Self.calibrated(for: work)
        while isRunning {
            Thread.sleep(forTimeInterval: interval.inSeconds)
            guard isRunning else { break }
            let wallBefore = Self.now(CLOCK_MONOTONIC)
            let processorBefore = Self.now(CLOCK_THREAD_CPUTIME_ID)
            Self.spin(iterations)
            let wall = Self.now(CLOCK_MONOTONIC) - wallBefore
            let processor = Self.now(CLOCK_THREAD_CPUTIME_ID) - processorBefore
            guard processor > 0 else { continue }
            let sample = Sample(at: clock(), slowdown: max(1, wall / processor), load: Self.loadAverage())
            state.withLock { $0.samples.append(sample) }
        }
    }

    /// How many rounds of ``spin(_:)`` take about `work` of this thread's processor time.
    private static func calibrated(for work: Duration) -> Int {
        var rounds = 10_000
        for _ in 0..<20 {
            let before = now(CLOCK_THREAD_CPUTIME_ID)
            spin(rounds)
            let took = now(CLOCK_THREAD_CPUTIME_ID) - before
            if took >= work.inSeconds / 4 {
                return max(1, Int(Double(rounds) * work.inSeconds / took))
            }
            rounds *= 4
        }
        return rounds
    }

    /// Arithmetic the optimizer cannot remove.
    private static func spin(_ rounds: Int) {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<rounds {
            value = (value ^ UInt64(truncatingIfNeeded: round)) &* 0xBF58_476D_1CE4_E5B9
            value ^= value >> 31
        }
        sink.withLock { $0 = value }
    }

    private static let sink = Mutex<UInt64>(0)

    /// Seconds on `clock`.
    private static func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The one-minute load average, or `nil`.
    private static func loadAverage() -> Double? {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 1) == 1 ? loads[0] : nil
    }
}

extension [CPUShareProbe.Sample] {
    /// The samples that ended within `span` (or within `interval` after it: a sample measures the second
    /// before it ends), else the one nearest to it within `reach` seconds; empty when there is none.
    package func during(_ span: ClosedRange<Double>, interval: Double = 0.5, reach: Double = 2) -> [Element] {
        let within = filter { $0.at >= span.lowerBound && $0.at <= span.upperBound + interval }
        if !within.isEmpty { return within }
        let middle = (span.lowerBound + span.upperBound) / 2
        guard let nearest = self.min(by: { abs($0.at - middle) < abs($1.at - middle) }),
            abs(nearest.at - middle) <= reach + (span.upperBound - span.lowerBound) / 2
        else { return [] }
        return [nearest]
    }
}
