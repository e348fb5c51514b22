import Foundation
import LitmusModel
import LitmusRunning

/// `litmus audit --mutation`: mutation testing as the audit's last stage, in the audit's scratch copy
/// and build folder, built with the audit's flags so only the mutated modules are compiled again. It
/// returns the summary the audit's report carries and every mutant (``AuditMutationResult``).
public struct AuditMutation: AuditMutationStage {
    private let parallelism: Int
    private let timeoutFloor: Double

    /// A stage running `parallelism` test processes at once (0: one per core), each mutant's run
    /// limited to at least `timeoutFloor` seconds.
    public init(parallelism: Int = 0, timeoutFloor: Double = 5) {
        self.parallelism = parallelism
        self.timeoutFloor = timeoutFloor
    }

    package func run(
        in workspace: PackageWorkspace, toolchain: Toolchain, layout: PackageLayout, build: PackageBuild,
        measured: [MeasuredTest]?, progress: @escaping @Sendable (RunProgress) -> Void
    ) async throws -> AuditMutationResult {
        var testing = MutationTesting(
            package: workspace.original, parallelism: parallelism, timeoutFloor: timeoutFloor)
        testing.build = build
        let stage = BuildStage(toolchain: toolchain, workspace: workspace, timeout: 600, build: build)
        let report = try await testing.run(
            in: workspace, toolchain: toolchain, layout: layout, buildArguments: stage.flags, measured: measured
        ) { event in
            switch event {
            case .phase(let text): progress(.phase("Mutation testing: " + text))
            case .note(let text): progress(.note(text))
            case .mutants(let done, let total, _, _, _): progress(.step(done: done, total: total))
            }
        }
        return AuditMutationResult(summary: report.summary, report: report.stryker())
    }
}

extension MutationReport {
    /// The score and the counts by status, as the audit's report carries them.
    public var summary: MutationSummary {
        MutationSummary(
            score: score, killed: count(.killed), survived: count(.survived), noCoverage: count(.noCoverage),
            timeout: count(.timeout), runtimeError: count(.runtimeError), compileError: count(.compileError),
            wallSeconds: wallSeconds)
    }
}

extension MutationReport {
    /// The Stryker JSON, its score bands set from the least acceptable score
    /// (``StrykerReport/Thresholds/init(minimumScore:)``).
    public func json(minimumScore: Double?) throws -> Data {
        let bands = StrykerReport.Thresholds(minimumScore: minimumScore)
        return try json(high: bands.high, low: bands.low)
    }
}
