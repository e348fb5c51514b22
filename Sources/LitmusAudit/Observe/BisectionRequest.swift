import Foundation

/// A question for bisection: which of `candidates` (the tests that ran before `victim` in its
/// process) make it fail (`wantFailure`) or pass as it did among the others.
struct BisectionRequest: Sendable, Hashable, Codable {
    /// The test that behaved differently among the others.
    var victim: TestIdentity
    /// The tests that ran before it, in their order.
    var candidates: [TestIdentity]
    /// Whether the behaviour to reproduce is a failure (a polluter) rather than a pass (a dependency).
    var wantFailure: Bool
    /// Whether every suite run showed the behaviour after the same `candidates`: running all of them
    /// again would only confirm it.
    var reproduced = false
}

/// What bisection answered: the culprits (none when it could not reproduce), and the processes it
/// had killed at the time limit.
struct BisectionResult: Sendable, Hashable, Codable {
    /// The smallest set of candidates found that reproduces the behaviour.
    var culprits: [TestIdentity]
    /// Its processes killed at the time limit.
    var timedOutRuns: [TimedOutRun] = []
}

/// Bisection as the judges see it: a function that runs tests to answer one request. The audit passes
/// one that starts processes (``RunStage/bisector(for:)``); the judges' tests pass a fake.
typealias Bisect = (BisectionRequest) async throws -> BisectionResult
