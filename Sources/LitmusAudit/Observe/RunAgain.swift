import Foundation
import LitmusSupport

/// The runs a finished observation asks for again (``RunStage/finish(_:_:)``): a quick audit's tests
/// whose outcome changed, run alone again; the tests that failed only in a random half, run alone; and
/// the tests whose runs disagree about their budget, timed again alone.
extension RunStage {
    /// How many more times a quick audit runs alone a test whose outcome changed between its runs.
    static let confirmingRuns = 2

    /// A quick audit (``QuickTier``) runs each kind of run once, so a test that failed among the others
    /// and passed alone (or the other way round) may be order-dependent, share state with a test beside
    /// it, or merely be flaky: the full audit tells them apart by its repeated runs. Here each test that
    /// ran alone and whose outcome changed between its runs runs alone ``confirmingRuns`` more times,
    /// one after the other in the same folder as its first alone run; if those outcomes differ, the test
    /// is flaky, not an isolation finding.
    func confirmAlone(_ observations: Observations, xctests: [TestIdentity]) async throws -> Observations {
        guard options.quick != nil, shard == nil else { return observations }
        var observations = try await runFailedInHalvesAlone(observations, xctests: xctests)
        let changed = observations.tests.filter { test in
            guard let alone = observations.alone[test.id]?.outcome, alone == .passed || alone.isFailure else {
                return false
            }
            let others = (observations.suiteRuns + observations.parallelRuns + observations.randomHalves)
                .compactMap { $0.results[test.id]?.outcome }.filter { $0 == .passed || $0.isFailure }
            return others.contains { $0.isFailure != alone.isFailure }
        }
        guard !changed.isEmpty else { return observations }
        progress(
            .phase(
                "Running alone again \(changed.count) test\(changed.count == 1 ? "" : "s") whose outcome changed, \(Self.confirmingRuns) times each"
            ))
        var log = RunLog()
        for (done, test) in changed.enumerated() {
            for again in 1...Self.confirmingRuns {
                let run = try await binary.run([test], all: xctests, profile: "again-\(again)")
                log.record(run, as: "\(test.name) alone again", kind: .alone(test: test.id), paths: paths)
                if let result = observed(run).results[test.id] {
                    observations.aloneAgain = observations.aloneAgain ?? [:]
                    observations.aloneAgain?[test.id, default: []].append(result)
                }
            }
            progress(.step(done: done + 1, total: changed.count))
        }
        observations.timedOutRuns += log.timedOut
        observations.processes += log.processes
        return observations
    }

    /// How many times a test whose runs disagree about its budget runs alone again to be timed.
    static let retimingRuns = 3

    /// A test over its budget in some runs and within it in others (the ``retime`` rule) may be slow, or
    /// may have shared a machine busy with other work: on ZIPFoundation 0.9.20, beside other builds, a test
    /// that unzips 2.5 MB took 159, 161 and 72 ms in the suite runs and was called slow. Each such test
    /// runs alone ``retimingRuns`` more times here, one after the other, with no other test process beside
    /// it, and the Fast letter is judged on those durations. A shard leaves it to the
    /// merged judges' runs (none: a shard's record is judged as it was run).
    func retimeSlow(_ observations: Observations, xctests: [TestIdentity]) async throws -> Observations {
        guard shard == nil else { return observations }
        let slow = retime.tests(observations)
        guard !slow.isEmpty else { return observations }
        progress(
            .phase(
                "Timing again alone \(slow.count) test\(slow.count == 1 ? "" : "s") over the budget in some runs only, "
                    + "\(Self.retimingRuns) times each, nothing beside"))
        var observations = observations
        var log = RunLog()
        // What a test process spends before its first test (the runtime, the listing): one listing's processor
        // time, measured when a run has no figure of the footprint observer's (``timeAlone(_:all:binary:again:)``).
        var startup: Double?
        for (done, test) in slow.enumerated() {
            for again in 1...Self.retimingRuns {
                var (run, processor) = try await Self.timeAlone(test, all: xctests, binary: binary, again: again)
                log.record(run, as: "\(test.name) timed again alone", kind: .alone(test: test.id), paths: paths)
                if processor == nil, let total = run.processorSeconds {
                    if startup == nil { startup = try await binary.list().processorSeconds ?? 0 }
                    processor = max(0, total - (startup ?? 0)) * 1000
                }
                let observed = observed(run)
                if let result = observed.results[test.id], result.outcome == .passed || result.outcome == .failed {
                    observations.retimed = observations.retimed ?? [:]
                    observations.retimed?[test.id, default: []].append(
                        Timing(
                            milliseconds: result.duration * 1000, machine: observed.machine,
                            processorMilliseconds: processor))
                }
            }
            progress(.step(done: done + 1, total: slow.count))
        }
        observations.timedOutRuns += log.timedOut
        observations.processes += log.processes
        return observations
    }

    /// Runs `test` alone, as run `again` of its timing again, with the footprint observer noting its processor
    /// time in its process, between its start and end: that figure, `nil` when the observer gave none (not in
    /// the copy, not on Linux, a test whose name the observer writes otherwise). The caller then takes the
    /// process's processor time less a listing's, which also holds what the process's start and end cost beyond
    /// a listing's (loading the test's code, writing its coverage profile); on a loaded machine that grows, and
    /// the free-core estimate multiplies it by the slowdown (``FastJudge/onFreeCore(_:)``): most likely why CI
    /// at load 33 once noted a test that sleeps 300 ms as not slow against a 250 ms budget.
    static func timeAlone(_ test: TestIdentity, all: [TestIdentity], binary: TestBinary, again: Int) async throws
        -> (run: TestBinary.Run, processor: Double?)
    {
        let run = try await binary.run([test], all: all, profile: "retime-\(again)", observer: .processorTime)
        defer { for written in run.footprints { try? FileManager.default.removeItem(at: written.file) } }
        let own = run.footprints.lazy.map(\.file).compactMap { file in
            (try? String(contentsOf: file, encoding: .utf8)).flatMap {
                FootprintLog.processorMilliseconds(in: $0)[test.id.rawValue]
            }
        }.first
        return (run, own)
    }

    /// A quick audit runs alone every test that failed in its runs; the random halves may run after the
    /// alone runs (or beside them), so a test that failed only in a half runs alone here.
    func runFailedInHalvesAlone(_ observations: Observations, xctests: [TestIdentity]) async throws -> Observations {
        let failed = Self.failing(in: observations.randomHalves)
        let late = observations.tests.filter { failed.contains($0.id) && observations.alone[$0.id] == nil }
        guard !late.isEmpty else { return observations }
        progress(
            .phase("Running alone \(late.count) test\(late.count == 1 ? "" : "s") that failed only in a random half"))
        var observations = observations
        var log = RunLog()
        var runs: [(TestIdentity, TestBinary.Run)] = []
        for test in late { runs.append((test, try await binary.runAlone(test, all: xctests, profile: "alone"))) }
        record(alone: runs, into: &observations, log: &log)
        observations.aloneScope?.tests?.formUnion(late.map(\.id))
        if var quick = observations.aloneScope?.quick {
            quick.ranAlone += late.count
            quick.addedFailing += late.count
            quick.failed = (quick.failed + late.map(\.id)).sorted()
            observations.aloneScope?.quick = quick
        }
        observations.timedOutRuns += log.timedOut
        observations.processes += log.processes
        return observations
    }
}
