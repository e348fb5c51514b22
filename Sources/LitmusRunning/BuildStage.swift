import Foundation
import LitmusModel
import LitmusSupport

/// The stage that builds the copy's tests once, with coverage, and reads its layout from SwiftPM.
package struct BuildStage: Sendable {
    /// The toolchain's programs.
    package var toolchain: Toolchain
    /// The copy of the package.
    package var workspace: PackageWorkspace
    /// The time limit of one test process, given to the binary.
    package var timeout: Double
    /// The package's own build options and test environment.
    package var build: PackageBuild
    /// The module cache the build's compiles write to (``SharedModuleCache``), for naming a full disk there.
    package var moduleCache = SharedModuleCache.folder()

    /// A stage building `workspace` with `toolchain` and `build`'s options; `timeout` is given to the test
    /// binary.
    package init(toolchain: Toolchain, workspace: PackageWorkspace, timeout: Double, build: PackageBuild = .init()) {
        self.toolchain = toolchain
        self.workspace = workspace
        self.timeout = timeout
        self.build = build
    }

    /// Litmus's own flags of the build besides `--build-tests` and the paths: coverage, and the module cache
    /// every build of Litmus's shares (``SharedModuleCache``).
    package static var flags: [String] { ["--enable-code-coverage"] + SharedModuleCache.buildArguments() }

    /// The flags of the build besides `--build-tests` and the paths, the package's after litmus's: a later
    /// build in the same folder with the same flags (mutation testing's, after an audit) compiles only what
    /// changed.
    package var flags: [String] { Self.flags + build.arguments }

    /// Builds the tests (`swift build --build-tests --enable-code-coverage`) and finds their binary.
    ///
    /// A kept build folder that a killed run or a disk fault left unreadable (SwiftPM's `build.db` "is not a
    /// database", its `debug.yaml` "missing document") fails the build with errors that name no source
    /// line: then the folder goes and the package is built once more from nothing, so that a broken cache
    /// is never reported as the package's error. Only a build that fails again is the package's.
    package func build() async throws -> TestBinary {
        workspace.replanIfFilesMoved()
        let reused = FileManager.default.fileExists(atPath: workspace.build.appendingPathComponent("build.db").path)
        var result = try await runBuild()
        if result.status != 0, reused, !FileFault.reportsDiskFull(result.output),
            !Self.namesASourceLine(workspace.buildErrors(in: result.output))
        {
            try? FileManager.default.removeItem(at: workspace.build)
            result = try await runBuild()
        }
        guard result.status == 0 else {
            if let rejected = Self.rejection(result, arguments: build.arguments) { throw rejected }
            if FileFault.reportsDiskFull(result.output) {
                // A build cut short by a full disk is no error of the package. When the temporary folder is the
                // full one, SwiftPM stopped before writing anything; otherwise what the build left half-written
                // (SwiftPM's build database first) would fail the next build too: it goes.
                let temporary = FileManager.default.temporaryDirectory
                if FileFault.unwritable(temporary) != nil {
                    throw AuditError.diskFull(
                        path: temporary.path, during: "the build (swift keeps its temporary files there: TMPDIR)")
                }
                // The compiler writes its modules to the shared module cache, which may be on another disk: then
                // the build folder is whole, and stays.
                let modules = Self.nearestExisting(moduleCache)
                if FileFault.unwritable(modules) != nil {
                    throw AuditError.diskFull(
                        path: modules.path,
                        during: "the build (the compiler keeps its modules there: LITMUS_MODULE_CACHE names another "
                            + "folder)")
                }
                try? FileManager.default.removeItem(at: workspace.build)
                throw AuditError.diskFull(
                    path: workspace.build.deletingLastPathComponent().path,
                    during: "the build (its half-written build folder was deleted: the next audit builds anew)")
            }
            throw Self.failure(
                path: workspace.original.path, errors: workspace.buildErrors(in: result.output), build: build)
        }
        let debug = workspace.build.appendingPathComponent(build.configurationFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw AuditError.noTestBinary(path: workspace.original.path)
        }
        var binary = TestBinary(
            executable: debug.appendingPathComponent(name), workingDirectory: workspace.package,
            scratch: try workspace.folder("runs"), timeout: timeout)
        binary.environment = build.testEnvironment
        // The test processes' temporary folder is the run's, deleted with it: what the tests leave there
        // does not pile up on the machine. One for every run, so processes side by side still share it
        // as they would under `swift test --parallel`; an alone run gets its own (``TestBinary/runAlone``).
        let temporary = try workspace.makeTestTemporary()
        let shared = temporary.appendingPathComponent("all")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        binary.environment["TMPDIR"] = shared.path + "/"
        binary.temporaryRoot = temporary
        return binary
    }

    /// ``build()``, tried once more without the footprint observer (``FootprintObserver``) when it fails while
    /// the copy holds it: when that build succeeds, the observer is what failed, and the audit measures no
    /// footprints (``PackageWorkspace/observer`` says why; a kept build folder remembers it). A build that
    /// fails without it too fails with the package's errors.
    package mutating func buildLeavingOutAFailingObserver() async throws -> TestBinary {
        do {
            return try await build()
        } catch AuditError.buildFailed(_, let errors) where workspace.observer == .installed {
            try workspace.leaveOutObserver(
                because: "the footprint observer did not build here: \(errors.first ?? "no error line")")
            do {
                return try await build()
            } catch {
                if let kept = workspace.kept {
                    try? FileManager.default.removeItem(at: kept.appendingPathComponent(FootprintObserver.leftOutFile))
                }
                throw error
            }
        }
    }

    /// One `swift build` of the tests in the copy, into the build folder.
    private func runBuild() async throws -> ChildProcessResult {
        try await workspace.runSwift(
            toolchain.swift,
            ["build", "--build-tests"] + flags + [
                "--package-path", workspace.package.path, "--scratch-path", workspace.build.path,
            ],
            outputFile: try workspace.buildLog, timeout: 3600)
    }

    /// `folder`, or the nearest folder above it that exists.
    static func nearestExisting(_ folder: URL) -> URL {
        var existing = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            existing = existing.deletingLastPathComponent()
        }
        return existing
    }

    /// SwiftPM's refusal of the package's own build options (`arguments`): it exits 64, the argument parser's
    /// status, and prints its message and usage; `nil` for any other failure.
    package static func rejection(_ result: ChildProcessResult, arguments: [String]) -> AuditError? {
        guard !arguments.isEmpty, result.status == 64 else { return nil }
        let lines = result.output.split(separator: "\n").map(String.init)
        guard lines.contains(where: { $0.hasPrefix("Usage: swift build") }),
            let message = lines.first(where: { $0.hasPrefix("error:") })
        else { return nil }
        return .buildOptionRejected(arguments: arguments, message: message)
    }

    /// The error of a build that failed with `errors`: with the option that would fix it when one is known (a
    /// stale `LinuxMain.swift` calling `__allTests`, which `--enable-test-discovery` makes SwiftPM ignore), and
    /// `build` does not pass it yet.
    package static func failure(path: String, errors: [String], build: PackageBuild) -> AuditError {
        if !build.discoversTests, errors.contains(where: { $0.contains("__allTests") }),
            let line = errors.first(where: { $0.contains("__allTests") && $0.contains("LinuxMain.swift") })
                ?? errors.first(where: { $0.contains("__allTests") })
        {
            // `/path/LinuxMain.swift:6:10: error: …` names `LinuxMain.swift:6`.
            let place = line.components(separatedBy: ": error:").first.map {
                $0.split(separator: "/").last.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } ?? $0
            }
            return .buildNeedsOption(
                path: path, errors: errors, option: "--enable-test-discovery",
                why: "\(place ?? "LinuxMain.swift") calls `__allTests`, a test list the package no longer "
                    + "generates; with --enable-test-discovery SwiftPM ignores LinuxMain.swift and finds the tests itself"
            )
        }
        return .buildFailed(path: path, errors: errors)
    }

    /// Whether any of a failed build's error lines is a compiler's, at `file:line:column: error:` (the
    /// package's sources or its manifest), rather than SwiftPM's about its own files.
    static func namesASourceLine(_ errors: [String]) -> Bool {
        errors.contains { line in
            guard let error = line.range(of: ": error:") else { return false }
            let place = line[..<error.lowerBound].split(separator: ":")
            return place.count >= 3 && place.suffix(2).allSatisfy { $0.allSatisfy(\.isNumber) }
        }
    }

    /// The package's targets (`swift package describe --type json`).
    package func describe() async throws -> PackageLayout {
        let output = try workspace.folder("logs").appendingPathComponent("describe.json")
        let result = try await workspace.runSwift(
            toolchain.swift,
            [
                "package", "--package-path", workspace.package.path, "--scratch-path", workspace.build.path, "describe",
                "--type", "json",
            ],
            outputFile: output, timeout: 600)
        // SwiftPM may print notes before the JSON: read from the first brace.
        guard result.status == 0, let brace = result.output.firstIndex(of: "{") else {
            throw AuditError.cannotDescribe(path: workspace.original.path, output: result.output)
        }
        return try PackageLayout.read(Data(result.output[brace...].utf8), root: workspace.package)
    }
}
