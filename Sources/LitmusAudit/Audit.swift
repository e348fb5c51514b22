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

    /// Creates an audit; a `nil` seed draws one (it is printed and stored in the report).
    public init(package: URL, options: AuditOptions = AuditOptions(), seed: UInt64? = nil, buildFolder: URL? = nil) {
        self.package = package.standardizedFileURL
        self.options = options
        self.seed = seed ?? UInt64.random(in: 1...999_999)
        self.buildFolder = buildFolder
    }

    /// Runs the audit. The package is never written to; the scratch folder is deleted at the end.
    ///
    /// The stages, top to bottom: each returns a value the next one reads; only the run and coverage
    /// stages start test processes, and only the judges decide findings.
    public func run(progress: @escaping @Sendable (AuditProgress) -> Void = { _ in }) async throws -> AuditReport {
        let clock = ContinuousClock()
        let started = clock.now

        // Workspace: a private copy of the package; its quarantine read first, so a bad one fails at once.
        let quarantine = try Quarantine.load(package: package)
        let toolchain = try Toolchain.locate()
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
        defer { workspace.remove() }

        // Build: the tests once, with coverage; the layout; the test sources read.
        progress(.phase("Building the tests once (swift build --build-tests --enable-code-coverage)"))
        let builder = BuildStage(toolchain: toolchain, workspace: workspace, timeout: options.timeoutSeconds)
        let binary = try await builder.build()
        let buildSeconds = (clock.now - started).inSeconds
        let layout = try await builder.describe()
        let analysis = workspace.paths.relative(TestSourceAnalyzer().analyze(files: layout.testFiles))

        // Discover and run: the suite runs, the parallel runs, each test alone, the random halves.
        let runs = RunStage(binary: binary, options: options, seed: seed, paths: workspace.paths, progress: progress)
        let listing = try await runs.discover(located: analysis)
        let observations = try await runs.observe(listing)

        // Coverage: of the sources, and of each test alone.
        var context = JudgingContext(options: options, seed: seed, analysis: analysis)
        var coveredLines: [String: [String: String]] = [:]
        if options.coverage, let profdata = toolchain.profdata, let cov = toolchain.cov {
            progress(.phase("Measuring coverage of the sources (llvm-cov)"))
            let measured = try await CoverageStage(
                profdata: profdata, cov: cov, binary: binary, logs: try workspace.folder("logs"),
                paths: workspace.paths, sourceFolders: layout.sourceFolders, width: runs.width, progress: progress
            ).measure(observations)
            context.coverage = measured.coverage
            coveredLines = measured.coveredLines
        }

        // Judge: one judge per letter; bisection runs tests on the judges' request.
        progress(.phase("Comparing runs; bisecting any test that behaves differently among the others"))
        let judgement = try await Judge.judge(observations, context, bisect: runs.bisector(for: listing.tests))

        // Report: measurements, findings and verdicts in one value, for every renderer.
        return ReportAssembly.assemble(
            package: package.path, seed: seed, options: options, wallSeconds: (clock.now - started).inSeconds,
            buildSeconds: buildSeconds, observations: observations, coveredLines: coveredLines,
            coverage: context.coverage, judgement: judgement, quarantine: quarantine)
    }

}
