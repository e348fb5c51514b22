import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended, and what it printed.
package struct ChildProcessResult: Sendable {
    /// Its exit status, or the number of the signal that ended it.
    package var status: Int32
    /// Whether it was killed because it ran past its time limit.
    package var timedOut: Bool
    /// Its standard output and standard error, interleaved (standard output alone when standard error
    /// went to a file of its own).
    package var output: String
    /// The signal that ended it, when one did (a crash's SIGILL, SIGSEGV, SIGABRT, or the SIGKILL of its
    /// time limit); `nil` when it exited.
    package var signal: Int32? = nil
    /// The processes it left running, found by their ``ProcessTag`` after it ended (and then ended);
    /// empty when it was started without a tag.
    package var leftovers: [LeftoverProcess] = []
}

/// How a process ended: its exit status, or the signal that ended it.
package enum Termination: Sendable, Hashable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case signaled(Int32)

    /// Reads a `waitpid` status.
    init(waitStatus status: Int32) {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// The exit status, or the signal's number, as one value.
    package var status: Int32 {
        switch self {
        case .exited(let status), .signaled(let status): status
        }
    }
}

/// Runs one program to completion with its output in a file (never a pipe that could fill up), a time
/// limit, and cancellation that kills it.
package enum ChildProcess {
    /// Runs `executable` in `directory` with this process's environment, `environment` set over it and
    /// the variables in `unsetting` removed. Its standard output goes to `outputFile` (a temporary file,
    /// deleted once read, when none is given), and its standard error to `errorFile` when given, else
    /// with its standard output. It starts in a process group of its own, with no signal blocked and
    /// none of this process's other descriptors (``spawn(_:environment:directory:standardInput:standardOutput:standardError:)``);
    /// when it ends, its group is killed. Every process it starts carries a ``ProcessTag`` in its
    /// environment, `tag` or one of its own, so that whatever it left running, in any group, is ended
    /// when it ends, and ended by the ``Lifeline`` if this process is killed first (a `swift build`
    /// and its compilers too); with a `tag`, those it left running are also listed in the result's
    /// `leftovers`. With `readsOutput` false, the result's `output` is empty and the output stays in
    /// `outputFile` alone (a compiler's dump of many megabytes is read from there once, not copied).
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        unsetting: Set<String> = [], outputFile: URL? = nil, errorFile: URL? = nil, timeout: Double,
        tag: ProcessTag? = nil, registry: ChildProcessRegistry = .shared, readsOutput: Bool = true
    ) async throws -> ChildProcessResult {
        let output =
            outputFile
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("litmus-output-\(UUID().uuidString)")
        defer { if outputFile == nil { try? FileManager.default.removeItem(at: output) } }
        var variables = Self.environment(
            inheriting: ProcessInfo.processInfo.environment, setting: environment, unsetting: unsetting)
        let ownTag = tag ?? ProcessTag.next()
        variables[ProcessTag.variable] = ownTag.value
        Lifeline.shared.endIfKilled(ownTag)
        let pid = try registry.start { () throws(ChildProcessError) -> pid_t in
            try Self.spawn(
                [executable.path] + arguments, environment: variables, directory: directory.path,
                standardOutput: .file(output.path), standardError: errorFile.map { .file($0.path) } ?? .standardOutput)
        }
        defer { registry.forget(process: pid) }
        let timedOut = Mutex(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            timedOut.withLock { $0 = true }
            ProcessTree.terminate(pid)
        }
        defer { watchdog.cancel() }
        let termination = await withTaskCancellationHandler {
            await Self.termination(of: pid)
        } onCancel: {
            ProcessTree.terminate(pid)
        }
        // What it left running, looked for before its group is killed, so a process it left in its own
        // group counts too; then that group goes with it.
        let leftovers = ProcessTag.endLeftovers(of: ownTag)
        kill(-pid, SIGKILL)
        try Task.checkCancellation()
        let data = readsOutput ? (try? Data(contentsOf: output)) ?? Data() : Data()
        var signal: Int32?
        if case .signaled(let number) = termination { signal = number }
        return ChildProcessResult(
            status: termination?.status ?? -1, timedOut: timedOut.withLock { $0 },
            output: String(decoding: data, as: UTF8.self), signal: signal, leftovers: tag == nil ? [] : leftovers)
    }
}

extension ChildProcess {
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
