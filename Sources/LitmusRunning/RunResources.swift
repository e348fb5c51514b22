import Foundation
import LitmusModel
import LitmusSupport
import Synchronization

/// What the audit holds that must not outlive it: the process groups it started (its
/// ``ChildProcessRegistry``), the processes its tests started (``ProcessTag``) and the scratch folders
/// it made. `releaseAll()` kills the ones and deletes the other; the command calls it on SIGINT and
/// SIGTERM, so an interrupted audit leaves no process and no file behind. SIGKILL leaves the same to
/// the ``Lifeline``'s watchdog, which every scratch folder is named to.
public final class RunResources: Sendable {
    /// The one registry of this process, which the audit uses.
    public static let shared = RunResources(processes: .shared)

    /// The registry the audit's child processes are tracked in.
    package let processes: ChildProcessRegistry

    package init(processes: ChildProcessRegistry) { self.processes = processes }

    /// The tracked folders, and whether `releaseAll()` was called, under one lock: a folder made while
    /// the audit is being released is deleted as it is tracked.
    private let state = Mutex<(directories: Set<String>, released: Bool)>(([], false))

    /// Records a scratch folder to delete if the audit is interrupted; after `releaseAll()`, deletes it.
    func track(directory: URL) {
        let released = state.withLock { state in
            if !state.released { state.directories.insert(directory.path) }
            return state.released
        }
        if released { delete(directory: directory) }
        Lifeline.shared.deleteIfKilled(directory)
    }

    private let deletion = Mutex(())

    /// Deletes a scratch folder, one deleter at a time (the audit's own
    /// cleanup and an interruption's must not race: each would stop at the files the other removed).
    func delete(directory: URL) {
        deletion.withLock { _ in
            let fileManager = FileManager.default
            for _ in 0..<3 where fileManager.fileExists(atPath: directory.path) {
                try? fileManager.removeItem(at: directory)
            }
        }
        state.withLock { _ = $0.directories.remove(directory.path) }
    }

    /// Whether `releaseAll()` was called: the audit was interrupted, and its errors are only echoes of that.
    public var isReleased: Bool { state.withLock { $0.released } }

    /// Kills every tracked process group (and the process, where it leads none) and deletes every
    /// tracked scratch folder.
    public func releaseAll() {
        let directories = state.withLock { state in
            defer { state = ([], true) }
            return state.directories
        }
        processes.releaseAll()
        // Processes the tests left in groups of their own, which the tracked trees no longer reach.
        ProcessTag.endEveryTagOfThisRun()
        for path in directories { delete(directory: URL(fileURLWithPath: path)) }
    }
}
