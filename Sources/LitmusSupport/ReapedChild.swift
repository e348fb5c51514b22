import Foundation
import LitmusReaper

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started under a reaper of its own (Linux): the `litmus-reaper` program beside this executable
/// (``program``), else the executable this process runs, started again as `litmus-reaper`
/// (Sources/LitmusReaper/reaper.c), which marks itself a child subreaper and starts the program. Whatever the program starts, in any process group or session and whatever environment it
/// gives it, stays under the reaper when its parent ends: after the program ends, what is still running
/// under the reaper is what it left running (``remaining()``). No variable a test can drop is needed to
/// find it, and if this process dies (SIGKILL included) the reaper ends the program and all of it.
package struct ReapedChild: Sendable {
    /// The reaper's process id: the process to track and, to end the program and all it started, to
    /// kill with its tree.
    package let reaper: pid_t
    /// The read end of the pipe the reaper tells how the program ended on.
    private let report: Int32
    /// The write end of the pipe whose end of file lets the reaper end what is left and exit.
    private let hold: Int32

    /// Whether the reaper can run here: on Linux, in an executable that links LitmusSupport (always, since
    /// this code is in it) and can start itself again through /proc/self/exe.
    package static var isAvailable: Bool {
        litmus_reaper_available() == 1 && FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
    }

    /// The program a reaper runs: `litmus-reaper` beside this executable, built with it (a few C functions,
    /// started in a fraction of a millisecond), when it speaks this protocol; else this executable again,
    /// whose start loads every library it links (about 8 ms of processor time for `litmus`, once per test
    /// process an audit starts).
    package static let program: String = program(besides: executableFolder())

    /// `litmus-reaper` in `folder` when it is there and speaks ``LITMUS_REAPER_PROTOCOL``, else /proc/self/exe.
    package static func program(besides folder: String?) -> String {
        guard let folder else { return "/proc/self/exe" }
        let tool = folder + "/" + LITMUS_REAPER_NAME
        guard FileManager.default.isExecutableFile(atPath: tool),
            litmus_reaper_protocol_of(tool) == LITMUS_REAPER_PROTOCOL
        else { return "/proc/self/exe" }
        return tool
    }

    /// The folder of the executable this process runs, through /proc/self/exe; `nil` where it cannot be read.
    private static func executableFolder() -> String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// How the program ended, as the reaper says.
    package enum ProgramEnd: Equatable, Sendable {
        /// It ran and ended so.
        case ended(Termination)
        /// It could not be started: this `errno`.
        case notStarted(Int32)
        /// The reaper ended without saying (it was killed: a time limit, a cancellation, an interrupt).
        case unknown
    }

    /// Starts `arguments` (the first an absolute path) under a reaper in a new process group, as
    /// ``ChildProcess/spawn(_:environment:directory:standardInput:standardOutput:standardError:passing:)``
    /// starts a process, the program with exactly `environment` and `tag` as its ``ProcessTag``.
    package static func spawn(
        _ arguments: [String], environment: [String: String], tag: ProcessTag, directory: String,
        standardOutput: ChildProcess.Redirection, standardError: ChildProcess.Redirection
    ) throws(ChildProcessError) -> ReapedChild {
        let report = try ChildProcess.pipe()
        let hold: (read: Int32, write: Int32)
        do { hold = try ChildProcess.pipe() } catch {
            close(report.read)
            close(report.write)
            throw error
        }
        defer {
            close(report.write)
            close(hold.read)
        }
        var variables = environment.filter { $0.key != ProcessTag.variable }
        variables[LITMUS_REAPER_VARIABLE] = tag.value
        do {
            let reaper = try ChildProcess.spawn(
                [LITMUS_REAPER_NAME] + arguments, environment: variables, directory: directory,
                standardOutput: standardOutput, standardError: standardError, passing: [report.write, hold.read],
                program: program)
            return ReapedChild(reaper: reaper, report: report.read, hold: hold.write)
        } catch {
            close(report.read)
            close(hold.write)
            // Named after the program, not the reaper (a working directory that does not exist, say).
            throw ChildProcessError(executable: arguments[0], reason: error.reason)
        }
    }

    /// Waits, on a thread of its own, until the program ends or the reaper is gone, and says how.
    package func programEnded() async -> ProgramEnd {
        let report = report
        return await withCheckedContinuation { (continuation: CheckedContinuation<ProgramEnd, Never>) in
            Thread.detachNewThread {
                let line = ChildProcess.readLine(report).split(separator: " ")
                guard line.count == 2, let number = Int32(line[1]) else {
                    return continuation.resume(returning: .unknown)
                }
                switch line[0] {
                case "exited": continuation.resume(returning: .ended(Termination(waitStatus: number)))
                case "failed": continuation.resume(returning: .notStarted(number))
                default: continuation.resume(returning: .unknown)
                }
            }
        }
    }

    /// What is still running under the reaper: once the program has ended, what it left running, in any
    /// process group or session, parents before their children.
    package func remaining() -> [pid_t] {
        ProcessTree.descendants(of: reaper).filter(ProcessTree.isAlive)
    }

    /// Lets the reaper end whatever is still under it and exit, and waits (on a thread of its own) until it
    /// has; its own termination, and the processor time of everything it reaped (the program, and what the
    /// program left running) with its own.
    package func release() async -> (termination: Termination?, processorSeconds: Double?) {
        close(hold)
        close(report)
        return await ChildProcess.ending(of: reaper)
    }
}
