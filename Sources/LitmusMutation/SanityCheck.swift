import Foundation
import LitmusModel
import LitmusRunning

/// The sanity pass before the real one (docs/mutation.md step 4): for each mutated file, its probe
/// (`LITMUS_MUTANT=-n`, which stops the process at any switch of file `n`) must make a test that
/// reaches the file fail; otherwise the switch does not reach the tests and every mutant would survive.
struct SanityCheck {
    /// Runs the tests of the schemata build.
    var runner: TestBinary
    /// Whether each test's reach was recorded by the switches themselves (exact), rather than read from
    /// the lines it executed (the audit's coverage: a line can run without its mutant's switch).
    var exactReach: Bool
    /// A test's time limit.
    var limit: ([Coverage]) -> Double
    /// A folder for the reach recordings it makes.
    var scratch: URL
    /// Where notes go (a file whose lines ran but whose switches no test reached).
    var note: (String) -> Void

    /// Checks the probe of each of `files` with the fastest test that reaches it.
    ///
    /// With exact reach the fastest test decides. With reach read from lines, a test the probe does not
    /// stop (it passes, or fails without the probe's crash) is run once more with the switches recording what it reaches: if it reached one of
    /// the file's, the probe should have stopped it, and the check fails; if not, the next test (up to
    /// three) is tried, and a file no tried test reaches by its switches is noted and not checked. When
    /// no probe stopped any test and no recording holds any switch, the environment does not reach the
    /// tests, and the check fails.
    func check(_ files: [SchemaBuild.File], reach: [Coverage]) async throws {
        var confirmed = false
        var recordedAnything = false
        var unchecked: [(file: String, test: String)] = []
        for file in files {
            let ids = Set(file.mutants.map(\.id))
            let candidates = reach.sorted { $0.seconds < $1.seconds }.filter { !$0.reached.isDisjoint(with: ids) }
            guard let fastest = candidates.first else { continue }
            var decided = false
            for candidate in candidates.prefix(exactReach ? 1 : 3) {
                if try await probeStops(candidate, file: file) {
                    decided = true
                    break
                }
                if exactReach { throw MutationError.probeSurvived(file: file.path, test: candidate.test.name) }
                let recorded = try await switchesReached(by: candidate)
                recordedAnything = recordedAnything || !recorded.isEmpty
                if !recorded.isDisjoint(with: ids) {
                    throw MutationError.probeSurvived(file: file.path, test: candidate.test.name)
                }
            }
            if decided {
                confirmed = true
            } else {
                unchecked.append((file.path, fastest.test.name))
            }
        }
        if let first = unchecked.first, !confirmed, !recordedAnything {
            throw MutationError.probeSurvived(file: first.file, test: first.test)
        }
        for (file, _) in unchecked {
            note(
                "\(file): the tests that execute its lines reach none of its mutants' switches; its probe is not checked"
            )
        }
    }

    /// Whether `test` stops with the probe of `file` on. The probe ends the process (`fatalError`), so
    /// with reach read from lines only a crash counts: a test that merely fails (a flaky one) proves
    /// nothing about the switch. With exact reach any outcome but a pass counts, as before.
    private func probeStops(_ test: Coverage, file: SchemaBuild.File) async throws -> Bool {
        let outcome = try await runner.run(
            [test.test], environment: ["LITMUS_MUTANT": String(-file.number)], timeout: limit([test]),
            profile: "probe")
        let result = outcome.results[test.test.id]?.outcome
        guard exactReach else { return result == .crashed || (result == nil && outcome.status != 0) }
        return !(result == .passed && !outcome.timedOut && outcome.status == 0)
    }

    /// The mutants whose switches `test` reaches, no mutant on.
    private func switchesReached(by test: Coverage) async throws -> Set<Int> {
        let file = scratch.appendingPathComponent("sanity-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await runner.run(
            [test.test], environment: ["LITMUS_MUTANT": "0", "LITMUS_COVERAGE": file.path], timeout: limit([test]),
            profile: "sanity")
        return Coverage.recorded(in: file)
    }
}
