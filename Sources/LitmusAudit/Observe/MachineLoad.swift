import Foundation
import LitmusSupport

/// How busy the machine was while a run ran, from the ``CPUShareProbe``'s samples during it: how many
/// times slower than on a free core a thread ran (the median of the samples), and the load average.
struct MachineLoad: Sendable, Hashable, Codable {
    /// Wall time over processor time of the probe's work: 1 on a free core.
    var slowdown: Double
    /// The highest one-minute load average of the samples; `nil` where the system gives none.
    var load: Double?

    /// The load `samples` show; `nil` for none.
    init?(_ samples: [CPUShareProbe.Sample]) {
        guard !samples.isEmpty else { return nil }
        slowdown = samples.map(\.slowdown).median
        load = samples.compactMap(\.load).max()
    }

    init(slowdown: Double, load: Double?) {
        self.slowdown = slowdown
        self.load = load
    }
}

/// A test's duration in one run, and how busy the machine was meanwhile.
struct Timing: Sendable, Hashable, Codable {
    /// The duration its runner measured.
    var milliseconds: Double
    /// The machine's load during the run; `nil` when it was not measured.
    var machine: MachineLoad?
    /// The processor time the test used, when its process ran with no other beside it (its process's
    /// processor time less a listing's, the process's own start); `nil` when not measured.
    var processorMilliseconds: Double?

    init(milliseconds: Double, machine: MachineLoad? = nil, processorMilliseconds: Double? = nil) {
        self.milliseconds = milliseconds
        self.machine = machine
        self.processorMilliseconds = processorMilliseconds
    }
}
