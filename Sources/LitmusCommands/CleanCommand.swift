import ArgumentParser
import Foundation
import LitmusAudit

/// `litmus clean [PATH]`: deletes a package's folders in the audit's build cache, or all of them.
public struct CleanCommand: ParsableCommand {
    /// The command's name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Delete the build cache of a package's audits and mutation runs (or, with --all, of every package).",
        discussion: """
            litmus audit keeps each package's build in a per-user cache ($LITMUS_CACHE_DIR/builds, else \
            $XDG_CACHE_HOME/litmus/builds, else ~/.cache/litmus/builds), so a second audit recompiles only what \
            changed; litmus mutate keeps its build and its results beside it (<key>-mutate). This deletes them. \
            A folder an audit is using is left alone and named.
            """)

    /// The package's folder.
    @Argument(help: "The Swift package whose cached build to delete.")
    public var path: String = "."

    /// Every package.
    @Flag(help: "Delete the cached builds of every package.")
    public var all = false

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Deletes the folders and says which.
    public func run() throws {
        let cache: BuildCache
        do {
            cache = try BuildCache.standard()
        } catch let error as AuditError {
            throw CommandFailure.exit(error, command: "litmus clean")
        }
        for line in clean(in: cache) { print(line) }
    }

    /// Deletes the folders of `cache` this command names, and says which: one line per folder deleted
    /// or left alone (an audit holds it), or that there was nothing to delete.
    public func clean(in cache: BuildCache) -> [String] {
        let package = URL(fileURLWithPath: path)
        let before = all ? cache.entries().map(\.name) : cache.names(of: package)
        let removed = all ? cache.removeAll() : cache.remove(package: package)
        var lines = removed.map { "Deleted \(cache.root.appendingPathComponent($0).path)" }
        for name in before where !removed.contains(name) {
            lines.append("In use by a running audit, left alone: \(cache.root.appendingPathComponent(name).path)")
        }
        if before.isEmpty {
            lines.append(
                all
                    ? "The build cache \(cache.root.path) is empty."
                    : "No cached build of \(package.standardizedFileURL.path).")
        }
        return lines
    }
}
