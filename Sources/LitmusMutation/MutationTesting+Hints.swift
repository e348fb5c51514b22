import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

extension MutationTesting {
    /// Each undetected mutant of `results` with its hint: the check that would kill it, and the covering
    /// test that ran its code most often. Without counts (`counted` false: the reach came from the
    /// audit's lines), the tests covering a survivor run alone once more to count, and a note says what
    /// that cost.
    func hints(
        for results: [MutantResult], files: [SchemaBuild.File], covering: [Coverage], counted: Bool,
        runner: TestBinary, workspace: PackageWorkspace, progress: @escaping @Sendable (MutationProgress) -> Void
    ) async throws -> (results: [MutantResult], note: String?) {
        let undetected = results.filter(\.isUndetected)
        guard !undetected.isEmpty else { return ([], nil) }
        var covering = covering
        var note: String?
        let survivors = Set(undetected.filter { $0.status == .survived }.map(\.mutant.id))
        let toCount = covering.indices.filter { !covering[$0].reached.isDisjoint(with: survivors) }
        if !counted, !toCount.isEmpty {
            progress(
                .phase("Counting how often each test covering a survivor runs its code (each alone, no mutant on)"))
            let started = ContinuousClock.now
            let folder = try workspace.folder("hints")
            let tests = toCount.map { covering[$0] }
            let counts = try await concurrentMap(Array(tests.enumerated()), width: width) { pair in
                let file = folder.appendingPathComponent("test-\(pair.offset).txt")
                _ = try await runner.run(
                    [pair.element.test], environment: ["LITMUS_MUTANT": "0", "LITMUS_COVERAGE": file.path],
                    timeout: limit([pair.element]), profile: "hints")
                return Coverage.counted(in: file)
            }
            for (index, hits) in zip(toCount, counts) { covering[index].hits = hits }
            let seconds = (ContinuousClock.now - started).inSeconds
            note =
                "Hints: \(toCount.count) \(toCount.count == 1 ? "test" : "tests") covering survivors ran alone once more to count how often "
                + "they run each survivor's code (\(String(format: "%.1f", seconds)) s)"
        }
        var checks: [Int: String] = [:]
        for file in files {
            let mutants = undetected.map(\.mutant).filter { $0.file == file.path }
            guard !mutants.isEmpty else { continue }
            checks.merge(SurvivorChecks.checks(for: mutants, source: file.text)) { first, _ in first }
        }
        let hinted = undetected.map { result in
            var result = result
            let check = checks[result.mutant.id] ?? "No check can be derived: the mutated file's text is not known."
            if result.status == .noCoverage {
                result.hint = SurvivorHint(check: "No test runs this code. " + check)
            } else {
                let reaching = covering.filter { $0.reached.contains(result.mutant.id) }
                let closest = SurvivorHint.closest(to: result.mutant.id, among: reaching)
                result.hint = SurvivorHint(check: check, closestTest: closest?.test, executions: closest?.executions)
            }
            return result
        }
        return (hinted, note)
    }
}
