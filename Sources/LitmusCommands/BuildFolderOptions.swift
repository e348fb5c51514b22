import ArgumentParser
import Foundation
import LitmusAudit
import LitmusSupport

/// Where `litmus audit` and `litmus mutate` build the package: a folder given with `--build-path`, a
/// fresh scratch folder (`--no-build-cache`), or by default the package's folder in the per-user
/// ``BuildCache`` (docs/audit.md, "The build cache").
public struct BuildFolderOptions: ParsableArguments {
    /// A build folder to reuse.
    @Option(
        name: .customLong("build-path"),
        help: "A build folder to keep and reuse between runs (default: the package's folder in the build cache).")
    public var buildPath: String?

    /// Builds in a fresh scratch folder.
    @Flag(
        name: .customLong("no-build-cache"),
        help: "Build from zero in a scratch folder deleted afterwards; nothing is kept or reused.")
    public var noBuildCache = false

    /// Creates the options (ArgumentParser fills them).
    public init() {}

    /// The build folder to use for `package`: `--build-path`'s, or the build cache's folder (the same for
    /// `litmus audit` and `litmus mutate`; `variant`: one of a build with options of its own,
    /// ``BuildCache/acquire(for:use:variant:)``), locked until
    /// ``BuildFolder/release()``; no folder with `--no-build-cache` or when the package has no
    /// Package.swift (the command then names the problem). A cache that cannot be used is reported as
    /// `command: message` and exits 2.
    ///
    /// A build folder or a cache inside the package (its links and the package's resolved) is refused
    /// here, before anything is created: the copy would land inside what it copies.
    public func take(
        for package: URL, variant: String? = nil, command: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> BuildFolder {
        do {
            if let buildPath {
                let url = URL(fileURLWithPath: buildPath)
                try PackageWorkspace.refuseInside(buildFolder: url, package: package)
                return BuildFolder(url: url, cached: nil)
            }
            guard !noBuildCache,
                FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
            else { return BuildFolder(url: nil, cached: nil) }
            let cache = try BuildCache.standard(environment: environment)
            if RealPath.isInside(cache.root, package) {
                throw AuditError.cacheInsidePackage(
                    cache: PackageWorkspace.shown(cache.root), package: PackageWorkspace.shown(package))
            }
            let lock = try cache.acquire(for: package, variant: variant)
            return BuildFolder(url: lock.folder, cached: (cache, lock))
        } catch let error as AuditError {
            throw CommandFailure.exit(error, command: command)
        }
    }
}

/// The build folder a command runs in, from ``BuildFolderOptions/take(for:variant:command:environment:)``.
public struct BuildFolder {
    /// The folder to keep the build in; `nil`: a scratch folder deleted afterwards.
    public let url: URL?
    fileprivate let cached: (cache: BuildCache, lock: BuildCacheLock)?

    /// The folder, when it is the build cache's (the command says so, and how to delete it).
    public var cacheFolder: URL? { cached?.lock.folder }

    /// Unlocks the build cache's folder and trims the cache to its size.
    public func release() {
        cached?.lock.release()
        _ = cached?.cache.evict()
    }
}
