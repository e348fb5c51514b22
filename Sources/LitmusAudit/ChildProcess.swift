import Foundation
import Synchronization

/// What the audit holds that must not outlive it: the process groups it started and the scratch
/// folders it made. `releaseAll()` kills the one and deletes the other; the command calls it on SIGINT
/// and SIGTERM, so an interrupted audit leaves no process and no file behind.
public final class AuditResources: Sendable {
    /// The one registry of this process, which the audit uses.
    public static let shared = AuditResources()

    /// A registry of its own (for tests); the audit itself uses `shared`.
    public init() {}

    /// The tracked processes and folders, and whether `releaseAll()` was called, under one lock: a
    /// process that starts while the audit is being released is killed as it is tracked.
    private let state = Mutex<(groups: Set<Int32>, directories: Set<String>, released: Bool)>(([], [], false))

    /// Records a child process; on Linux each child leads its own process group. A process started
    /// after `releaseAll()` (its `run()` returned too late to be seen by it) is killed at once.
    func track(process pid: Int32) {
        let released = state.withLock { state in
            if !state.released { state.groups.insert(pid) }
            return state.released
        }
        if released { ProcessTree.terminate(pid) }
    }

    /// Forgets a child process that has ended.
    func forget(process pid: Int32) { state.withLock { _ = $0.groups.remove(pid) } }

    /// Records a scratch folder to delete if the audit is interrupted; after `releaseAll()`, deletes it.
    func track(directory: URL) {
        let released = state.withLock { state in
            if !state.released { state.directories.insert(directory.path) }
            return state.released
        }
        if released { delete(directory: directory) }
    }

    private let deletion = Mutex(())

    /// Deletes a scratch folder and SwiftPM's lock files for it, one deleter at a time (the audit's own
    /// cleanup and an interruption's must not race: each would stop at the files the other removed).
    func delete(directory: URL) {
        deletion.withLock { _ in
            let fileManager = FileManager.default
            for _ in 0..<3 where fileManager.fileExists(atPath: directory.path) {
                try? fileManager.removeItem(at: directory)
            }
            for lock in PackageWorkspace.lockFiles(of: directory) { try? fileManager.removeItem(atPath: lock) }
        }
        state.withLock { _ = $0.directories.remove(directory.path) }
    }

    /// Whether `releaseAll()` was called: the audit was interrupted, and its errors are only echoes of that.
    public var isReleased: Bool { state.withLock { $0.released } }

    /// Kills every tracked process group (and the process, where it leads none) and deletes every
    /// tracked scratch folder.
    public func releaseAll() {
        let (groups, directories) = state.withLock { state in
            defer { state = ([], [], true) }
            return (state.groups, state.directories)
        }
        for pid in groups { ProcessTree.terminate(pid) }
        for path in directories { delete(directory: URL(fileURLWithPath: path)) }
    }
}

/// How a child process ended, and what it printed.
package struct ChildProcessResult: Sendable {
    /// Its exit status (or the signal that ended it).
    package var status: Int32
    /// Whether it was killed because it ran past its time limit.
    package var timedOut: Bool
    /// Its standard output and standard error, interleaved.
    package var output: String
}

/// Runs one program to completion with its output in a file (never a pipe that could fill up), a time
/// limit, and cancellation that kills it.
package enum ChildProcess {
    /// Runs `executable` in `directory` with this process's environment, `environment` set over it and
    /// the variables in `unsetting` removed.
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        unsetting: Set<String> = [], outputFile: URL, timeout: Double, resources: AuditResources = .shared
    ) async throws -> ChildProcessResult {
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw AuditError.cannotRun(
                executable: executable.path, reason: "its output file \(outputFile.path) cannot be created")
        }
        let handle = try FileHandle(forWritingTo: outputFile)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(
            inheriting: ProcessInfo.processInfo.environment, setting: environment, unsetting: unsetting)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        resources.track(process: pid)
        defer { resources.forget(process: pid) }
        let timedOut = Mutex(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            timedOut.withLock { $0 = true }
            ProcessTree.terminate(pid)
        }
        defer { watchdog.cancel() }
        let status = await withTaskCancellationHandler {
            var status: Int32 = -1
            for await value in exited.stream { status = value }
            return status
        } onCancel: {
            ProcessTree.terminate(pid)
        }
        // The test may have started children of its own in its group: end them with it.
        kill(-pid, SIGKILL)
        try Task.checkCancellation()
        let data = (try? Data(contentsOf: outputFile)) ?? Data()
        return ChildProcessResult(
            status: status, timedOut: timedOut.withLock { $0 }, output: String(decoding: data, as: UTF8.self))
    }
}

extension ChildProcess {
    /// The environment of a child: `parent`'s, with `setting` over it and `unsetting` removed.
    static func environment(inheriting parent: [String: String], setting: [String: String], unsetting: Set<String>)
        -> [String: String]
    {
        parent.merging(setting) { $1 }.filter { !unsetting.contains($0.key) }
    }
}

/// Kills a process with everything it started. SwiftPM puts each compiler it starts in a process group
/// of its own, so killing the build's group is not enough: the tree is found through /proc, stopped
/// (so nothing new is started), then killed, leaves first.
enum ProcessTree {
    static func terminate(_ root: Int32) {
        var tree: [Int32] = [root]
        for _ in 0..<5 {
            for pid in tree { _ = kill(pid, SIGSTOP) }
            let found = [root] + descendants(of: root)
            if Set(found) == Set(tree) { break }
            tree = found
        }
        for pid in tree.reversed() {
            _ = kill(-pid, SIGKILL)
            _ = kill(pid, SIGKILL)
        }
        // Wait (at most 2 s) until they are gone, so no compiler writes into a folder about to be deleted.
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, tree.contains(where: isAlive) { usleep(10_000) }
    }

    /// Whether `pid` runs (a zombie, dead and not yet reaped, does not).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return kill(pid, 0) == 0 && !FileManager.default.fileExists(atPath: "/proc")
        }
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Every descendant of `root`, parents before their children (Linux: /proc; elsewhere none).
    static func descendants(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (name)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(pid) }
        }
        var result: [Int32] = []
        var queue = children[root] ?? []
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            result.append(pid)
            queue += children[pid] ?? []
        }
        return result
    }
}
