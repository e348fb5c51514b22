import Foundation

/// An audit of one Swift package's tests against FIRST: it copies the package to a scratch folder,
/// builds its tests once, and runs the test binary directly, many times.
///
/// Phases: build; the whole suite `runs` times (Repeatable, durations for Fast); each test alone in a
/// fresh process, in parallel over the cores (Isolated, per-test coverage); random halves of the suite
/// chosen from `seed` (Isolated); bisection for each test that behaves differently among the others;
/// static analysis of the test sources (Self-validating, sleeps); coverage of the sources (Thorough).
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
    public func run(progress: @escaping @Sendable (AuditProgress) -> Void = { _ in }) async throws -> AuditReport {
        let clock = ContinuousClock()
        let started = clock.now
        let toolchain = try Toolchain.locate()
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
        defer { workspace.remove() }

        progress(.phase("Building the tests once (swift build --build-tests --enable-code-coverage)"))
        let binary = try await build(workspace, toolchain: toolchain)
        let buildSeconds = seconds(clock.now - started)
        let layout = try await describe(workspace, toolchain: toolchain)
        let analysis = TestSourceAnalyzer().analyze(files: layout.testFiles)

        var session = AuditSession(
            audit: self, workspace: workspace, binary: binary, analysis: analysis, progress: progress)
        try await session.discoverAndRunSuite()
        try await session.runEachAlone()
        try await session.runRandomSubsets()
        try await session.classify()
        session.addStaticFindings()
        if options.coverage, let profdata = toolchain.profdata, let cov = toolchain.cov {
            progress(.phase("Measuring coverage of the sources (llvm-cov)"))
            try await session.measureCoverage(layout: layout, profdata: profdata, cov: cov)
        }
        return session.report(wallSeconds: seconds(clock.now - started), buildSeconds: buildSeconds)
    }

    private func build(_ workspace: PackageWorkspace, toolchain: Toolchain) async throws -> TestBinary {
        let logs = try workspace.folder("logs")
        let result = try await ChildProcess.run(
            toolchain.swift,
            [
                "build", "--build-tests", "--enable-code-coverage", "--package-path", workspace.package.path,
                "--scratch-path", workspace.build.path,
            ],
            in: workspace.package, outputFile: logs.appendingPathComponent("build.txt"), timeout: 3600)
        guard result.status == 0 else {
            let errors = result.output.split(separator: "\n").filter { $0.contains("error:") }
                .map {
                    workspace.originalPath(of: String($0)).replacingOccurrences(
                        of: workspace.package.path, with: package.path)
                }
            throw AuditError.buildFailed(
                path: package.path, errors: errors.isEmpty ? [String(result.output.suffix(2000))] : errors)
        }
        let debug = workspace.build.appendingPathComponent("debug")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw AuditError.noTestBinary(path: package.path)
        }
        return TestBinary(
            executable: debug.appendingPathComponent(name), workingDirectory: workspace.package,
            scratch: try workspace.folder("runs"), timeout: options.timeoutSeconds)
    }

    private func describe(_ workspace: PackageWorkspace, toolchain: Toolchain) async throws -> PackageLayout {
        let output = try workspace.folder("logs").appendingPathComponent("describe.json")
        let result = try await ChildProcess.run(
            toolchain.swift,
            [
                "package", "--package-path", workspace.package.path, "--scratch-path", workspace.build.path, "describe",
                "--type", "json",
            ],
            in: workspace.package, outputFile: output, timeout: 600)
        // SwiftPM may print notes before the JSON: read from the first brace.
        guard result.status == 0, let brace = result.output.firstIndex(of: "{") else {
            throw AuditError.cannotDescribe(path: package.path, output: result.output)
        }
        return try PackageLayout.read(Data(result.output[brace...].utf8), root: workspace.package)
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
