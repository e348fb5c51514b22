import Foundation
import LitmusSupport

/// An audit of one Swift package's tests against FIRST: it copies the package to a scratch folder,
/// builds its tests once, and runs the test binary directly, many times.
///
/// Stages: workspace (the copy); build (and the static analysis of the test sources); discover and run
/// (the whole suite `runs` times, the parallel runs, each test alone in a fresh process, random halves
/// chosen from `seed`) into ``Observations``; coverage of the sources and of each test alone; judge
/// (one judge per letter, bisecting each test that behaves differently among the others); report.
public struct Audit: Sendable {
    /// The package's folder.
    public var package: URL
    /// How to run.
    public var options: AuditOptions
    /// The seed of every random choice.
    public var seed: UInt64
    /// A build folder to reuse between audits; a fresh scratch one when `nil`.
    public var buildFolder: URL?
    /// The share of the runs to run (``runShard(progress:)``): suite run 1, and its share of the other
    /// whole-suite runs, of the alone runs and of the bisections; `nil` runs them all.
    public var shard: Shard?
    /// Mutation testing after the judges, in the same scratch copy (`--mutation`); none when `nil`.
    package var mutation: (any AuditMutationStage)?
    /// `--since REF`: the changes whose tests the report keeps (``ChangedScope``); the tests that cannot
    /// touch them skip their alone runs (``AloneScope``). `nil`: the whole report, every test alone.
    public var since: ChangedLines?
    /// With `--quick` and a history: when each test last ran alone (``HistoryRecorder``); the audit then
    /// runs alone the share run least recently (``QuickTier/leastRecentShare(of:lastAlone:seed:)``), not
    /// the seed's. `nil`: the seed's share.
    public var lastRanAlone: [TestID: Date]?
    /// `--fixes`: after the judges, look for a verified patch of each order-dependent test bisection
    /// explained (``RepairStage``); its builds cost time, so only when asked.
    public var repairs = false

    /// Creates an audit; a `nil` seed draws one (it is printed and stored in the report).
    public init(
        package: URL, options: AuditOptions = AuditOptions(), seed: UInt64? = nil, buildFolder: URL? = nil,
        shard: Shard? = nil
    ) {
        self.package = package.standardizedFileURL
        self.options = options
        self.seed = seed ?? UInt64.random(in: 1...999_999)
        self.buildFolder = buildFolder
        self.shard = shard
    }

    /// The package's own build options and test environment, from ``options``.
    var build: PackageBuild { PackageBuild(options: options) }

    /// Runs the audit and returns its report. The package is never written to; the scratch folder is
    /// deleted at the end.
    public func run(progress: @escaping @Sendable (RunProgress) -> Void = { _ in }) async throws -> AuditReport {
        try await perform(progress: progress).report
    }

    /// Runs the audit and returns all it found: the report, and with ``mutation`` every mutant.
    ///
    /// The stages, top to bottom: each returns a value the next one reads; only the run and coverage
    /// stages start test processes, and only the judges decide findings.
    public func perform(progress: @escaping @Sendable (RunProgress) -> Void = { _ in }) async throws
        -> AuditOutcome
    {
        let clock = ContinuousClock()
        let started = clock.now
        var gathered = try await gather(progress: progress)
        defer { gathered.workspace.remove() }
        // Judge: bisection runs tests on the judges' request, with the package's own build.
        var record = gathered.record
        var judgement = try await gathered.phases.measure("judge") {
            try await record.judge(bisect: gathered.bisect)
        }
        // Repair: the fixes of order-dependent tests, before mutation rebuilds the copy with its schemata.
        var fixes: String?
        if repairs {
            var stage = RepairStage(
                workspace: gathered.workspace, toolchain: gathered.toolchain, binary: gathered.binary,
                tests: record.observations.tests, timeout: options.timeoutSeconds, progress: progress)
            stage.build = build
            let findings = judgement.findings
            let repaired = try await gathered.phases.measure("repair") { try await stage.repair(findings) }
            judgement.findings = repaired.findings
            fixes = repaired.fixes
        }
        // Mutation: after the judges, in the same copy and build folder (the score joins Thorough).
        var mutated: AuditMutationResult?
        if let mutation {
            let stage = gathered
            mutated = try await gathered.phases.measure("mutation") {
                try await mutation.run(
                    in: stage.workspace, toolchain: stage.toolchain, layout: stage.layout, build: build,
                    measured: record.measuredTests, progress: progress)
            }
            record.mutation = mutated?.summary
        }
        // Report: measurements, findings and verdicts in one value, for every renderer.
        var report = ReportAssembly.assemble(record, judgement, wallSeconds: (clock.now - started).inSeconds)
        report.phases = [PhaseTiming(phase: "build", seconds: record.buildSeconds)] + gathered.phases.timings
        let alone = record.observations.aloneScope
        report = IsolationReport.describe(report, alone, sideBySide: record.observations.sideBySide)
        if let since { report = ChangedScope.limit(report, to: since, alone: alone?.quick == nil ? alone : nil) }
        if let quick = alone?.quick { report = QuickReport.describe(report, quick, ranAlone: alone?.tests ?? []) }
        return AuditOutcome(report: report, mutation: mutated?.report, fixes: fixes)
    }

    /// Runs this audit's ``shard`` (every stage, but only suite run 1 and its share of the other runs and
    /// of the bisections) and returns its partial report, for `litmus merge` to judge with the other
    /// shards'.
    public func runShard(progress: @escaping @Sendable (RunProgress) -> Void = { _ in }) async throws
        -> AuditPartial
    {
        let shard = try shard ?? Shard(index: 1, count: 1)
        let clock = ContinuousClock()
        let started = clock.now
        let gathered = try await gather(progress: progress)
        defer { gathered.workspace.remove() }
        var record = gathered.record
        let requests = try await Judge.shardBisectionRequests(record.observations, record.judgingContext, shard: shard)
        try await record.recordBisections(requests, through: gathered.bisect)
        record.wallSeconds = (clock.now - started).inSeconds
        record.observations.profiles = [:]
        let commit = await Git.head(of: package)
        return AuditPartial(
            header: PartialHeader(kind: .audit, shard: shard, commit: commit, package: gathered.name),
            record: record)
    }

    /// What the stages up to judging produced, for the audit to judge or a shard to keep; its holder
    /// deletes the workspace's scratch folder when done with it.
    private struct Gathered {
        var record: AuditRecord
        var bisect: Bisect
        var workspace: PackageWorkspace
        var toolchain: Toolchain
        var binary: TestBinary
        var layout: PackageLayout
        var name: String { layout.name }
        var phases: PhaseClock
    }

    /// The stages up to judging, each returning what the next reads. The scratch folder is the caller's to
    /// delete once it returns (``Gathered/workspace``); gathering deletes it when a stage throws.
    private func gather(progress: @escaping @Sendable (RunProgress) -> Void) async throws -> Gathered {
        let clock = ContinuousClock()
        let started = clock.now

        // Workspace: a private copy of the package; its quarantine read first, so a bad one fails at once.
        let quarantine = try Quarantine.load(package: package)
        let toolchain = try Toolchain.locate()
        // What the lines kept in the build folder depend on, hashed before the copy is made: an edit
        // after this shows as a change in the next audit.
        let files =
            buildFolder != nil && readsTestLines && options.coverage
            ? TestLinesStore.hashes(package: package, dependencies: LocalDependencies.all(of: package)) : [:]
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
        do {
            return try await gather(
                in: workspace, quarantine: quarantine, toolchain: toolchain, files: files,
                started: started, progress: progress)
        } catch {
            workspace.remove()
            throw error
        }
    }

    /// The tests built once by `builder`; a package with no test target is named with the folders where its tests
    /// are, which only something else (an Xcode project) builds.
    private static func build(_ builder: inout BuildStage) async throws -> TestBinary {
        do {
            return try await builder.buildLeavingOutAFailingObserver()
        } catch AuditError.noTestBinary(let path, _) {
            let package = URL(fileURLWithPath: path)
            throw AuditError.noTestBinary(
                path: path,
                testFolders: UncompiledTestFiles.testFolders(in: package).map {
                    package.appendingPathComponent($0).path
                })
        }
    }

    /// ``gather(progress:)``'s stages in `workspace`: build, discover and run, coverage, the bisections.
    private func gather(
        in workspace: PackageWorkspace, quarantine: Quarantine, toolchain: Toolchain, files: [String: String],
        started: ContinuousClock.Instant, progress: @escaping @Sendable (RunProgress) -> Void
    ) async throws -> Gathered {
        let clock = ContinuousClock()

        // Build: the tests once, with coverage; the layout; the test sources read.
        var builder = BuildStage(
            toolchain: toolchain, workspace: workspace, timeout: options.timeoutSeconds, build: build)
        progress(
            .phase("Building the tests once (swift build --build-tests \(builder.flags.joined(separator: " ")))"))
        let binary = try await Self.build(&builder)
        let workspace = builder.workspace
        let buildSeconds = (clock.now - started).inSeconds
        var phases = PhaseClock()
        let layout = try await phases.measure("describe") { try await builder.describe() }
        progress(.phase("Reading the compiler's types of the test sources (swiftc -dump-ast)"))
        let typedStage = TypedFactsStage(
            build: workspace.build, configuration: build.configurationFolder, modules: layout.testModules,
            scratch: try workspace.folder("typed"))
        let typedFacts = await phases.measure("typed") { await typedStage.read() }
        let analysis = await phases.measure("analysis") { analyze(layout, typedFacts: typedFacts, in: workspace) }

        // Discover and run: the suite runs, the parallel runs, each test alone, the random halves (a shard:
        // suite run 1 and its share of the rest).
        var runs = RunStage(
            binary: binary, options: options, seed: seed, paths: workspace.paths, progress: progress, shard: shard)
        // The lines each test executed alone in an earlier audit here that still hold.
        let storedLines = workspace.kept.flatMap(TestLinesStore.load(from:))?.flatMap {
            $0.surviving(package: package.path, files: files, layout: layout)
        }
        let measuresLines = options.coverage && toolchain.profdata != nil && toolchain.cov != nil
        runs.aloneRule = aloneRule(stored: storedLines, measuresLines: measuresLines)
        // What the runs need of the judges, as values: which tests to time again.
        runs.retime = FastJudge.retimeRule(options: options, analysis: analysis)
        runs.typeNames = analysis.typeNames
        switch try footprintStage(binary: binary, workspace: workspace, toolchain: toolchain) {
        case .success(let stage):
            runs.footprint = stage
            runs.keepGroups(in: workspace.kept, package: package.path, reads: options.schedule == .fast)
        case .failure(let problem): runs.footprintsUnavailable = problem.reason
        case nil: break
        }
        let listing = try await phases.measure("discover") { try await runs.discover(located: analysis) }
        // How busy the machine is while the tests run, so a duration measured on a busy machine is judged
        // as it would be on a free core (the Fast judge reads each run's load).
        let probe = CPUShareProbe(clock: TestBinary.now)
        runs.probe = probe
        probe.start()
        defer { _ = probe.stop() }
        var observations = try await runs.observe(listing, clock: &phases)
        _ = probe.stop()
        await compareStaticFootprints(&observations, stage: runs.footprint, workspace: workspace, phases: &phases)
        // A test that failed only while another test process ran beside it runs again, alone and beside
        // a copy of itself (a shard leaves it to its runs: the merged judges see no check).
        if shard == nil {
            try await phases.measure("interference") {
                try await runs.checkInterference(&observations, xctests: listing.tests)
            }
        }

        // Coverage: of the sources, and of each test alone, with the counts of the checks the judges read.
        let coverage = try await measureCoverage(
            observations, analysis: analysis, binary: binary, in: workspace, layout: layout, toolchain: toolchain,
            width: runs.width, stored: storedLines, files: files, phases: &phases, progress: progress)
        let record = AuditRecord(
            package: package.path, seed: seed, options: options, buildSeconds: buildSeconds,
            observations: observations, analysis: analysis, coverage: coverage.measured?.coverage,
            coverageProblem: coverage.problem, coveredLines: coverage.lines,
            executions: coverage.measured?.executions ?? [:], quarantine: quarantine)

        progress(.phase("Comparing runs; bisecting any test that behaves differently among the others"))
        let bisect = try await phases.measure("bisect") {
            try await bisector(for: record, runs: runs, xctests: listing.tests)
        }
        return Gathered(
            record: record, bisect: bisect, workspace: workspace, toolchain: toolchain, binary: binary, layout: layout,
            phases: phases)
    }

    /// The static analysis of the test targets `layout` names, in the copy, decided with the compiler's
    /// `typedFacts` where it could give them, the package's own sources at hand for the smells that read
    /// them, and a stale `Tests/LinuxMain.swift` noted.
    private func analyze(_ layout: PackageLayout, typedFacts: TypedFacts?, in workspace: PackageWorkspace)
        -> SourceAnalysis
    {
        var analyzer = TestSourceAnalyzer()
        analyzer.checks = Set(options.checks)
        let sourceFolders = layout.sourceFolders.map { workspace.package.appendingPathComponent($0) }
        analyzer.sourceFiles = { sourceFolders.flatMap { SwiftFiles.under($0) } }
        analyzer.sourceTargets = (workspace.package, layout.sourceFolders)
        analyzer.bundles = BundledResource.testBundles(of: workspace.package)
        analyzer.testResources = TestResources.names(in: workspace.package)
        // The compiler's types and resolved names of the test sources decide the static findings; the build's
        // conditions decide the #if clauses read; where the tests are built, those compiled nowhere.
        analyzer.typedFacts = typedFacts
        analyzer.conditions = build.packageConditions
        analyzer.platforms = BuildPlatforms.read(package: workspace.package, defines: build.conditions)
        var analyzed = analyzer.analyze(modules: layout.testModules)
        analyzed.findings += UncompiledTestFiles(layout: layout, package: workspace.package).findings()
        var analysis = workspace.paths.relative(analyzed)
        analysis.typedFactsProblem = typedFacts?.problem.map(workspace.paths.originalText)
        // With --enable-test-discovery SwiftPM ignores the LinuxMain.swift: its lists decide nothing.
        let linuxMain = "Tests/LinuxMain.swift"
        let linuxMainURL = workspace.package.appendingPathComponent(linuxMain)
        if !build.discoversTests, FileManager.default.fileExists(atPath: linuxMainURL.path) {
            analysis.linuxMain = linuxMain
            let text = (try? String(contentsOf: linuxMainURL, encoding: .utf8)) ?? ""
            analysis.entryPointSpecs = SourceAnalysis.qckMainSpecs(in: text)
        }
        return analysis
    }

    /// What the coverage stage measured, the lines each test executed alone (with those kept from earlier
    /// audits for the tests that did not run alone), and why coverage could not be measured.
    private struct MeasuredCoverage {
        var measured: CoverageStage.Measured?
        var lines: [TestID: [String: LineSet]]
        var problem: String?
    }

    /// Coverage of the sources and of each test alone (and the execution counts of the checks `analysis` finds),
    /// when asked for and the toolchain can measure it; the lines each test executed are kept in the build folder.
    private func measureCoverage(
        _ observations: Observations, analysis: SourceAnalysis, binary: TestBinary,
        in workspace: PackageWorkspace, layout: PackageLayout, toolchain: Toolchain, width: Int,
        stored: Result<TestLinesStore, TestLinesStore.Dropped>?, files: [String: String], phases: inout PhaseClock,
        progress: @escaping @Sendable (RunProgress) -> Void
    ) async throws -> MeasuredCoverage {
        guard options.coverage else { return MeasuredCoverage(lines: [:]) }
        guard let profdata = toolchain.profdata, let cov = toolchain.cov else {
            return MeasuredCoverage(
                lines: [:],
                problem: "llvm-profdata or llvm-cov was not found beside swift: install the whole toolchain, or "
                    + "audit with --no-coverage")
        }
        progress(.phase("Measuring coverage of the sources (llvm-cov)"))
        let checks = await phases.measure("checkPositions") { AssertionNeverRanJudge.positions(observations, analysis) }
        let stage = CoverageStage(
            profdata: profdata, cov: cov, binary: binary, logs: try workspace.folder("logs"), paths: workspace.paths,
            sourceFolders: layout.sourceFolders, width: width, progress: progress)
        var measured = try await phases.measure("coverage") {
            try await stage.measure(observations, checks: checks, testLines: readsTestLines)
        }
        if let coverage = measured.coverage {
            measured.coverage = UncoveredFileReasons.marked(
                coverage, package: package, sourceFolders: layout.sourceFolders,
                testFolders: layout.testFolders.values.sorted(), testOnlyFolders: layout.testSupportFolders)
        }
        var lines = measured.coveredLines
        if readsTestLines, let kept = workspace.kept {
            lines = try keepLines(measured.coveredLines, of: observations, stored: stored, files: files, in: kept)
        }
        return MeasuredCoverage(measured: measured, lines: lines, problem: measured.problem)
    }

    /// Bisection for the judges of `record`: the fast schedule learns every bisection the judges (a shard:
    /// the merged judges) will ask for and runs them side by side; the full one bisects when asked.
    private func bisector(for record: AuditRecord, runs: RunStage, xctests: [TestIdentity]) async throws -> Bisect {
        guard options.schedule == .fast else { return runs.bisector(for: xctests) }
        let observations = record.observations
        let requests =
            if let shard {
                try await Judge.shardBisectionRequests(observations, record.judgingContext, shard: shard)
            } else {
                try await Judge.bisectionRequests(observations, record.judgingContext)
            }
        return try await runs.bisections(requests, xctests: xctests, alone: Set(observations.interference.keys))
    }
}
