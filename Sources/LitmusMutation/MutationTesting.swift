import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport
import Synchronization

/// What `litmus mutate` reports while it runs.
public enum MutationProgress: Sendable {
    /// A phase starts.
    case phase(String)
    /// A note (mutants rejected by the compiler, tests left out).
    case note(String)
    /// Mutants done so far, of `total`, with the detected and survived counts and an estimate of the
    /// seconds left.
    case mutants(done: Int, total: Int, detected: Int, survived: Int, secondsLeft: Double)
}

/// Mutation testing of one package: copy it, compile every mutant into one build, learn which tests
/// reach which mutant, prove the switch reaches the tests, then run each mutant against its tests only.
public struct MutationTesting: Sendable {
    /// The package's folder.
    public var package: URL
    /// Test processes at once (0: one per core).
    public var parallelism: Int
    /// A mutant's time limit is `timeoutFactor` times its tests' own durations, plus `timeoutFloor` seconds.
    public var timeoutFactor: Double
    /// The least time limit, in seconds.
    public var timeoutFloor: Double
    /// A build folder kept between runs (the build cache's or `--build-path`): the copy is built there
    /// incrementally, and the results are kept there (``MutationResultCache``). `nil`: a scratch folder,
    /// deleted at the end, and no result is kept.
    public var buildFolder: URL?
    /// Whether to reuse the kept results (`false`: run every mutant, and keep the new results).
    public var reuseResults = true
    /// Only the mutants on these lines (`--since REF`); `nil`: every mutant.
    public var changes: ChangedLines?
    /// The share of the mutants to run, when a CI worker runs one shard (``Shard``); `nil` runs them all.
    public var shard: Shard?
    /// The package's own build options and test environment (`.litmus-audit.json`'s, and the command's).
    package var build = PackageBuild()

    /// Creates a run over the package at `package`.
    public init(
        package: URL, parallelism: Int = 0, timeoutFactor: Double = 5, timeoutFloor: Double = 5,
        buildFolder: URL? = nil, shard: Shard? = nil
    ) {
        self.package = package.standardizedFileURL
        self.shard = shard
        self.parallelism = parallelism
        self.timeoutFactor = timeoutFactor
        self.timeoutFloor = timeoutFloor
        self.buildFolder = buildFolder
    }

    private var width: Int {
        ProcessesAtOnce.width(asked: parallelism)
    }

    /// Runs it. The package is never written to; the scratch copy is deleted at the end.
    public func run(progress: @escaping @Sendable (MutationProgress) -> Void = { _ in }) async throws
        -> MutationReport
    {
        let toolchain = try Toolchain.locate()
        // The copy's schemata of unchanged sources stay as the last run left them (nothing recompiles).
        let preserving =
            buildFolder.flatMap { folder in
                SchemaManifest.load(from: folder)?.preserved(
                    original: package, copy: PackageWorkspace.copyFolder(of: package, in: folder))
            } ?? []
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: buildFolder, preserving: preserving)
        defer { workspace.remove() }
        let layout = try await Self.describe(workspace, toolchain: toolchain)
        // Refused before the schemata are built: with no test, no mutant can be detected.
        guard !layout.testModules.isEmpty else { throw AuditError.noTestBinary(path: package.path) }
        return try await run(
            in: workspace, toolchain: toolchain, layout: layout, buildArguments: build.arguments, progress: progress)
    }

    /// Runs it in `workspace`, a copy of the package (the audit's, with `buildArguments` its build's, so
    /// that only the mutated modules are compiled again); the copy's sources are left mutated. With
    /// `measured` (the audit's alone runs and their covered lines), which tests reach a mutant is read
    /// from those lines instead of from each test run alone again.
    package func run(
        in workspace: PackageWorkspace, toolchain: Toolchain, layout: PackageLayout, buildArguments: [String] = [],
        measured: [MeasuredTest]? = nil, progress: @escaping @Sendable (MutationProgress) -> Void
    ) async throws -> MutationReport {
        let clock = ContinuousClock()
        let started = clock.now
        var build = try SchemaBuild(
            workspace: workspace, toolchain: toolchain, sourceFolders: layout.sourceFolders,
            buildArguments: buildArguments, previous: reuseResults ? SchemaManifest.load(from: workspace.kept) : nil)
        progress(
            .phase(
                "Building the tests once with \(build.mutants.count) \(build.mutants.count == 1 ? "mutant" : "mutants") "
                    + "in their schemata"))
        let executable = try await build.build { progress(.note($0)) }
        let buildSeconds = (clock.now - started).inSeconds
        // A process per mutant: no output file or coverage profile (a binary built with coverage after an
        // audit writes one into the scratch) is kept.
        var binary = TestBinary(
            executable: executable, workingDirectory: workspace.package, scratch: try workspace.folder("runs"),
            timeout: 600, keepsFiles: false)
        binary.environment = self.build.testEnvironment
        let runner = binary

        let (tests, usable, baselineNotes) = try await reach(
            build.mutants, measured: measured, workspace: workspace, runner: runner, progress: progress)
        var notes = baselineNotes
        notes.forEach { progress(.note($0)) }

        let wanted = build.mutants.filter { mutant in
            changes?.touches(file: mutant.file, lines: mutant.start.line...mutant.end.line) ?? true
        }
        // A shard runs its share; every shard built the same schemata and measured the same coverage.
        let mutants = shard?.share(of: wanted, by: \.id) ?? wanted
        let rejected = build.rejected
        var store = try await ResultStore(
            testing: self, workspace: workspace, layout: layout, files: build.files, coverage: usable,
            toolchain: toolchain)
        if let warning = store.warning {
            notes.append(warning)
            progress(.note(warning))
        }
        let reused = mutants.compactMap { rejected[$0.id] == nil ? store.reusable($0) : nil }
        let reusedIDs = Set(reused.map(\.mutant.id))
        let toRun = mutants.filter { rejected[$0.id] == nil && !reusedIDs.contains($0.id) }
        if store.isKept {
            progress(.note("\(reused.count) of \(reused.count + toRun.count) results reused from the last run"))
        }

        progress(.phase("Sanity check: each mutated file's probe must make a test that reaches it fail"))
        let filesToRun = Set(toRun.map(\.file))
        let sanity = SanityCheck(
            runner: runner, exactReach: measured == nil, limit: limit, scratch: try workspace.folder("coverage"),
            note: { note in
                notes.append(note)
                progress(.note(note))
            })
        try await sanity.check(build.files.filter { filesToRun.contains($0.path) }, reach: usable)

        let share = shard.map { " (shard \($0) of \(wanted.count))" } ?? ""
        progress(
            .phase(
                "Running \(toRun.count) \(toRun.count == 1 ? "mutant" : "mutants")\(share) against the tests that reach them, \(width) at a time"
            ))
        let tally = Tally(total: toRun.count)
        let covering = usable
        let results = try await concurrentMap(toRun, width: width) { mutant in
            let reaching = covering.filter { $0.reached.contains(mutant.id) }.sorted { $0.seconds < $1.seconds }
            var result = try await self.test(mutant, reaching, runner: runner)
            result.reason = result.reason.map { workspace.originalPath(of: $0) }
            progress(tally.record(result.status))
            return result
        }
        var byID = Dictionary(uniqueKeysWithValues: (results + reused).map { ($0.mutant.id, $0) })
        for mutant in mutants where rejected[mutant.id] != nil {
            byID[mutant.id] = MutantResult(
                mutant: mutant, status: .compileError, reason: rejected[mutant.id], coveredBy: [], killedBy: [],
                testsCompleted: 0, durationMilliseconds: 0)
        }
        try store.save(results)
        let hinted = try await hints(
            for: mutants.compactMap { byID[$0.id] }, files: build.files, covering: usable, counted: measured == nil,
            runner: runner, workspace: workspace, progress: progress)
        for result in hinted.results { byID[result.mutant.id] = result }
        if let note = hinted.note {
            notes.append(note)
            progress(.note(note))
        }
        let mutatedFiles = Set(wanted.map(\.file))
        var partial: MutationPartial?
        if let shard {
            let commit = await PartialHeader.commit(of: package, scratch: try workspace.folder("git"))
            partial = MutationPartial(
                header: PartialHeader(kind: .mutation, shard: shard, commit: commit, package: layout.name),
                mutantIDs: wanted.map(\.id))
        }
        return MutationReport(
            package: package.path,
            sources: Dictionary(
                uniqueKeysWithValues: build.files.filter { mutatedFiles.contains($0.path) }.map { ($0.path, $0.text) }),
            results: mutants.compactMap { byID[$0.id] }, tests: tests, notes: notes,
            wallSeconds: (clock.now - started).inSeconds, buildSeconds: buildSeconds, since: changes?.ref,
            partial: partial)
    }

    /// The tests, each passing test's reach (the mutants whose code it executes) and a note per test
    /// left out: from `measured` (the audit's alone runs and lines) when given, else from each test run
    /// alone with the switch recording what it reaches.
    private func reach(
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

    /// Each undetected mutant of `results` with its hint: the check that would kill it, and the covering
    /// test that ran its code most often. Without counts (`counted` false: the reach came from the
    /// audit's lines), the tests covering a survivor run alone once more to count, and a note says what
    /// that cost.
    private func hints(
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

    /// Runs the tests covering `mutant`, fastest first: the fastest alone, then the rest in one process
    /// per library, stopping at the first failure.
    private func test(_ mutant: Mutant, _ covering: [Coverage], runner: TestBinary) async throws -> MutantResult {
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

    /// Several times the tests' own durations, with a floor.
    private func limit(_ tests: [Coverage]) -> Double {
        timeoutFloor + timeoutFactor * tests.reduce(0) { $0 + $1.seconds }
    }

    /// The copy's targets, from `swift package describe` (the audit's ``BuildStage`` reads them).
    package static func describe(_ workspace: PackageWorkspace, toolchain: Toolchain) async throws -> PackageLayout {
        try await BuildStage(toolchain: toolchain, workspace: workspace, timeout: 600).describe()
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
