import Foundation
import LitmusModel
import LitmusSupport

/// A private copy of the audited package in a scratch folder, where it is built and its tests run.
///
/// The audit never writes into the package it audits: SwiftPM writes Package.resolved and .build/
/// beside Package.swift, and tests may write into their working directory, so all of that happens in
/// the copy. Build folders (`.build*`), `.git` and `.swiftpm` are not copied. Local dependencies outside
/// the package (`.package(path: "..")`) are pointed at their real folders (``LocalDependencies``).
package struct PackageWorkspace: Sendable {
    /// The package as the user named it.
    package var original: URL
    /// The scratch folder holding everything below; deleted by `remove()`.
    package var root: URL
    /// The copy of the package.
    package var package: URL
    /// SwiftPM's scratch path.
    package var build: URL
    /// The build folder kept between audits, if any (`--build-path` or the ``BuildCache``).
    package var kept: URL?
    /// Whether the copy holds the footprint observer (``FootprintObserver``), and why not.
    package var observer: FootprintObserver.Status = .leftOut("the copy was made without it")

    /// Copies `original` into a new scratch folder. With a `buildFolder` (kept between audits), the
    /// copy and SwiftPM's scratch path live there instead, at stable paths, so dependencies are not
    /// fetched and built again; the copy is brought up to date every time (``WorkspaceSync``): files that
    /// did not change keep their inode and modification time, so SwiftPM recompiles nothing for them.
    /// The files at `preserving` (relative paths in the kept copy) are left as they are: mutation
    /// testing's schemata of unchanged sources (``SchemaManifest`` in LitmusMutation).
    package static func make(copying original: URL, buildFolder: URL?, preserving: Set<String> = []) throws
        -> PackageWorkspace
    {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: original.appendingPathComponent("Package.swift").path) else {
            throw AuditError.notAPackage(path: original.path)
        }
        if let buildFolder { try refuseInside(buildFolder: buildFolder, package: original) }
        try refuseTemporaryFolderInside(package: original)
        try refuseModuleCacheInside(package: original)
        let root = fileManager.temporaryDirectory.appendingPathComponent("litmus-audit-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        } catch let error where FileFault.isDiskFull(error) {
            throw AuditError.diskFull(path: fileManager.temporaryDirectory.path, during: "making the scratch folder")
        }
        RunResources.shared.track(directory: root)
        let observer = observerStatus(of: original, kept: buildFolder)
        guard let buildFolder else {
            let package = root.appendingPathComponent(original.lastPathComponent)
            try copyTree(from: original, to: package)
            try LocalDependencies.rewriteManifests(
                in: package, original: original.standardizedFileURL, observer: observer == .installed)
            if observer == .installed { try FootprintObserver.install(in: package) }
            return PackageWorkspace(
                original: original, root: root, package: package, build: root.appendingPathComponent("build"),
                kept: nil, observer: observer)
        }
        let package = copyFolder(of: original, in: buildFolder)
        try WorkspaceSync.sync(
            from: original.standardizedFileURL, to: package, preserving: preserving, observer: observer == .installed)
        if observer == .installed {
            try FootprintObserver.install(in: package)
        } else {
            FootprintObserver.remove(from: package)
        }
        return PackageWorkspace(
            original: original, root: root, package: package, build: buildFolder.appendingPathComponent("build"),
            kept: buildFolder, observer: observer)
    }

    /// Whether the copy of `original` gets the footprint observer: not when the kept build folder says it did
    /// not build there, nor when the package's manifest cannot take it (``FootprintObserver/adding(to:)``).
    private static func observerStatus(of original: URL, kept: URL?) -> FootprintObserver.Status {
        if let reason = FootprintObserver.leftOut(in: kept) { return .leftOut(reason) }
        let manifest = original.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            return .leftOut("Package.swift could not be read")
        }
        switch FootprintObserver.adding(to: text) {
        case .success: return .installed
        case .failure(let leftOut): return .leftOut(leftOut.reason)
        }
    }

    /// Takes the footprint observer out of the copy (its manifests and its folder) for `reason`, noted in the
    /// kept build folder so that later audits there build without it.
    package mutating func leaveOutObserver(because reason: String) throws {
        observer = .leftOut(reason)
        FootprintObserver.remove(from: package)
        try LocalDependencies.rewriteManifests(in: package, original: original.standardizedFileURL, observer: false)
        if let kept {
            try reason.write(
                to: kept.appendingPathComponent(FootprintObserver.leftOutFile), atomically: true, encoding: .utf8)
        }
    }

    /// Refuses a build folder that is the package or lies inside it, its links and the package's resolved
    /// (``RealPath``): the copy would land inside what it copies. Called before anything is written.
    package static func refuseInside(buildFolder: URL, package original: URL) throws {
        guard RealPath.isInside(buildFolder, original) else { return }
        throw AuditError.buildFolderInsidePackage(buildFolder: shown(buildFolder), package: shown(original))
    }

    /// Refuses a temporary folder (`TMPDIR`) that lies inside the package, links resolved: the scratch copy
    /// would land inside what it copies. Called before anything is written.
    package static func refuseTemporaryFolderInside(package original: URL) throws {
        let temporary = FileManager.default.temporaryDirectory
        guard RealPath.isInside(temporary, original) else { return }
        throw AuditError.temporaryFolderInsidePackage(folder: shown(temporary), package: shown(original))
    }

    /// Refuses a module cache the builds share (``SharedModuleCache``, `LITMUS_MODULE_CACHE`) that lies inside
    /// the package, links resolved: the compiler would write there. Called before anything is written.
    package static func refuseModuleCacheInside(
        package original: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let cache = SharedModuleCache.folder(environment: environment)
        guard RealPath.isInside(cache, original) else { return }
        throw AuditError.moduleCacheInsidePackage(folder: shown(cache), package: shown(original))
    }

    /// `url`'s path as written, and where its links lead when that is elsewhere.
    package static func shown(_ url: URL) -> String {
        let written = url.standardizedFileURL.path
        let real = RealPath.of(url)
        return real == written ? written : "\(written) (\(real) once links are resolved)"
    }

    /// Where a kept build folder holds its copy of the package `original`.
    package static func copyFolder(of original: URL, in buildFolder: URL) -> URL {
        buildFolder.appendingPathComponent("package").appendingPathComponent(original.lastPathComponent)
    }

    /// The build log: in a kept build folder (`last-build.log`, the last audit's), else in the scratch folder.
    var buildLog: URL {
        get throws {
            if let kept { return kept.appendingPathComponent("last-build.log") }
            return try folder("logs").appendingPathComponent("build.txt")
        }
    }

    /// A folder for the audit's own files (outputs, profiles), inside the scratch folder.
    package func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        // Never the scratch folder itself again: once an interruption deleted it, a stage still running
        // must not bring it back (it did, in 1 of 16 interrupts on a loaded machine).
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return url }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// Maps the copy's paths back to the package.
    package var paths: PathMap { PathMap(copy: package.path, original: original.path) }

    /// The test with its file relative to the package instead of in the copy.
    package func relative(_ test: TestIdentity) -> TestIdentity { paths.relative(test) }

    /// Maps a path in the copy back to the path in the original package.
    package func originalPath(of path: String) -> String { paths.original(path) }

    /// The `error:` lines of a failed build's `output`, naming the package's files rather than the
    /// copy's; the output's end when it has none.
    package func buildErrors(in output: String) -> [String] {
        // SwiftPM prints each compiler error twice (the compiler's line, then its own summary): once here.
        var seen: Set<String> = []
        let errors = output.split(separator: "\n").filter { $0.contains("error:") }.map {
            paths.originalText(String($0))
        }.filter { seen.insert($0).inserted }
        return errors.isEmpty ? [String(output.suffix(2000))] : errors
    }

    /// Whether a file or folder of the package is left out of its copy: a build folder (`.build*`), `.git`,
    /// `.swiftpm`.
    package static func isNotCopied(_ name: String) -> Bool {
        name.hasPrefix(".build") || name == ".git" || name == ".swiftpm"
    }

    /// Deletes the scratch folder, and the test processes' temporary folders.
    package func remove() {
        RunResources.shared.delete(directory: root)
        RunResources.shared.delete(directory: testTemporary)
    }

    /// Where the test processes' temporary folders (`TMPDIR`) go: beside the scratch folder, with a short
    /// name, so that the paths tests make there stay about as short as in the temporary folder itself (a
    /// Unix socket's path holds at most 104 to 108 bytes: a socket made in a longer folder is cut short).
    package var testTemporary: URL {
        let id = root.lastPathComponent.replacingOccurrences(of: "litmus-audit-", with: "").prefix(8)
        return root.deletingLastPathComponent().appendingPathComponent("lt-\(id)")
    }

    /// Makes ``testTemporary`` (deleted with the scratch folder, and if Litmus is killed) and returns it.
    package func makeTestTemporary() throws -> URL {
        let folder = testTemporary
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        RunResources.shared.track(directory: folder)
        return folder
    }

    /// Runs the toolchain's `swift` with `arguments` in the copy, `environment` set over this process's,
    /// and with the temporary folder of every `swift` Litmus runs (``SwiftTemporaryFolder``). The build
    /// instruments every program it builds, a plugin's tool too, which wrote `default.profraw` into the
    /// folder it runs in, the copy of the package: a change of the package's folder for the next build,
    /// after which SwiftPM linked the tool and ran the plugin again (the BuildPlugin fixture's tool at
    /// every audit, while the sync kept the file). Those profiles go to the temporary folder
    /// (`LLVM_PROFILE_FILE`). For the same reason its ``ProcessTag``, by which the ``Lifeline`` ends the
    /// build and its compilers if Litmus is killed, is the same at every audit of this build folder.
    package func runSwift(
        _ swift: URL, _ arguments: [String], environment: [String: String] = [:], outputFile: URL?, timeout: Double
    ) async throws -> ChildProcessResult {
        try await SwiftTemporaryFolder.using { temporary in
            try await ChildProcess.run(
                swift, arguments, in: package,
                environment: environment.merging([
                    "TMPDIR": temporary.path,
                    "LLVM_PROFILE_FILE": temporary.appendingPathComponent("build-tool-%p.profraw").path,
                ]) { _, ours in ours },
                outputFile: outputFile, timeout: timeout, tag: ProcessTag.stable(for: build.path))
        }
    }

    private static func copyTree(from source: URL, to destination: URL) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: source.path) {
            if Self.isNotCopied(name) { continue }
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            let attributes = try fileManager.attributesOfItem(atPath: from.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                try copyTree(from: from, to: to)
            } else {
                try fileManager.copyItem(at: from, to: to)
            }
        }
    }
}

extension PackageWorkspace {
    /// In a kept build folder, makes the next `swift build` plan afresh when a file was added to or
    /// removed from the package or a local dependency since the last build here.
    ///
    /// SwiftPM keeps its build plan (`debug.yaml`, and `plugin-tools.yaml` for the tools that plugins and
    /// macros run) and does not always see that a local dependency gained a file: seen here when a
    /// source file was added to Litmus, which Examples names by path, and the kept build of Examples then
    /// failed with "cannot find 'RecordersProperty' in scope" until those files were deleted. The
    /// listing of every file (not their contents, which SwiftPM does follow) is kept in
    /// `sources-listing.txt`; when it differs, the plans are deleted, and SwiftPM writes them again
    /// (the compiled files stay, so only what changed recompiles).
    package func replanIfFilesMoved() {
        guard let kept else { return }
        let stamp = kept.appendingPathComponent("sources-listing.txt")
        let listing = ([package] + LocalDependencies.folders(namedIn: package)).map { folder in
            ([folder.path] + Self.files(under: folder)).joined(separator: "\n")
        }.joined(separator: "\n\n")
        guard (try? String(contentsOf: stamp, encoding: .utf8)) != listing else { return }
        for plan in ["debug.yaml", "release.yaml", "plugin-tools.yaml"] {
            try? FileManager.default.removeItem(at: build.appendingPathComponent(plan))
        }
        try? listing.write(to: stamp, atomically: true, encoding: .utf8)
    }

    /// The relative paths of the files under `folder`, sorted, leaving out build folders, `.git` and
    /// `.swiftpm`.
    package static func files(under folder: URL) -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if Self.isNotCopied(name) {
                enumerator?.skipDescendants()
                continue
            }
            if enumerator?.fileAttributes?[.type] as? FileAttributeType != .typeDirectory { files.append(relative) }
        }
        return files.sorted()
    }
}
