import Foundation

/// The files of a package's copy outside what SwiftPM and git keep there (`.build*`, `.swiftpm`, `.git`,
/// `Package.resolved`), each with its size and modification time: what a test created, changed or
/// deleted in the package shows as a difference between two snapshots.
package struct PackageFiles: Sendable, Equatable {
    /// A file's size and modification time.
    package struct Stamp: Sendable, Equatable {
        var size: Int
        var modified: Date
    }

    /// What happened to one file between two snapshots.
    package struct Change: Sendable, Hashable, Codable {
        /// How it changed.
        package enum Kind: String, Sendable, Hashable, Codable {
            case created, changed, deleted
        }

        /// Its path, relative to the package.
        package var path: String
        /// How it changed.
        package var kind: Kind
        /// When it was last written (none for a deleted file).
        package var modified: Date?

        package init(path: String, kind: Kind, modified: Date?) {
            self.path = path
            self.kind = kind
            self.modified = modified
        }

        /// `` `Output/result.json` (created) ``.
        package var described: String { "`\(path)` (\(kind.rawValue))" }
    }

    /// The folder.
    package var root: URL
    /// Every file by its path relative to `root`.
    package var stamps: [String: Stamp]

    /// The names that are SwiftPM's, git's or the build's, never a test's doing.
    static func isKept(_ name: String) -> Bool {
        PackageWorkspace.isNotCopied(name) || name == "Package.resolved"
    }

    /// The files under `root` now (symbolic links as themselves, not followed), read by ``FileWalk``.
    package static func snapshot(of root: URL) -> PackageFiles {
        let root = root.standardizedFileURL
        var stamps: [String: Stamp] = [:]
        FileWalk.files(under: root.path, skipping: isKept) { path, status in
            stamps[path] = Stamp(size: Int(status.st_size), modified: FileWalk.modification(of: status))
        }
        return PackageFiles(root: root, stamps: stamps)
    }

    /// What changed from `before` to this snapshot, by path.
    package func changes(since before: PackageFiles) -> [Change] {
        var changes: [Change] = []
        for (path, stamp) in stamps {
            if let old = before.stamps[path] {
                if old != stamp { changes.append(Change(path: path, kind: .changed, modified: stamp.modified)) }
            } else {
                changes.append(Change(path: path, kind: .created, modified: stamp.modified))
            }
        }
        for path in before.stamps.keys where stamps[path] == nil {
            changes.append(Change(path: path, kind: .deleted, modified: nil))
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// Puts each changed path of the copy at `copy` back as it is in the package at `original`: a file
    /// the package does not have is removed, any other copied again. Returns the paths it could not put
    /// back.
    @discardableResult
    package static func restore(_ changes: [Change], copy: URL, original: URL) -> [String] {
        var failed: [String] = []
        let manager = FileManager.default
        for change in changes {
            let target = copy.appendingPathComponent(change.path)
            let source = original.appendingPathComponent(change.path)
            do {
                if (try? target.checkResourceIsReachable()) == true || isLink(target) {
                    try manager.removeItem(at: target)
                }
                if (try? source.checkResourceIsReachable()) == true || isLink(source) {
                    try manager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try manager.copyItem(at: source, to: target)
                }
            } catch {
                failed.append(change.path)
            }
        }
        return failed
    }

    private static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }
}
