import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a process the way every process Litmus starts must start: in a process group of its own,
/// with no signal blocked and every signal's default action, and with none of this process's
/// descriptors but the three it is given. Foundation's `Process` does neither of the first two: a child
/// inherits the signal mask of the thread that spawns it, and Dispatch's and Swift concurrency's threads
/// block nearly every signal, so a test process started from one ran with SIGTERM blocked, and so did
/// every process that test started (measured in /proc's SigBlk; FINDINGS.md).
extension ChildProcess {
    /// Where one of a child's three standard descriptors goes.
    package enum Redirection: Sendable, Equatable {
        /// /dev/null.
        case null
        /// A descriptor of this process, duplicated into the child.
        case descriptor(Int32)
        /// A file, created or emptied.
        case file(String)
        /// Standard error only: wherever standard output goes.
        case standardOutput
    }

    /// Spawns `arguments` (the first is an absolute path) in `directory` (this process's when `nil`) with
    /// exactly `environment`, in a new process group, with no signal blocked, every signal's default
    /// action, descriptors 0, 1 and 2 as given, `passing` as 3, 4, … (``ChildProcess/run(_:_:in:environment:unsetting:outputFile:errorFile:timeout:tag:registry:)``'s
    /// reaper), and no other; `program`, when given, is the file to run, with `arguments` as its whole
    /// argument list (its `argv[0]` too). Returns its process id.
    package static func spawn(
        _ arguments: [String], environment: [String: String], directory: String? = nil,
        standardInput: Redirection = .null, standardOutput: Redirection = .null, standardError: Redirection = .null,
        passing: [Int32] = [], program: String? = nil
    ) throws(ChildProcessError) -> pid_t {
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
        addRedirections(&actions, [(0, standardInput), (1, standardOutput), (2, standardError)])
        if let directory {
            guard addChangeDirectory(&actions, directory) == 0 else {
                throw ChildProcessError(executable: arguments[0], reason: "it cannot be started in \(directory)")
            }
        }
        startsWithDefaultSignals(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        // Sockets and pipes of this process that lack close-on-exec must not reach the child, nor one
        // another thread creates while this spawns (a child holding a pipe's write end keeps its reader
        // waiting): close every descriptor from 3 in the child, or else those open now.
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        // The passed descriptors, first copied above any number they go to (a copy is closed on exec).
        let copies = passing.map { fcntl($0, F_DUPFD_CLOEXEC, 3 + Int32(passing.count)) }
        defer { for copy in copies where copy >= 0 { close(copy) } }
        guard !copies.contains(where: { $0 < 0 }) else {
            throw ChildProcessError(executable: arguments[0], reason: String(cString: strerror(errno)))
        }
        #if os(Linux)
            let closesFrom = Self.addCloseFrom
            if closesFrom == nil {
                for descriptor in inheritableDescriptors() where descriptor > 2 {
                    posix_spawn_file_actions_addclose(&actions, descriptor)
                }
            }
            for (offset, copy) in copies.enumerated() {
                posix_spawn_file_actions_adddup2(&actions, copy, 3 + Int32(offset))
            }
            _ = closesFrom.map { $0(&actions, 3 + Int32(copies.count)) }
            posix_spawnattr_setflags(&attributes, Int16(flags))
        #else
            for (offset, copy) in copies.enumerated() {
                posix_spawn_file_actions_adddup2(&actions, copy, 3 + Int32(offset))
            }
            posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program ?? arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw ChildProcessError(executable: program ?? arguments[0], reason: String(cString: strerror(status)))
        }
        return pid
    }

    #if os(Linux)
        /// posix_spawn's file actions, as this platform's C API types them.
        typealias SpawnFileActions = posix_spawn_file_actions_t
        /// posix_spawn's attributes, as this platform's C API types them.
        typealias SpawnAttributes = posix_spawnattr_t
    #else
        /// posix_spawn's file actions, as this platform's C API types them.
        typealias SpawnFileActions = posix_spawn_file_actions_t?
        /// posix_spawn's attributes, as this platform's C API types them.
        typealias SpawnAttributes = posix_spawnattr_t?
    #endif

    /// Adds to `actions` what gives the child each descriptor of `redirections` (0, 1 or 2) as asked.
    private static func addRedirections(_ actions: inout SpawnFileActions, _ redirections: [(Int32, Redirection)]) {
        for (descriptor, redirection) in redirections {
            switch redirection {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let own):
                posix_spawn_file_actions_adddup2(&actions, own, descriptor)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }
    }

    /// Threads of this process block signals (SIGCHLD and SIGTERM among them); a child inherits that mask,
    /// and `sh` then never sees its own child exit, nor a test process SIGTERM. The child starts with no
    /// signal blocked and every signal's default action (an ignored SIGINT would be inherited too).
    private static func startsWithDefaultSignals(_ attributes: inout SpawnAttributes) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
    }

    /// Spawns `arguments` (the first is an absolute path) in a new process group, with `standardInput`
    /// and `standardOutput` as its fd 0 and 1 and /dev/null as fd 2, and this process's environment
    /// plus `extraEnvironment`: a long-lived command such as LitmusUI's chromedriver watchdog, whose
    /// group of its own keeps a terminal's Ctrl-C from killing it before it has killed the browser.
    /// Returns its process id.
    package static func spawnInNewGroup(
        _ arguments: [String], standardInput: Int32, standardOutput: Int32, extraEnvironment: [String: String] = [:]
    )
        throws(ChildProcessError)
        -> pid_t
    {
        try spawn(
            arguments, environment: ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 },
            standardInput: .descriptor(standardInput), standardOutput: .descriptor(standardOutput))
    }

    /// Adds a change of the child's working directory to `actions`: glibc's and Darwin's
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc module
    /// does not declare.
    #if os(Linux)
        private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) -> Int32 {
            guard let addChangeDirectory = Self.addChdir else { return ENOSYS }
            return addChangeDirectory(&actions, path)
        }

        private typealias AddChdir =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

        private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
            .map { unsafeBitCast($0, to: AddChdir.self) }
    #else
        private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t?, _ path: String) -> Int32 {
            posix_spawn_file_actions_addchdir_np(&actions, path)
        }
    #endif

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

    /// Whether process `pid` runs: a zombie, which has ended but is not reaped yet, does not (`kill(pid, 0)`
    /// would answer for it, so a wait for a process that died at once would last its whole time limit).
    package static func isRunning(_ pid: pid_t) -> Bool {
        ProcessTree.isAlive(pid)
    }

    /// Waits for child `pid` to exit, off the cooperative thread pool.
    package static func reap(_ pid: pid_t) async { _ = await termination(of: pid) }

    /// Waits for child `pid` to exit, off the cooperative thread pool, reaps it, and says how it ended;
    /// `nil` when it is not a child of this process or was reaped already.
    package static func termination(of pid: pid_t) async -> Termination? { await ending(of: pid).termination }

    /// Waits for child `pid` to exit, off the cooperative thread pool, reaps it, and says how it ended and
    /// the processor time (user and system) it and the children it waited for spent (`wait4`'s usage): its
    /// own, however many other processes ran beside it. `nil`s when it is not a child of this process or
    /// was reaped already.
    package static func ending(of pid: pid_t) async -> (termination: Termination?, processorSeconds: Double?) {
        await withCheckedContinuation {
            (continuation: CheckedContinuation<(termination: Termination?, processorSeconds: Double?), Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                var usage = rusage()
                var result: pid_t
                repeat {
                    result = wait4(pid, &status, 0, &usage)
                } while result == -1 && errno == EINTR
                guard result == pid else { return continuation.resume(returning: (nil, nil)) }
                func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
                continuation.resume(
                    returning: (Termination(waitStatus: status), seconds(usage.ru_utime) + seconds(usage.ru_stime)))
            }
        }
    }

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
