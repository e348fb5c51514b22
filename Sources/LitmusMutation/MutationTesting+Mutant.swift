import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport
import Synchronization

extension MutationTesting {
    /// Runs the tests covering `mutant`, fastest first: the fastest alone, then the rest in one process
    /// per library, stopping at the first failure.
    func test(_ mutant: Mutant, _ covering: [Coverage], runner: TestBinary) async throws -> MutantResult {
        var result = MutantResult(
            mutant: mutant, status: .noCoverage, reason: nil, coveredBy: covering.map(\.test.id), killedBy: [],
            testsCompleted: 0, durationMilliseconds: 0)
        guard let fastest = covering.first else { return result }
        let rest = covering.dropFirst()
        let batches =
            [[fastest]]
            + [TestLibrary.swiftTesting, .xctest].map { library in
                rest.filter { $0.test.library == library }
            }
            .filter { !$0.isEmpty }
        result.status = .survived
        for batch in batches {
            let outcome = try await runner.run(
                batch.map(\.test), environment: ["LITMUS_MUTANT": String(mutant.id)], timeout: limit(batch),
                profile: "mutant")
            result.durationMilliseconds += Int(outcome.seconds * 1000)
            result.testsCompleted +=
                outcome.results.values.filter { $0.outcome == .passed || $0.outcome == .failed }
                .count
            let failed = batch.map(\.test.id).filter { outcome.results[$0]?.outcome == .failed }
            let crashed = batch.map(\.test.id).filter { outcome.results[$0]?.outcome == .crashed }
            if outcome.timedOut {
                result.status = .timeout
                result.killedBy = crashed.isEmpty ? batch.map(\.test.id) : crashed
                result.reason = "ran past its time limit of \(Int(limit(batch).rounded())) s"
            } else if !failed.isEmpty {
                result.status = .killed
                result.killedBy = failed
                result.reason = failed.compactMap { outcome.results[$0]?.issues.first }.first
            } else if !crashed.isEmpty || outcome.status != 0 {
                result.status = .runtimeError
                result.killedBy = crashed.isEmpty ? batch.map(\.test.id) : crashed
                result.reason = "the test process crashed (exit status \(outcome.status))"
            } else {
                continue
            }
            return result
        }
        return result
    }
}

/// Counts finished mutants for the progress line, and estimates the time left from the pace so far.
final class Tally: Sendable {
    private let state: Mutex<(done: Int, detected: Int, survived: Int)> = Mutex((0, 0, 0))
    private let total: Int
    private let started = ContinuousClock.now

    init(total: Int) { self.total = total }

    func record(_ status: MutantStatus) -> MutationProgress {
        let (done, detected, survived) = state.withLock { state in
            state.done += 1
            if status.isDetected { state.detected += 1 }
            if status == .survived { state.survived += 1 }
            return state
        }
        let seconds = (ContinuousClock.now - started).inSeconds
        let left = done == 0 ? 0 : seconds / Double(done) * Double(total - done)
        return .mutants(done: done, total: total, detected: detected, survived: survived, secondsLeft: left)
    }
}
