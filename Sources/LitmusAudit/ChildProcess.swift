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

    private let state = Mutex<(groups: Set<Int32>, directories: Set<String>)>(([], []))

    /// Records a child process; on Linux each child leads its own process group.
    func track(process pid: Int32) { state.withLock { _ = $0.groups.insert(pid) } }

    /// Forgets a child process that has ended.
    func forget(process pid: Int32) { state.withLock { _ = $0.groups.remove(pid) } }

    /// Records a scratch folder to delete if the audit is interrupted.
    func track(directory: URL) { state.withLock { _ = $0.directories.insert(directory.path) } }

    /// Forgets a scratch folder the audit deleted itself.
    func forget(directory: URL) { state.withLock { _ = $0.directories.remove(directory.path) } }

    /// Kills every tracked process group (and the process, where it leads none) and deletes every
    /// tracked scratch folder.
    public func releaseAll() {
        let (groups, directories) = state.withLock { state in
            defer { state = ([], []) }
            return state
        }
        for pid in groups {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        for path in directories {
            try? FileManager.default.removeItem(atPath: path)
            for lock in PackageWorkspace.lockFiles(of: URL(fileURLWithPath: path)) {
                try? FileManager.default.removeItem(atPath: lock)
            }
        }
    }
}

/// How a child process ended, and what it printed.
struct ChildProcessResult: Sendable {
    /// Its exit status (or the signal that ended it).
    var status: Int32
    /// Whether it was killed because it ran past its time limit.
    var timedOut: Bool
    /// Its standard output and standard error, interleaved.
    var output: String
}

/// Runs one program to completion with its output in a file (never a pipe that could fill up), a time
/// limit, and cancellation that kills it.
enum ChildProcess {
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        outputFile: URL, timeout: Double, resources: AuditResources = .shared
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
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        defer { watchdog.cancel() }
        let status = await withTaskCancellationHandler {
            var status: Int32 = -1
            for await value in exited.stream { status = value }
            return status
        } onCancel: {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        // The test may have started children of its own in its group: end them with it.
        kill(-pid, SIGKILL)
        try Task.checkCancellation()
        let data = (try? Data(contentsOf: outputFile)) ?? Data()
        return ChildProcessResult(
            status: status, timedOut: timedOut.withLock { $0 }, output: String(decoding: data, as: UTF8.self))
    }
}
