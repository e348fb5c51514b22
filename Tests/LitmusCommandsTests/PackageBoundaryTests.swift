import ArgumentParser
import Foundation
import LitmusCommands
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Nothing is written into the audited package, however its path or the build folder's is spelled
/// (links included), and the build cache's faults are named as what they are.
@Suite("The package's boundary and the build cache under faults")
struct PackageBoundaryTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-boundary-\(UUID())")

    /// A package `M` in `root` and a link `L` to it.
    private func packageAndLink() throws -> (package: URL, link: URL) {
        let package = root.appendingPathComponent("M")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/M"), withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "let x = 1\n".write(
            to: package.appendingPathComponent("Sources/M/M.swift"), atomically: true, encoding: .utf8)
        let link = root.appendingPathComponent("L")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: package)
        return (package, link)
    }

    /// Every path under `folder`, relative, sorted.
    private func tree(_ folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    @Test("A --build-path through a link into the package is refused before anything is copied")
    func buildPathThroughLink() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, link) = try packageAndLink()
        let before = tree(package)
        let buildPath = link.appendingPathComponent("bp")

        // When
        let error = await #expect(throws: AuditError.self) {
            _ = try await Audit(package: package, buildFolder: buildPath).run()
        }

        // Then
        let resolved = "\(buildPath.path) (\(RealPathProbe.real(package))/bp once links are resolved)"
        #expect(error == .buildFolderInsidePackage(buildFolder: resolved, package: package.path))
        #expect(tree(package) == before)
    }

    @Test("The package reached through a link, with a build folder inside its real folder, is refused too")
    func packageThroughLink() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, link) = try packageAndLink()
        let before = tree(package)

        // When
        let error = #expect(throws: AuditError.self) {
            _ = try PackageWorkspace.make(copying: link, buildFolder: package.appendingPathComponent("bp"))
        }

        // Then
        guard case .buildFolderInsidePackage(_, let named) = error else {
            Issue.record("expected buildFolderInsidePackage, got \(String(describing: error))")
            return
        }
        #expect(named == "\(link.path) (\(RealPathProbe.real(package)) once links are resolved)")
        #expect(tree(package) == before)
    }

    @Test("The command refuses a --build-path through a link with exit 2, creating nothing")
    func commandRefusesLinkedBuildPath() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, link) = try packageAndLink()
        let before = tree(package)
        let sut = try BuildFolderOptions.parse(["--build-path", link.appendingPathComponent("bp").path])

        // When
        let error = #expect(throws: ExitCode.self) { _ = try sut.take(for: package, command: "litmus audit") }

        // Then
        #expect(error == ExitCode(2))
        #expect(tree(package) == before)
    }

    @Test("LITMUS_CACHE_DIR inside the package is refused with exit 2, leaving no lock file in the package")
    func cacheInsidePackage() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, link) = try packageAndLink()
        let before = tree(package)
        let sut = try BuildFolderOptions.parse([])

        // When
        let error = #expect(throws: ExitCode.self) {
            _ = try sut.take(
                for: package, command: "litmus audit",
                environment: ["LITMUS_CACHE_DIR": link.appendingPathComponent(".litmus-cache").path])
        }

        // Then
        #expect(error == ExitCode(2))
        #expect(tree(package) == before)
    }

    @Test("A LITMUS_MODULE_CACHE inside the package, through a link, is refused and named, both paths shown")
    func moduleCacheInsidePackage() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, link) = try packageAndLink()
        let before = tree(package)
        let cache = link.appendingPathComponent("modules")

        // When
        let error = #expect(throws: AuditError.self) {
            try PackageWorkspace.refuseModuleCacheInside(
                package: package, environment: ["LITMUS_MODULE_CACHE": cache.path])
        }

        // Then
        let shown = "\(cache.path) (\(RealPathProbe.real(package))/modules once links are resolved)"
        #expect(error == .moduleCacheInsidePackage(folder: shown, package: package.path))
        #expect(error?.description.contains("set LITMUS_MODULE_CACHE to a folder outside it") == true)
        #expect(tree(package) == before)
        // A module cache beside the package is no problem.
        try PackageWorkspace.refuseModuleCacheInside(
            package: package, environment: ["LITMUS_MODULE_CACHE": root.appendingPathComponent("modules").path])
    }

    @Test("A cache folder that cannot be created is named with its cause, not Foundation's code")
    func cacheCannotBeCreated() throws {
        // Given: a file where the cache's folder should be
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("file")
        try Data().write(to: file)
        let sut = BuildCache(root: file.appendingPathComponent("builds"))

        // When
        let error = #expect(throws: AuditError.self) {
            _ = try sut.acquire(for: URL(fileURLWithPath: "/pkg/M"))
        }

        // Then
        #expect(
            error
                == .cacheUnusable(
                    path: file.appendingPathComponent("builds").path,
                    reason: "it cannot be created: a file stands where a folder should be"))
    }

    @Test("A lock file deleted between its open and its lock is opened again: two holders never share a folder")
    func lockFileDeletedWhileOpening() throws {
        // Given: the file is deleted after the first open, as litmus clean deletes a lock file it holds
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("M-0123.lock")
        var opens = 0

        // When
        let first = try BuildCacheLock.take(file) {
            opens += 1
            if opens == 1 { unlink(file.path) }
        }
        let second = try BuildCacheLock.take(file)

        // Then
        #expect(first != nil)
        #expect(second == nil)
        #expect(opens == 2)
        first?.release()
    }

    /// A build stage whose `swift` prints `message` and fails, over a kept build folder holding a `build.db` (the
    /// caller removes the workspace).
    private func stageOnFullDisk(printing message: String) throws
        -> (sut: BuildStage, workspace: PackageWorkspace, kept: URL)
    {
        let (package, _) = try packageAndLink()
        let swift = root.appendingPathComponent("swift")
        try "#!/bin/sh\necho '\(message)'\nexit 1\n".write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let kept = root.appendingPathComponent("kept")
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: kept)
        try FileManager.default.createDirectory(at: workspace.build, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: workspace.build.appendingPathComponent("build.db"))
        let sut = BuildStage(
            toolchain: Toolchain(swift: swift, profdata: nil, cov: nil), workspace: workspace, timeout: 600)
        return (sut, workspace, kept)
    }

    @Test("A build cut short by a full disk is named so, and its half-written build folder is deleted")
    func buildOnFullDisk() async throws {
        // Given: a swift that fails as on a full disk, and a half-written build in the kept folder
        defer { try? FileManager.default.removeItem(at: root) }
        let (sut, workspace, kept) = try stageOnFullDisk(
            printing: "error: unable to write build.db: database or disk is full")
        defer { workspace.remove() }

        // When
        let error = await #expect(throws: AuditError.self) { _ = try await sut.build() }

        // Then
        #expect(
            error
                == .diskFull(
                    path: kept.path,
                    during: "the build (its half-written build folder was deleted: the next audit builds anew)"))
        #expect(!FileManager.default.fileExists(atPath: workspace.build.path))
    }

    @Test("A full disk under the shared module cache is named, and the kept build folder stays")
    func moduleCacheOnFullDisk() async throws {
        // Given: a swift that fails as on a full disk, and a module cache that cannot be written (below a file)
        defer { try? FileManager.default.removeItem(at: root) }
        var (sut, workspace, _) = try stageOnFullDisk(printing: "error: No space left on device")
        defer { workspace.remove() }
        let blocked = root.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocked)
        sut.moduleCache = blocked.appendingPathComponent("modules")

        // When
        let error = await #expect(throws: AuditError.self) { _ = try await sut.build() }

        // Then the module cache's place is named, and the build folder is left as it was
        #expect(
            error
                == .diskFull(
                    path: blocked.path,
                    during: "the build (the compiler keeps its modules there: LITMUS_MODULE_CACHE names another folder)"
                ))
        #expect(FileManager.default.fileExists(atPath: workspace.build.appendingPathComponent("build.db").path))
    }

    @Test("A kept build folder left unreadable (build.db not a database) is deleted and the package built anew")
    func unreadableBuildFolderIsRebuilt() async throws {
        // Given: a swift that, like SwiftPM, cannot open a build.db that is not a database, and builds when
        // there is none; and a kept folder whose build.db a killed run left as garbage
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = try stage(
            swift: """
                db="$scratch/build.db"
                if [ -f "$db" ] && [ "$(cat "$db")" = half ]; then
                  echo "error: unable to attach DB: error: accessing build database \"$db\": file is not a database"
                  exit 1
                fi
                mkdir -p "$scratch/debug/FakePackageTests.xctest" && echo ok > "$db"
                """)
        defer { sut.workspace.remove() }
        try FileManager.default.createDirectory(at: sut.workspace.build, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: sut.workspace.build.appendingPathComponent("build.db"))

        // When
        let binary = try await sut.build()

        // Then
        #expect(binary.executable.lastPathComponent == "FakePackageTests.xctest")
        #expect(try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").count == 2)
    }

    @Test("A build that fails at a line of the package's sources is the package's error, built once")
    func sourceErrorIsNotRetried() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = try stage(
            swift: """
                echo "$PWD/Sources/A/A.swift:3:7: error: cannot find 'x' in scope"
                exit 1
                """)
        defer { sut.workspace.remove() }
        try FileManager.default.createDirectory(at: sut.workspace.build, withIntermediateDirectories: true)
        try Data("ok".utf8).write(to: sut.workspace.build.appendingPathComponent("build.db"))

        // When
        let error = await #expect(throws: AuditError.self) { _ = try await sut.build() }

        // Then
        guard case .buildFailed(_, let errors) = error else {
            Issue.record("expected a build failure, got \(String(describing: error))")
            return
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("Sources/A/A.swift:3:7: error: cannot find 'x' in scope") == true)
        #expect(try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: sut.workspace.build.path))
    }

    @Test("Only a compiler's file:line:column error names a source line")
    func sourceLines() {
        #expect(BuildStage.namesASourceLine(["/p/Sources/A/A.swift:3:7: error: cannot find 'x' in scope"]))
        #expect(BuildStage.namesASourceLine(["/p/Package.swift:12:5: error: extra argument"]))
        #expect(!BuildStage.namesASourceLine(["error: unable to attach DB: error: accessing build database"]))
        #expect(
            !BuildStage.namesASourceLine(["error: missing document in stream", "error: unable to load build file"]))
        #expect(!BuildStage.namesASourceLine(["/p/.build/debug.yaml: error: missing document"]))
    }

    /// Where the fake swift of ``stage(swift:)`` appends a line per call.
    private var calls: URL { root.appendingPathComponent("calls") }

    /// A build stage of a copy of a package, with a kept build folder, whose `swift` is a shell script:
    /// `body` runs with `$scratch` set to the `--scratch-path` given, after a line is appended to ``calls``.
    private func stage(swift body: String) throws -> BuildStage {
        let (package, _) = try packageAndLink()
        let swift = root.appendingPathComponent("swift")
        let script = """
            #!/bin/sh
            echo "$*" >> '\(calls.path)'
            scratch=""
            while [ $# -gt 0 ]; do
              if [ "$1" = --scratch-path ]; then scratch="$2"; fi
              shift
            done
            \(body)

            """
        try script.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: root.appendingPathComponent("kept"))
        return BuildStage(
            toolchain: Toolchain(swift: swift, profdata: nil, cov: nil), workspace: workspace, timeout: 600)
    }
}

/// The real path of a folder, as the refusals print it (on macOS /var is /private/var).
enum RealPathProbe {
    static func real(_ url: URL) -> String { url.resolvingSymlinksInPath().path }
}
