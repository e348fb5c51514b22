import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

extension MutationTesting {
    /// The tests, each passing test's reach (the mutants whose code it executes) and a note per test
    /// left out: from `measured` (the audit's alone runs and lines) when given, else from each test run
    /// alone with the switch recording what it reaches.
    func reach(
        _ all: [Mutant], measured: [MeasuredTest]?, workspace: PackageWorkspace, runner: TestBinary,
        progress: @escaping @Sendable (MutationProgress) -> Void
    ) async throws -> (tests: [TestIdentity], usable: [Coverage], notes: [String]) {
        let tests: [TestIdentity]
        var usable: [Coverage] = []
        var notes: [String] = []
        if let measured {
            progress(.phase("The tests, and the mutants each one reaches: from the audit's alone runs and their lines"))
            tests = measured.map { workspace.relative($0.test) }
            for (test, known) in zip(tests, measured) {
                guard known.passed else {
                    notes.append("\(test.name) does not pass alone: it is left out of the kills")
                    continue
                }
                usable.append(Coverage(test: test, seconds: known.seconds, reached: known.reaches(all)))
            }
        } else {
            progress(.phase("Finding the tests, and the mutants each one reaches (each test alone, no mutant on)"))
            // Their files relative to the package (the report's testFiles), not in the scratch copy.
            tests = try await runner.discover().map(workspace.relative)
            let coverageFolder = try workspace.folder("coverage")
            let baseline = try await concurrentMap(Array(tests.enumerated()), width: width) { pair in
                let file = coverageFolder.appendingPathComponent("test-\(pair.offset).txt")
                let outcome = try await runner.run(
                    [pair.element], environment: ["LITMUS_MUTANT": "0", "LITMUS_COVERAGE": file.path], timeout: 600,
                    profile: "reach")
                return (outcome, Coverage.counted(in: file))
            }
            for (test, (outcome, hits)) in zip(tests, baseline) {
                guard outcome.results[test.id]?.outcome == .passed else {
                    notes.append("\(test.name) does not pass without mutants: it is left out of the kills")
                    continue
                }
                usable.append(Coverage(test: test, seconds: outcome.seconds, reached: Set(hits.keys), hits: hits))
            }
        }
        return (tests, usable, notes)
    }
}

/// A test that passes without mutants, its time alone, the mutants whose switch it reaches and, when its
/// alone run counted them, how often it evaluated each.
struct Coverage: Sendable {
    var test: TestIdentity
    var seconds: Double
    var reached: Set<Int>
    /// How often the test evaluated each reached mutant's switch; `nil` when only lines were measured
    /// (the audit's coverage).
    var hits: [Int: Int]? = nil

    /// The mutant ids the switches recorded in `file` (`LITMUS_COVERAGE`), one a line; none when absent.
    static func recorded(in file: URL) -> Set<Int> { Set(counted(in: file).keys) }

    /// The mutant ids the switches recorded in `file` with how often each was evaluated (`id count`
    /// lines; a line of an id alone counts once); none when absent.
    static func counted(in file: URL) -> [Int: Int] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var counts: [Int: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let id = fields.first.flatMap({ Int($0) }) else { continue }
            let count = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
            counts[id, default: 0] += max(count, 1)
        }
        return counts
    }
}

extension MeasuredTest {
    /// The ids of `mutants` on lines this test executed.
    func reaches(_ mutants: [Mutant]) -> Set<Int> {
        Set(
            mutants.filter { mutant in
                lines[mutant.file]?.overlaps(mutant.start.line...mutant.end.line) ?? false
            }.map(\.id))
    }
}
