import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a long-lived command in a new process group with its standard input and output redirected,
/// the way LitmusUI's chromedriver watchdog must be started: a group of its own keeps a terminal's Ctrl-C
/// from killing it before it has killed the browser. (``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:registry:)``
/// runs a program to completion instead.)
extension ChildProcess {
    /// Spawns `arguments` (the first is an absolute path) in a new process group, with `standardInput`
    /// and `standardOutput` as its fd 0 and 1 and /dev/null as fd 2, and this process's environment
    /// plus `extraEnvironment`. Returns its process id.
    package static func spawnInNewGroup(
        _ arguments: [String], standardInput: Int32, standardOutput: Int32, extraEnvironment: [String: String] = [:]
    )
        throws(ChildProcessError)
        -> pid_t
    {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Threads of this process block signals (SIGCHLD among them); a child inherits that mask,
        // and `sh` then never sees its own child exit. Start it with no signal blocked, default actions.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        // Sockets and pipes of this process that lack close-on-exec must not reach chromedriver, nor
        // one another thread creates while this spawns (Foundation's `Process` gives each child such a
        // socket, and learns of the child's exit only once every holder has closed it): close every
        // descriptor from 3 in the child, or else those open now.
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        #if os(Linux)
            let closedFromThree = Self.addCloseFrom.map { $0(&actions, 3) == 0 } ?? false
            if !closedFromThree {
                for descriptor in inheritableDescriptors() where descriptor > 2 {
                    posix_spawn_file_actions_addclose(&actions, descriptor)
                }
            }
            posix_spawnattr_setflags(&attributes, Int16(flags))
        #else
            posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw ChildProcessError(executable: arguments[0], reason: String(cString: strerror(status)))
        }
        return pid
    }

    #if os(Linux)
        /// Whether a process started in a new group gets no descriptor from 3 up whatever other threads
        /// open meanwhile: glibc 2.34 and later; else only those open as it spawns are closed in it.
        package static var closesEveryDescriptorFromThree: Bool { addCloseFrom != nil }

        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
        /// module does not declare; `nil` on an older glibc.
        private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: AddCloseFrom.self) }
    #endif

    /// This process's open descriptors that a child would inherit (no close-on-exec), from /dev/fd.
    private static func inheritableDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
        return names.compactMap(Int32.init).filter { descriptor in
            let flags = fcntl(descriptor, F_GETFD)
            return flags >= 0 && flags & FD_CLOEXEC == 0
        }
    }

    /// Whether process `pid` is alive (a zombie counts as alive until reaped).
    package static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0
    }

    /// Waits for child `pid` to exit, off the cooperative thread pool.
    package static func reap(_ pid: pid_t) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume()
            }
        }
    }

    #if os(Linux)
        /// Waits, off the cooperative thread pool, until child `pid` has exited, and returns its exit
        /// status (or the signal that ended it) without reaping it, so that Foundation's `Process` still
        /// can; `nil` when it is not a child of this process or was reaped already. Linux only: there
        /// `waitid` without `WSTOPPED` reports no stopped child (macOS's may).
        static func exitStatus(of pid: pid_t) async -> Int32? {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
                Thread.detachNewThread {
                    var info = siginfo_t()
                    var result: Int32
                    repeat {
                        result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
                    } while result == -1 && errno == EINTR
                    continuation.resume(returning: result == 0 ? info._sifields._sigchld.si_status : nil)
                }
            }
        }
    #endif

    /// A pipe whose ends are closed on exec, so no other child inherits them.
    package static func pipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        // A child another thread spawns between pipe and fcntl inherits the ends (Swift's Glibc module
        // has no pipe2); it would hold chromedriver's lifeline open until it ends. That window is a few
        // instructions wide and only as a UI test launches its browser.
        let result = fds.withUnsafeMutableBufferPointer { systemPipe($0.baseAddress!) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        guard result == 0 else { throw ChildProcessError(executable: "pipe", reason: String(cString: strerror(errno))) }
        return (fds[0], fds[1])
    }

    private static func systemPipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32 {
        #if canImport(Glibc)
            Glibc.pipe(fds)
        #else
            Darwin.pipe(fds)
        #endif
    }

    /// Reads from `fd` until a newline or end of file (a few bytes, written at once by the child).
    package static func readLine(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
