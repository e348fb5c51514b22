import Foundation
import Synchronization

/// How a child process ended, and what it printed.
package struct ChildProcessResult: Sendable {
    /// Its exit status (or the signal that ended it).
    package var status: Int32
    /// Whether it was killed because it ran past its time limit.
    package var timedOut: Bool
    /// Its standard output and standard error, interleaved (standard output alone when standard error
    /// went to a file of its own).
    package var output: String
}

/// Runs one program to completion with its output in a file (never a pipe that could fill up), a time
/// limit, and cancellation that kills it.
package enum ChildProcess {
    /// Runs `executable` in `directory` with this process's environment, `environment` set over it and
    /// the variables in `unsetting` removed. Its standard output goes to `outputFile` (a temporary file,
    /// deleted once read, when none is given), and its standard error to `errorFile` when given, else
    /// with its standard output.
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        unsetting: Set<String> = [], outputFile: URL? = nil, errorFile: URL? = nil, timeout: Double,
        registry: ChildProcessRegistry = .shared
    ) async throws -> ChildProcessResult {
        let output =
            outputFile
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("litmus-output-\(UUID().uuidString)")
        defer { if outputFile == nil { try? FileManager.default.removeItem(at: output) } }
        let handle = try Self.emptyFile(output, for: executable)
        defer { try? handle.close() }
        let errorHandle = try errorFile.map { try Self.emptyFile($0, for: executable) }
        defer { try? errorHandle?.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = Self.environment(
            inheriting: ProcessInfo.processInfo.environment, setting: environment, unsetting: unsetting)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = errorHandle ?? handle
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        registry.track(process: pid)
        defer { registry.forget(process: pid) }
        let timedOut = Mutex(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            timedOut.withLock { $0 = true }
            ProcessTree.terminate(pid)
        }
        defer { watchdog.cancel() }
        let status = await withTaskCancellationHandler {
            await Self.firstExit(of: pid, reported: exited.stream)
        } onCancel: {
            ProcessTree.terminate(pid)
        }
        // The test may have started children of its own in its group: end them with it.
        kill(-pid, SIGKILL)
        try Task.checkCancellation()
        let data = (try? Data(contentsOf: output)) ?? Data()
        return ChildProcessResult(
            status: status, timedOut: timedOut.withLock { $0 }, output: String(decoding: data, as: UTF8.self))
    }
}

extension ChildProcess {
    /// `file`, emptied or created, open for writing.
    private static func emptyFile(_ file: URL, for executable: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw ChildProcessError(
                executable: executable.path, reason: "its output file \(file.path) cannot be created")
        }
        return try FileHandle(forWritingTo: file)
    }

    /// The exit status of child `pid`, from whichever learns it first: Foundation's termination
    /// handler (`reported`), or, on Linux, waiting for the child itself. There Foundation learns of the
    /// exit when a socket it gave the child closes, and every process that inherited that socket holds
    /// it open: a background process the child started, or a process another thread spawned at that
    /// instant (LitmusUI's chromedriver did, and a test run hung on a `git` that had long exited).
    /// Cancelled, it still waits for the child, which the cancellation handler kills; `-1` when nothing
    /// reports its status.
    static func firstExit(of pid: pid_t, reported: AsyncStream<Int32>) async -> Int32 {
        await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                var status: Int32?
                for await value in reported { status = value }
                return status
            }
            #if os(Linux)
                group.addTask { await Self.exitStatus(of: pid) }
            #endif
            var status: Int32?
            while status == nil, let next = await group.next() { status = next }
            group.cancelAll()
            return status ?? -1
        }
    }

    /// The environment of a child: `parent`'s, with `setting` over it and `unsetting` removed.
    package static func environment(
        inheriting parent: [String: String], setting: [String: String], unsetting: Set<String>
    )
        -> [String: String]
    {
        parent.merging(setting) { $1 }.filter { !unsetting.contains($0.key) }
    }
}

/// A child process that could not be started, naming the program and why.
package struct ChildProcessError: Error, Equatable, CustomStringConvertible {
    /// The program.
    package let executable: String
    /// Why it could not run.
    package let reason: String

    package init(executable: String, reason: String) {
        self.executable = executable
        self.reason = reason
    }

    package var description: String { "\(executable) could not be started: \(reason)." }
}
