import ArgumentParser
import Foundation
import LitmusAudit
import LitmusReport
import LitmusSupport

/// `litmus smells [PATH…]`: the audit's static checks alone (Self-validating's test smells and Fast's
/// sleeps), on a package or on loose test files and folders, in seconds: nothing is built or run.
public struct SmellsCommand: AsyncParsableCommand {
    /// The command's name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "smells",
        abstract: "Read test sources for test smells, without building: the static checks of litmus audit.",
        discussion: """
            Reads a package's test targets (a folder with Package.swift, as its manifest declares them), or \
            the .swift files of the folders and files given, for what litmus audit finds by reading: tests \
            that assert nothing or cannot fail, swallowed errors, traps, checks under conditions, checks \
            that never run, sleeps, and readability hints. Hints count against no letter unless \
            --max-hints (maxHints) is 0 or more; // litmus:ignore <kind> <reason> silences one finding. \
            With --typed, a package already built (swift build --build-tests) has its findings decided on \
            the compiler's types, as litmus audit decides them, without running a test. Exits 0 when the \
            thresholds hold, 1 when one does not, 2 when the input cannot be read. docs/audit.md lists \
            every smell with its fix.
            """)

    /// What to read, then after `--` the options of `swift build` (``readPaths`` and ``buildArguments``).
    @Argument(
        help:
            "A package, test folders or .swift files (default: the current folder); after --, options of swift build (-- -Xswiftc -DNETWORK), added to buildArguments."
    )
    public var paths: [String] = []

    /// The paths to read: the arguments before the first that starts with `-` (one that only `--` lets
    /// through).
    public var readPaths: [String] { Array(paths.prefix { !$0.hasPrefix("-") }) }

    /// The options of `swift build` given after `--`: from the first argument that starts with `-` on. An
    /// array of positional arguments cannot be followed by another (ArgumentParser refuses it), so they
    /// share one.
    var buildArguments: [String] { Array(paths.drop { !$0.hasPrefix("-") }) }

    /// Where to write JSON.
    @Option(help: "Write the report as JSON to this file (- for standard output).")
    public var json: String?

    /// A configuration file.
    @Option(help: "A JSON configuration file (default: .litmus-audit.json in the first path, if any).")
    public var config: String?

    /// `--max-self-validating`, `--max-fast`, `--max-hints`.
    @Option(AuditThresholds.maxSelfValidating) var maxSelfValidating: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxFast) var maxFast: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxHints) var maxHints: AuditOverride<AuditOptions>?

    /// `--typed`: the findings decided on the compiler's facts, read from the package's own build.
    @Flag(
        help:
            "Decide the findings on the compiler's types, as litmus audit does, from the package's build (run swift build --build-tests first): one package, slower the first time."
    )
    public var typed = false

    /// The package's build folder for `--typed`.
    @Option(help: "The package's build folder for --typed (default: .build in the package).")
    public var buildPath: String?

    /// SARIF, and GitHub's annotations and summary.
    @OptionGroup public var ci: CIReportOptions

    /// How the package is built, which decides the `#if` clauses read as compiled: `--configuration`,
    /// `--traits` (and the options after `--` in ``paths``: `-Xswiftc -DNAME`).
    @OptionGroup public var packageBuild: PackageBuildFlags

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// The options: the configuration file's thresholds, then the flags.
    public func resolvedOptions() throws -> AuditOptions {
        var options = AuditOptions()
        let first = readPaths.first ?? "."
        if let config {
            options = try AuditOptions.load(from: URL(fileURLWithPath: config))
        } else {
            let implicit = URL(fileURLWithPath: first).appendingPathComponent(AuditOptions.fileName)
            if FileManager.default.fileExists(atPath: implicit.path) { options = try AuditOptions.load(from: implicit) }
        }
        for flag in [maxSelfValidating, maxFast, maxHints] { flag?.apply(to: &options) }
        packageBuild.apply(to: &options)
        options.buildArguments += buildArguments
        return options
    }

    /// Refuses `--build-path` without `--typed`, which alone reads a build.
    public func validate() throws {
        if buildPath != nil, !typed {
            throw ValidationError("--build-path names the build --typed reads: give --typed too")
        }
    }

    /// Reads the sources and prints the report; exits 1 when a threshold is not met, 2 when the input
    /// cannot be read.
    public func run() async throws {
        try AuditOutput.checkOutputs([("--json", json)], ci: ci, command: "litmus smells")
        let report: AuditReport
        let paths = readPaths.isEmpty ? ["."] : readPaths
        do {
            if typed {
                let build =
                    buildPath.map { URL(fileURLWithPath: $0) }
                    ?? URL(fileURLWithPath: paths[0]).appendingPathComponent(".build")
                report = try await SmellsReport.make(paths: paths, options: try resolvedOptions(), typedBuild: build)
            } else {
                report = try SmellsReport.make(paths: paths, options: try resolvedOptions())
            }
        } catch {
            throw CommandFailure.exit(error, command: "litmus smells")
        }
        try AuditOutput.exitingOnOutputError(command: "litmus smells") {
            try AuditOutput.emit(report, json: json, junit: nil, html: nil, ci: ci)
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
