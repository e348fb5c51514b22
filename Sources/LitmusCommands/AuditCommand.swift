import ArgumentParser
import Foundation
import LitmusAudit
import LitmusMutation
import LitmusReport
import LitmusSupport

/// `litmus audit [PATH]`: holds a Swift package's tests to FIRST and prints a verdict per letter.
public struct AuditCommand: AsyncParsableCommand {
    /// The command's name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Hold a Swift package's tests to FIRST: Fast, Isolated, Repeatable, Self-validating, Thorough.",
        discussion: """
            Builds the tests once in a scratch copy of the package (the package itself is never written to), \
            runs the suite several times, each test alone, and random halves of the suite; reads the test \
            sources; measures coverage. Exits 1 when a threshold is not met, 2 when no test was observed (the \
            report's headline says why) or a letter could not be measured (coverage), or the audit could not be done \
            (a bad path, a full disk), 3 when a test process ran past --timeout and was killed (the report is \
            incomplete). --quick is the per-change tier: one run of each kind and a share of the tests alone, \
            the share the history ran alone least recently (without one, seed mod --spread). Each audit is \
            recorded in a history (--history; litmus history reads it). docs/audit.md explains each finding.
            """)

    /// The package's folder.
    @Argument(help: "The Swift package to audit (a folder with Package.swift).")
    public var path: String = "."

    /// The settings' flags (`--runs`, `--max-fast`, …), each described once in LitmusAudit.
    @OptionGroup public var settings: AuditSettingFlags

    /// How the package is built: `--configuration`, `--traits`.
    @OptionGroup public var packageBuild: PackageBuildFlags

    /// `--test-env NAME=VALUE`.
    @OptionGroup public var testEnvironment: TestEnvironmentFlag

    /// The seed to replay.
    @Option(name: .customLong("replay"), help: "Replay the random choices of an earlier audit from its printed seed.")
    public var seed: UInt64?

    /// Where to write JSON.
    @Option(help: "Write the report as JSON to this file (- for standard output).")
    public var json: String?

    /// Where to write JUnit XML (shared with `litmus merge`).
    @OptionGroup public var junitFile: JUnitOption

    /// Where to write the HTML report (shared with `litmus mutate` and `litmus merge`).
    @OptionGroup public var htmlPage: HTMLOption

    /// A configuration file.
    @Option(help: "A JSON configuration file (default: .litmus-audit.json in the package, if any).")
    public var config: String?

    /// SARIF, and GitHub's annotations and summary.
    @OptionGroup public var ci: CIReportOptions

    /// Where to build.
    @OptionGroup public var buildFolder: BuildFolderOptions

    /// Only the findings of tests touching changed files (shared with `litmus mutate`).
    @OptionGroup public var changedSince: SinceOption

    /// This worker's share of the runs: suite run 1 and a share of the other whole-suite runs, parallel
    /// runs, random halves, alone runs and bisections (every shard with the same `--replay` seed).
    @OptionGroup public var shard: ShardOption

    /// The per-change tier: `--quick` and `--spread K`.
    @OptionGroup public var quick: QuickOption

    /// The history the audit is recorded in, and a quick audit's share read from.
    @OptionGroup public var history: HistoryOption

    /// Mutation testing after the audit.
    @Flag(
        name: .customLong("mutation"),
        help: "Also run mutation testing in the audit's build (docs/mutation.md); its score joins Thorough.")
    public var mutation = false

    /// Where to write the verified patches of order-dependent tests: `--fixes`.
    @Option(
        name: .customLong("fixes"),
        help: ArgumentHelp(
            "Look for a verified patch of each order-dependent test (docs/audit.md) and write them all to this file as one unified diff for git apply.",
            valueName: "file"))
    public var fixes: String?

    /// Quiet progress.
    @Flag(help: "Print no progress while running.")
    public var quiet = false

    /// Where to write JUnit XML: `--junit`.
    public var junit: String? {
        get { junitFile.path }
        set { junitFile.path = newValue }
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

    /// The options after the configuration file and the flags.
    public func resolvedOptions() throws -> AuditOptions {
        let packageFolder = URL(fileURLWithPath: path)
        var options = AuditOptions()
        if let config {
            options = try AuditOptions.load(from: URL(fileURLWithPath: config))
        } else {
            let implicit = packageFolder.appendingPathComponent(AuditOptions.fileName)
            if FileManager.default.fileExists(atPath: implicit.path) { options = try AuditOptions.load(from: implicit) }
        }
        settings.apply(to: &options)
        packageBuild.apply(to: &options)
        swiftBuild.apply(to: &options)
        testEnvironment.apply(to: &options)
        return quick.tier.map(options.quickened) ?? options
    }

    /// Refuses option values that would make the audit meaningless (exit 64, naming the option).
    public func validate() throws {
        // A configuration file that cannot be read is reported by run(), naming the file.
        let options = try? resolvedOptions()
        let runsMutation = mutation || (options?.thresholds.minMutationScore ?? 0) > 0
        _ = try requestedShard(mutation: runsMutation)
        try quick.refuse(shard: shard.text != nil, mutation: runsMutation)
        if fixes != nil, shard.text != nil {
            throw ValidationError(
                "--fixes needs the judges' bisections, which a shard leaves to litmus merge: drop it from the shard.")
        }
        guard let options else { return }
        do {
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The `--shard` value, refusing what a shard cannot do (``AuditOutput/shard(_:json:junit:html:since:replay:mutation:sarif:)``).
    private func requestedShard(mutation runsMutation: Bool) throws -> Shard? {
        try AuditOutput.shard(
            shard, json: json, junit: junit, html: html, since: since, replay: seed, mutation: runsMutation,
            sarif: ci.sarif)
    }

    /// Runs the audit and prints the report; exits 1 when a threshold is not met, 2 when no test was
    /// observed, 3 when a test process ran past `--timeout` (the report is incomplete).
    public func run() async throws {
        let package = URL(fileURLWithPath: path)
        var options = try acceptedOptions(for: package)
        let interruption = Interruption.install(command: "litmus audit")
        defer { withExtendedLifetime(interruption) {} }
        let display = ProgressDisplay(enabled: !quiet)
        // A build with options of its own has a folder of its own in the build cache.
        let folder = try buildFolder.take(
            for: package, variant: PackageBuild(options: options).cacheVariant, command: "litmus audit")
        defer { folder.release() }
        let runsMutation = mutation || options.thresholds.minMutationScore > 0
        // These read each test's own lines: --since to pick the tests touching the changes, the page to
        // shade the lines tests execute (mutation testing asks for them itself: `Audit`).
        if since != nil || html != nil { options.testLines = true }
        var audit = Audit(
            package: package, options: options, seed: seed,
            buildFolder: folder.url,
            shard: try requestedShard(mutation: runsMutation))
        audit.mutation = runsMutation ? AuditMutation(parallelism: options.parallelism) : nil
        audit.repairs = fixes != nil
        if let cached = folder.cacheFolder {
            display.note("Build folder \(cached.path) (litmus clean \(Shell.quoted(path)) deletes it)")
        }
        display.note("Seed \(audit.seed) (replay: litmus audit --replay \(audit.seed) \(Shell.quoted(path)))")
        let outcome: AuditOutcome
        do {
            if audit.shard != nil {
                let partial = try await audit.runShard { display.show($0) }
                try await Interruption.waitIfInterrupted()
                display.finish()
                return try AuditOutput.exitingOnOutputError(command: "litmus audit") {
                    try AuditOutput.write(partial, json: json ?? "-")
                }
            }
            audit.since = try await changedSince.lines(in: package)
            if options.quick != nil {
                audit.lastRanAlone = history.lastRanAlone(for: package, command: "litmus audit")
            }
            outcome = try await audit.perform { display.show($0) }
            try await Interruption.waitIfInterrupted()
        } catch {
            try await Interruption.waitIfInterrupted()
            display.finish()
            // Any error that stops the audit (a package that does not build, a mutation sanity stop) is
            // exit 2 with its message, never 1, which means findings over the thresholds.
            throw CommandFailure.exit(error, command: "litmus audit")
        }
        display.finish()
        let recorded = await history.record(
            outcome.report, package: package, command: "litmus audit", summarize: html != nil)
        try write(outcome, history: recorded, display: display)
        if outcome.report.exitCode != 0 { throw ExitCode(outcome.report.exitCode) }
    }

    /// The options of an audit of `package`, once what can be refused is refused, before any work and
    /// before the seed is printed: a report that cannot be written, a folder that is no package, a build or
    /// temporary folder inside it, a configuration file that cannot be used (exit 2, not a threshold's 1).
    private func acceptedOptions(for package: URL) throws -> AuditOptions {
        try AuditOutput.checkOutputs(
            [("--json", json), ("--junit", junit), ("--html", html), ("--fixes", fixes)], ci: ci,
            command: "litmus audit")
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw CommandFailure.exit(AuditError.notAPackage(path: package.path), command: "litmus audit")
        }
        do {
            try PackageWorkspace.refuseTemporaryFolderInside(package: package)
            try PackageWorkspace.refuseModuleCacheInside(package: package)
            return try resolvedOptions()
        } catch {
            throw CommandFailure.exit(error, command: "litmus audit")
        }
    }

    /// Writes the reports the flags ask for (the page embeds every mutant, as `litmus report --mutation`
    /// does) and the verified patches.
    private func write(_ outcome: AuditOutcome, history recorded: HistorySummary?, display: ProgressDisplay) throws {
        try AuditOutput.exitingOnOutputError(command: "litmus audit") {
            try AuditOutput.emit(
                outcome.report, json: json, junit: junit, html: html, mutation: outcome.mutation, history: recorded,
                ci: ci)
            if let fixes {
                try AuditOutput.writeAll(
                    OutputFile.files([("--fixes", fixes)]), ["--fixes": Data((outcome.fixes ?? "").utf8)])
                let count = outcome.report.findings.filter { $0.repair?.patch != nil }.count
                display.note(
                    count == 0
                        ? "No verified patch: \(fixes) is empty"
                        : "\(count) verified patch\(count == 1 ? "" : "es") in \(fixes) (git apply \(Shell.quoted(fixes)))"
                )
            }
        }
    }
}
