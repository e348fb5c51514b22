import Foundation

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
    /// The processes it left running, found after it ended (and then ended): under its reaper on Linux,
    /// else by their ``ProcessTag``; empty when it was started without a tag.
    package var leftovers: [LeftoverProcess] = []
    /// The processor time (user and system) it spent, with every process it started and waited for (and,
    /// under a reaper, what it left running), in seconds: its own, however busy the machine was; `nil` when
    /// it could not be read.
    package var processorSeconds: Double? = nil
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
    /// none of this process's other descriptors (``spawn(_:environment:directory:standardInput:standardOutput:standardError:passing:)``).
    /// On Linux it runs under a reaper of its own (``ReapedChild``): whatever it starts stays under the
    /// reaper, whatever its process group, session or environment, so what it left running when it ends
    /// is found there and ended, and the reaper ends it all if this process is killed first. Every process
    /// it starts also carries a ``ProcessTag`` in its environment, `tag` or one of its own, by which the
    /// ``Lifeline`` ends what it can still find if this process is killed (a `swift build` and its
    /// compilers too), and by which, on other systems, what it left running is found; with a `tag`, those
    /// it left running are also listed in the result's `leftovers`. Its time limit is kept on a thread of
    /// its own (``TimeLimit``), so that it fires however busy the cooperative pool is. With `readsOutput`
    /// false, the result's `output` is empty and the output stays in `outputFile` alone (a compiler's dump
    /// of many megabytes is read from there once, not copied).
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
        let launch = Launch(
            arguments: [executable.path] + arguments, environment: variables, tag: ownTag, directory: directory.path,
            standardOutput: .file(output.path), standardError: errorFile.map { .file($0.path) } ?? .standardOutput,
            timeout: timeout, registry: registry)
        #if os(Linux)
            let ending = try await ReapedChild.isAvailable ? launch.runUnderReaper() : launch.runDirectly()
        #else
            let ending = try await launch.runDirectly()
        #endif
        try Task.checkCancellation()
        let data = readsOutput ? (try? Data(contentsOf: output)) ?? Data() : Data()
        var signal: Int32?
        if case .signaled(let number) = ending.termination { signal = number }
        return ChildProcessResult(
            status: ending.termination?.status ?? -1, timedOut: ending.timedOut,
            output: String(decoding: data, as: UTF8.self), signal: signal,
            leftovers: tag == nil ? [] : ending.leftovers,
            processorSeconds: ending.processorSeconds)
    }
}

/// One program to run: what ``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:tag:registry:)``
/// starts, under a reaper (Linux) or directly, and how it ended.
private struct Launch {
    var arguments: [String]
    var environment: [String: String]
    var tag: ProcessTag
    var directory: String
    var standardOutput: ChildProcess.Redirection
    var standardError: ChildProcess.Redirection
    var timeout: Double
    var registry: ChildProcessRegistry

    /// How the program ended, whether its time limit ended it, and what it left running (ended since).
    struct Ending {
        var termination: Termination?
        var timedOut: Bool
        var leftovers: [LeftoverProcess]
        var processorSeconds: Double?
    }

    /// Runs the program under a reaper (``ReapedChild``): what is under the reaper once the program ended
    /// is what it left running; the reaper ends it as it exits.
    func runUnderReaper() async throws -> Ending {
        var started: ReapedChild?
        _ = try registry.start { () throws(ChildProcessError) -> pid_t in
            let child = try ReapedChild.spawn(
                arguments, environment: environment, tag: tag, directory: directory, standardOutput: standardOutput,
                standardError: standardError)
            started = child
            return child.reaper
        }
        guard let child = started else { throw ChildProcessRegistryReleased() }
        defer { registry.forget(process: child.reaper) }
        let limit = TimeLimit(seconds: timeout) { ProcessTree.terminate(child.reaper) }
        let end = await withTaskCancellationHandler {
            await child.programEnded()
        } onCancel: {
            ProcessTree.terminate(child.reaper)
        }
        let timedOut = limit.end()
        // Listed while they run, in any process group or session; the reaper ends them as it exits.
        let leftovers = child.remaining().map(LeftoverProcess.init(running:))
        let reaperEnd = await child.release()
        switch end {
        case .ended(let termination):
            return Ending(
                termination: termination, timedOut: timedOut, leftovers: leftovers,
                processorSeconds: reaperEnd.processorSeconds)
        case .notStarted(let number):
            throw ChildProcessError(executable: arguments[0], reason: String(cString: strerror(number)))
        case .unknown:
            return Ending(
                termination: reaperEnd.termination, timedOut: timedOut, leftovers: leftovers,
                processorSeconds: reaperEnd.processorSeconds)
        }
    }

    /// Runs the program as a child of this process; what it left running is found by its tag (on Linux;
    /// elsewhere nothing is found).
    func runDirectly() async throws -> Ending {
        let pid = try registry.start { () throws(ChildProcessError) -> pid_t in
            try ChildProcess.spawn(
                arguments, environment: environment, directory: directory, standardOutput: standardOutput,
                standardError: standardError)
        }
        defer { registry.forget(process: pid) }
        let limit = TimeLimit(seconds: timeout) { ProcessTree.terminate(pid) }
        let ended = await withTaskCancellationHandler {
            await ChildProcess.ending(of: pid)
        } onCancel: {
            ProcessTree.terminate(pid)
        }
        let timedOut = limit.end()
        // What it left running, looked for before its group is killed, so a process it left in its own
        // group counts too; then that group goes with it.
        let leftovers = ProcessTag.endLeftovers(of: tag)
        kill(-pid, SIGKILL)
        return Ending(
            termination: ended.termination, timedOut: timedOut, leftovers: leftovers,
            processorSeconds: ended.processorSeconds)
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
