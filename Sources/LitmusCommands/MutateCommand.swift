import ArgumentParser
import Foundation
import LitmusAudit
import LitmusMutation
import LitmusReport
import LitmusSupport
import Synchronization

/// `litmus mutate [PATH]`: mutation testing of a package (docs/mutation.md).
public struct MutateCommand: AsyncParsableCommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Change the package's code in small ways and check that some test fails for each change.",
        discussion: """
            The package is copied to its build folder (it is never written to), every mutant is compiled \
            into one build behind a runtime switch, and each mutant runs only the tests that reach it; the \
            next run reuses the results of mutants whose file, covering tests and test sources are unchanged. \
            Exit status: 0 done, 1 score under --min-mutation-score, 2 could not run.
            """
    )

    /// The package's folder.
    @Argument(help: "The package to test (a folder with Package.swift).")
    public var path: String = "."

    /// Where to write the Stryker-schema JSON report.
    @Option(name: .long, help: "Write the report in Stryker's mutation-testing-report-schema (version 2) to this file.")
    public var json: String?

    /// The least acceptable score.
    @OptionGroup var minimum: MinimumScoreOption
    public var minMutationScore: Double? { minimum.minMutationScore }

    /// Test processes at once: `--jobs`, shared with `litmus audit`.
    @OptionGroup public var jobs: JobsOption

    /// `--jobs`' earlier name, deprecated: still read, and left out of the help.
    @Option(
        name: .customLong("parallel"),
        help: ArgumentHelp("The earlier name of --jobs (deprecated).", valueName: "jobs", visibility: .hidden))
    var earlierJobs: Int?

    /// The time limit floor.
    @Option(name: .long, help: "The least time limit of a mutant's test run, in seconds (default 5).")
    public var timeoutFloor: Double = 5

    /// Where to write the HTML report (shared with `litmus audit` and `litmus merge`).
    @OptionGroup public var htmlPage: HTMLOption

    /// Only mutants on changed lines (shared with `litmus audit`).
    @OptionGroup public var changedSince: SinceOption

    /// Where to build, and keep the results.
    @OptionGroup public var buildFolder: BuildFolderOptions

    /// How the package is built: `--configuration`, `--traits`.
    @OptionGroup public var packageBuild: PackageBuildFlags

    /// `--test-env NAME=VALUE`.
    @OptionGroup public var testEnvironment: TestEnvironmentFlag

    /// SARIF, and GitHub's annotations and summary.
    @OptionGroup public var ci: CIReportOptions

    /// Runs every mutant.
    @Flag(name: .customLong("no-cache"), help: "Run every mutant instead of reusing the last run's results.")
    public var noCache = false

    /// The share of the mutants to run.
    @OptionGroup public var shard: ShardOption

    /// The history the run's score is recorded in (not a shard's, nor a run with `--since`: their scores
    /// are a part's).
    @OptionGroup public var history: HistoryOption

    /// No progress lines.
    @Flag(name: .long, help: "Print only the report.")
    public var quiet = false

    /// Test processes at once, 0 for one per core: `--jobs`, else `--parallel`.
    public var parallel: Int {
        get { jobs.count ?? earlierJobs ?? 0 }
        set {
            jobs.count = newValue
            earlierJobs = nil
        }
    }

    /// Where to write the HTML report: `--html`.
    public var html: String? {
        get { htmlPage.path }
        set { htmlPage.path = newValue }
    }

    /// The git ref of `--since`.
    public var since: String? {
        get { changedSince.ref }
        set { changedSince.ref = newValue }
    }

    /// Options of `swift build` after `--`: the last positional argument, after `path`.
    @OptionGroup public var swiftBuild: SwiftBuildArguments

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Refuses, before any work, a count `--parallel` may not take (as `--jobs`), and what a shard cannot
    /// do (exit 64): it writes its partial --json only.
    public func validate() throws {
        try JobsOption.check(earlierJobs, flag: "--parallel")
        // What the command line gives is refused here (exit 64); a bad file, by run() (exit 2).
        var given = AuditOptions()
        packageBuild.apply(to: &given)
        swiftBuild.apply(to: &given)
        testEnvironment.apply(to: &given)
        do {
            try given.validate()
        } catch {
            throw ValidationError(error.description)
        }
        guard try shard.shard() != nil else { return }
        try shard.requireJSON(json)
        guard html == nil, minMutationScore == nil, ci.sarif == nil else {
            throw ValidationError(
                "--html, --sarif and --min-mutation-score judge the whole run: give them to litmus merge, not to a shard."
            )
        }
    }

    /// Runs it.
    public func run() async throws {
        let shard = try self.shard.shard()
        if earlierJobs != nil {
            FileHandle.standardError.write(Data("litmus mutate: --parallel is deprecated: give --jobs.\n".utf8))
        }
        try AuditOutput.checkOutputs([("--json", json), ("--html", html)], ci: ci, command: "litmus mutate")
        let interruption = Interruption.install(command: "litmus mutate")
        defer { withExtendedLifetime(interruption) {} }
        let package = URL(fileURLWithPath: path)
        // The audit's folder (of a build with the same options): the dependencies its build compiled are
        // compiled for this one too.
        let build = try packageBuild(of: package)
        let folder = try buildFolder.take(for: package, variant: build.cacheVariant, command: "litmus mutate")
        defer { folder.release() }
        var testing = MutationTesting(
            package: package, parallelism: parallel, timeoutFloor: timeoutFloor,
            buildFolder: folder.url, shard: shard)
        testing.reuseResults = !noCache
        testing.build = build
        let quiet = self.quiet
        if let cached = folder.cacheFolder, !quiet {
            FileHandle.standardError.write(
                Data("Build folder \(cached.path) (litmus clean \(Shell.quoted(path)) deletes it)\n".utf8))
        }
        let report: LitmusMutation.MutationReport
        do {
            testing.changes = try await changedSince.lines(in: package)
            // On a terminal the counter rewrites itself; in a log (CI) it gets a line every tenth of the way.
            let terminal = isatty(STDERR_FILENO) == 1
            let lastTenth = Mutex(-1)
            report = try await testing.run { event in
                guard !quiet else { return }
                if !terminal, case .mutants(let done, let total, _, _, _) = event {
                    let tenth = total == 0 ? 10 : done * 10 / total
                    guard
                        lastTenth.withLock({ last in
                            defer { last = tenth }
                            return last != tenth
                        })
                    else { return }
                    FileHandle.standardError.write(Data((Self.line(for: event).dropFirst() + "\n").utf8))
                    return
                }
                FileHandle.standardError.write(Data((Self.line(for: event)).utf8))
            }
            try await Interruption.waitIfInterrupted()
        } catch {
            try await Interruption.waitIfInterrupted()
            // Whatever stopped the run exits 2 with its message: 1 means a score under the minimum only.
            throw CommandFailure.exit(error, command: "litmus mutate", leadingNewline: true)
        }
        if !quiet { FileHandle.standardError.write(Data("\n".utf8)) }
        if shard == nil, changedSince.ref == nil {
            await history.recordMutation(
                score: report.score, wallSeconds: report.wallSeconds, package: package, command: "litmus mutate")
        }
        try MutationOutput.emit(
            report, json: json, html: html, minMutationScore: minMutationScore, ci: ci, command: "litmus mutate")
    }

    /// How the package is built: `.litmus-audit.json`'s `buildArguments`, `configuration`, `traits` and
    /// `testEnvironment` (when the package holds one), then the command line's; a file that cannot be read
    /// exits 2, naming it.
    package func packageBuild(of package: URL) throws -> PackageBuild {
        var options = AuditOptions()
        let file = package.appendingPathComponent(AuditOptions.fileName)
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                options = try AuditOptions.load(from: file)
            } catch {
                throw CommandFailure.exit(error, command: "litmus mutate")
            }
        }
        packageBuild.apply(to: &options)
        swiftBuild.apply(to: &options)
        testEnvironment.apply(to: &options)
        return PackageBuild(options: options)
    }

    private static func line(for event: MutationProgress) -> String {
        switch event {
        case .phase(let text): return "\n==> \(text)\n"
        case .note(let text): return "    \(text)\n"
        case .mutants(let done, let total, let detected, let survived, let left):
            return
                "\r    \(done)/\(total) mutants: \(detected) detected, \(survived) survived, about \(Int(left.rounded())) s left   "
        }
    }
}
