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

    var width: Int {
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
        // Built with the audit's flags (and the package's own): in the audit's build folder, only the mutated
        // modules compile again.
        return try await run(
            in: workspace, toolchain: toolchain, layout: layout, buildArguments: BuildStage.flags + build.arguments,
            progress: progress)
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
        // Build: every mutant in its schema, one build.
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

        // Reach: which tests execute which mutant's code.
        let (tests, usable, baselineNotes) = try await reach(
            build.mutants, measured: measured, workspace: workspace, runner: runner, progress: progress)
        let notes = Notes(baselineNotes, progress: progress)

        // The mutants to run: the changed lines', the shard's, those no earlier result answers.
        let wanted = build.mutants.filter { mutant in
            changes?.touches(file: mutant.file, lines: mutant.start.line...mutant.end.line) ?? true
        }
        // A shard runs its share; every shard built the same schemata and measured the same coverage.
        let mutants = shard?.share(of: wanted, by: \.id) ?? wanted
        var store = try await ResultStore(
            testing: self, workspace: workspace, layout: layout, files: build.files, coverage: usable,
            toolchain: toolchain)
        if let warning = store.warning { notes.add(warning) }
        let rejected = build.rejected
        let reused = mutants.compactMap { rejected[$0.id] == nil ? store.reusable($0) : nil }
        let reusedIDs = Set(reused.map(\.mutant.id))
        let toRun = mutants.filter { rejected[$0.id] == nil && !reusedIDs.contains($0.id) }
        if store.isKept {
            progress(.note("\(reused.count) of \(reused.count + toRun.count) results reused from the last run"))
        }

        // Run: the sanity check, then each mutant against the tests that reach it.
        let results = try await runMutants(
            toRun, of: wanted.count, files: build.files, covering: usable, exactReach: measured == nil,
            runner: runner, workspace: workspace, notes: notes, progress: progress)
        var byID = Dictionary(uniqueKeysWithValues: (results + reused).map { ($0.mutant.id, $0) })
        for mutant in mutants where rejected[mutant.id] != nil {
            byID[mutant.id] = MutantResult(
                mutant: mutant, status: .compileError, reason: rejected[mutant.id], coveredBy: [], killedBy: [],
                testsCompleted: 0, durationMilliseconds: 0)
        }
        try store.save(results)

        // Hints for what survived, then the report.
        let hinted = try await hints(
            for: mutants.compactMap { byID[$0.id] }, files: build.files, covering: usable, counted: measured == nil,
            runner: runner, workspace: workspace, progress: progress)
        for result in hinted.results { byID[result.mutant.id] = result }
        if let note = hinted.note { notes.add(note) }
        let mutatedFiles = Set(wanted.map(\.file))
        return MutationReport(
            package: package.path,
            sources: Dictionary(
                uniqueKeysWithValues: build.files.filter { mutatedFiles.contains($0.path) }.map { ($0.path, $0.text) }),
            results: mutants.compactMap { byID[$0.id] }, tests: tests, notes: notes.all,
            wallSeconds: (clock.now - started).inSeconds, buildSeconds: buildSeconds, since: changes?.ref,
            partial: await partial(of: wanted, package: layout.name))
    }

    /// The sanity check of the files `toRun` mutates, then each of `toRun` against the tests of `covering`
    /// that reach it, ``width`` at a time.
    private func runMutants(
        _ toRun: [Mutant], of wanted: Int, files: [SchemaBuild.File], covering: [Coverage], exactReach: Bool,
        runner: TestBinary, workspace: PackageWorkspace, notes: Notes,
        progress: @escaping @Sendable (MutationProgress) -> Void
    ) async throws -> [MutantResult] {
        progress(.phase("Sanity check: each mutated file's probe must make a test that reaches it fail"))
        let filesToRun = Set(toRun.map(\.file))
        let sanity = SanityCheck(
            runner: runner, exactReach: exactReach, limit: limit, scratch: try workspace.folder("coverage"),
            note: { notes.add($0) })
        try await sanity.check(files.filter { filesToRun.contains($0.path) }, reach: covering)

        let share = shard.map { " (shard \($0) of \(wanted))" } ?? ""
        progress(
            .phase(
                "Running \(toRun.count) \(toRun.count == 1 ? "mutant" : "mutants")\(share) against the tests that reach them, \(width) at a time"
            ))
        let tally = Tally(total: toRun.count)
        return try await concurrentMap(toRun, width: width) { mutant in
            let reaching = covering.filter { $0.reached.contains(mutant.id) }.sorted { $0.seconds < $1.seconds }
            var result = try await self.test(mutant, reaching, runner: runner)
            result.reason = result.reason.map { workspace.originalPath(of: $0) }
            progress(tally.record(result.status))
            return result
        }
    }

    /// A shard's header and the ids of every mutant its run wanted, for `litmus merge`; `nil` unsharded.
    private func partial(of wanted: [Mutant], package name: String) async -> MutationPartial? {
        guard let shard else { return nil }
        let commit = await Git.head(of: package)
        return MutationPartial(
            header: PartialHeader(kind: .mutation, shard: shard, commit: commit, package: name),
            mutantIDs: wanted.map(\.id))
    }

    /// Several times the tests' own durations, with a floor.
    func limit(_ tests: [Coverage]) -> Double {
        timeoutFloor + timeoutFactor * tests.reduce(0) { $0 + $1.seconds }
    }

    /// The copy's targets, from `swift package describe` (the audit's ``BuildStage`` reads them).
    package static func describe(_ workspace: PackageWorkspace, toolchain: Toolchain) async throws -> PackageLayout {
        try await BuildStage(toolchain: toolchain, workspace: workspace, timeout: 600).describe()
    }
}

/// The run's notes, in the order they came, each also shown as progress when it comes.
final class Notes: Sendable {
    private let notes: Mutex<[String]>
    private let progress: @Sendable (MutationProgress) -> Void

    /// The notes so far (`initial`, shown now), and where later ones are shown.
    init(_ initial: [String], progress: @escaping @Sendable (MutationProgress) -> Void) {
        notes = Mutex(initial)
        self.progress = progress
        initial.forEach { progress(.note($0)) }
    }

    /// Adds `note` and shows it.
    func add(_ note: String) {
        notes.withLock { $0.append(note) }
        progress(.note(note))
    }

    /// Every note, in order.
    var all: [String] { notes.withLock { $0 } }
}
