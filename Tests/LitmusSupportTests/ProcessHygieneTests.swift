import Foundation
import LitmusSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How the processes Litmus starts begin and end: the signals they see, what they leave running, and
/// what the lifeline ends when Litmus itself is killed.
///
/// The processes left running sleep for an hour, and every test ends its own: a test of this suite waited
/// for a free thread of the pool for 340 s in a CI run beside every other test, and the `sleep 300` it
/// was to find had ended by itself by then (the test failed, the product had not).
@Suite("Processes start clean and leave nothing behind", .tags(.endToEnd))
struct ProcessHygieneTests {
    #if os(Linux)
        @Test(
            "A child started from a thread that blocks signals starts with none blocked and the parent's ignored ones at their defaults"
        )
        func signalMask() async throws {
            // Given: this thread blocking SIGTERM, and SIGUSR2 ignored, as Dispatch's and the cooperative
            // pool's threads block nearly every signal
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-sigmask-\(UUID())")
            defer { try? FileManager.default.removeItem(at: file) }
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGTERM)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &previous)
            let ignored = signal(SIGUSR2, SIG_IGN)
            // When: a child is started from it (synchronously, so from this very thread)
            let child = Result {
                try ChildProcess.spawn(
                    ["/bin/grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"],
                    environment: ProcessInfo.processInfo.environment, standardOutput: .file(file.path))
            }
            signal(SIGUSR2, ignored)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            await ChildProcess.reap(try child.get())
            // Then: nothing blocked, and SIGUSR2 not ignored (glibc's own signals 32 and 33 may be)
            let masks = Dictionary(
                uniqueKeysWithValues: try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap {
                    line -> (String, UInt64)? in
                    let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                    return parts.count == 2 ? (parts[0], UInt64(parts[1], radix: 16) ?? .max) : nil
                })
            #expect(masks["SigBlk"] == 0)
            let ignoredMask = try #require(masks["SigIgn"])
            #expect(ignoredMask & (1 << (UInt64(SIGUSR2) - 1)) == 0, "SigIgn \(String(ignoredMask, radix: 16))")
        }

        @Test("A child ended by a signal reports the signal, not an exit status")
        func signalReported() async throws {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "kill -ILL $$"], in: FileManager.default.temporaryDirectory,
                timeout: 600)
            #expect(result.signal == SIGILL)
            #expect(result.status == SIGILL)
        }

        @Test("An exit status that equals a signal's number is no signal")
        func exitIsNoSignal() async throws {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 4"], in: FileManager.default.temporaryDirectory,
                timeout: 600)
            #expect(result.signal == nil)
            #expect(result.status == 4)
        }

        @Test("A process a tagged child left running in a session of its own is found by its tag and ended")
        func leftoverFound() async throws {
            // Given: a shell that starts a sleep in a new session (out of its process group) and exits
            let tag = ProcessTag.next()
            defer { _ = ProcessTag.endLeftovers(of: tag) }
            // When
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!"],
                in: FileManager.default.temporaryDirectory, timeout: 600, tag: tag)
            // Then: the sleep is the one leftover, named by its command line, and it no longer runs
            let left = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(result.leftovers.map(\.pid) == [left])
            #expect(result.leftovers.first?.command == "sleep 3600")
            #expect(!ProcessTree.isAlive(left))
        }

        @Test(
            "Processes a child left running with environments of their own (no tag), one through a subshell that exited, are found and ended"
        )
        func untaggedLeftoversFound() async throws {
            // Given: a shell that starts two sleeps, each with an environment of its own and in a session of its
            // own, the second from a subshell that exits at once (an orphan while the shell still runs), and
            // exits once both run
            let script = """
                env -i /usr/bin/setsid /bin/sleep 3601 </dev/null >/dev/null 2>&1 & first=$!
                second=$( (env -i /usr/bin/setsid /bin/sleep 3602 </dev/null >/dev/null 2>&1 & echo $!) )
                for pid in $first $second; do until [ "$(cat /proc/$pid/comm 2>/dev/null)" = sleep ]; do :; done; done
                echo $first $second
                """
            // They carry no tag: should the run not end them, they are ended by their command lines.
            defer { Self.end(running: ["/bin/sleep 3601", "/bin/sleep 3602"]) }
            // When
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: FileManager.default.temporaryDirectory,
                timeout: 600, tag: ProcessTag.next())
            // Then: both are its leftovers, named by their command lines, and neither runs any more
            let sleeps = result.output.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
            #expect(sleeps.count == 2, "the shell printed \(result.output)")
            #expect(Set(result.leftovers.map(\.pid)) == Set(sleeps))
            #expect(Set(result.leftovers.map(\.command)) == ["/bin/sleep 3601", "/bin/sleep 3602"])
            #expect(
                sleeps.allSatisfy { !ProcessTree.isAlive($0) }, "still running: \(sleeps.filter(ProcessTree.isAlive))")
        }

        @Test(
            "A reaper let go of while its program runs, as when Litmus is killed, ends the program and what it started, tag or not"
        )
        func reaperLetGoEndsAll() async throws {
            // Given: under a reaper, a shell that starts a sleep with an environment of its own in a session of
            // its own, then becomes a sleep itself
            let sut = try ReapedChild.spawn(
                [
                    "/bin/sh", "-c",
                    "env -i /usr/bin/setsid /bin/sleep 3603 </dev/null >/dev/null 2>&1 & exec /bin/sleep 3604",
                ], environment: ProcessInfo.processInfo.environment, tag: ProcessTag.next(),
                directory: FileManager.default.temporaryDirectory.path, standardOutput: .null, standardError: .null)
            var sleeps: [LeftoverProcess] = []
            let deadline = ContinuousClock.now + .seconds(300)
            while sleeps.count < 2 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
                sleeps = sut.remaining().map(LeftoverProcess.init(running:)).filter {
                    $0.command.hasPrefix("/bin/sleep")
                }
            }
            let listed = sut.remaining().map(LeftoverProcess.init(running:))

            // When: the pipe it holds closes, as the kernel closes it when Litmus dies
            let ended = await sut.release()

            // Then: once the reaper has exited, neither sleep runs
            try #require(sleeps.count == 2, "under the reaper: \(listed)")
            #expect(ended.termination == .exited(0))
            #expect(sleeps.allSatisfy { !ProcessTree.isAlive($0.pid) }, "still running: \(sleeps)")
        }

        @Test("A tagged child that leaves nothing running has no leftover")
        func noLeftover() async throws {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 0.01"], in: FileManager.default.temporaryDirectory,
                timeout: 600, tag: ProcessTag.next())
            #expect(result.leftovers.isEmpty)
        }

        @Test("When the lifeline is cut, as when Litmus is killed, its tagged processes end and its folders go")
        func lifeline() async throws {
            // Given: a lifeline of its own, a process carrying one of its tags in a session of its own (no
            // group kill reaches it), and a folder named to it
            let prefix = "litmus-lifeline-test-\(UUID().uuidString)."
            let sut = Lifeline(tagPrefix: prefix)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-lifeline-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            sut.deleteIfKilled(folder)
            var environment = ProcessInfo.processInfo.environment
            environment[ProcessTag.variable] = prefix + "1"
            let sleeper = try ChildProcess.spawn(["/usr/bin/setsid", "sleep", "3600"], environment: environment)
            // By its tag, not its process id: `setsid` forks and exits, and the id of a reaped process is
            // anyone's once the kernel hands it out again (after 32768 processes on this kind of machine).
            defer { ProcessTag.running(where: { $0 == prefix + "1" }).forEach { ProcessTree.terminate($0.pid) } }
            // When
            let watchdog = try #require(sut.watchdogProcessID)
            sut.cut()
            await ChildProcess.reap(watchdog)
            // Then (`setsid` forked: the sleeper is its child, found by its tag)
            await ChildProcess.reap(sleeper)
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            let left = await ProcessTag.running(where: { $0 == prefix + "1" }, settlingWithin: 60)
            #expect(left.isEmpty, "still running: \(left.map(\.command))")
        }

        @Test(
            "When the lifeline is cut, a process with a stable tag it was told of ends; one it was not told of runs on")
        func lifelineEndsStableTags() async throws {
            // Given: two processes in sessions of their own, one with a stable tag named to the lifeline
            let sut = Lifeline(tagPrefix: "litmus-lifeline-test-\(UUID().uuidString).")
            let told = ProcessTag.stable(for: "told-\(UUID())")
            let untold = ProcessTag.stable(for: "untold-\(UUID())")
            sut.endIfKilled(told)
            for tag in [told, untold] {
                var environment = ProcessInfo.processInfo.environment
                environment[ProcessTag.variable] = tag.value
                await ChildProcess.reap(
                    try ChildProcess.spawn(["/usr/bin/setsid", "sleep", "3600"], environment: environment))
            }
            defer { [told, untold].forEach { _ = ProcessTag.endLeftovers(of: $0) } }
            let watchdog = try #require(sut.watchdogProcessID)

            // When
            sut.cut()
            await ChildProcess.reap(watchdog)

            // Then
            let toldLeft = await ProcessTag.running(where: { $0 == told.value }, settlingWithin: 60)
            #expect(toldLeft.isEmpty, "still running: \(toldLeft.map(\.command))")
            #expect(untold.running().count == 1)
        }

        @Test(
            "A lifeline released at exit leaves a stable tag's process running, and still ends its own tags' and folders"
        )
        func releasedLifelineLeavesStableTags() async throws {
            // Given: a process with a stable tag named to the lifeline (by now, say, the next audit's build
            // in the same folder), one with a tag of the lifeline's own run, and a folder named to it
            let prefix = "litmus-lifeline-test-\(UUID().uuidString)."
            let sut = Lifeline(tagPrefix: prefix)
            let stable = ProcessTag.stable(for: "released-\(UUID())")
            sut.endIfKilled(stable)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-lifeline-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            sut.deleteIfKilled(folder)
            for tag in [stable.value, prefix + "1"] {
                var environment = ProcessInfo.processInfo.environment
                environment[ProcessTag.variable] = tag
                await ChildProcess.reap(
                    try ChildProcess.spawn(["/usr/bin/setsid", "sleep", "3600"], environment: environment))
            }
            defer {
                _ = ProcessTag.endLeftovers(of: stable)
                ProcessTag.running(where: { $0 == prefix + "1" }).forEach { ProcessTree.terminate($0.pid) }
            }
            let watchdog = try #require(sut.watchdogProcessID)

            // When: the process says it ends having cleaned up (as at exit), and ends
            sut.release()
            await ChildProcess.reap(watchdog)

            // Then
            #expect(stable.running().count == 1)
            let ownLeft = await ProcessTag.running(where: { $0 == prefix + "1" }, settlingWithin: 60)
            #expect(ownLeft.isEmpty, "still running: \(ownLeft.map(\.command))")
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }

        @Test("A stable tag is the same for the same key and differs for another; it is no tag of this run")
        func stableTag() {
            #expect(ProcessTag.stable(for: "/cache/builds/A") == ProcessTag.stable(for: "/cache/builds/A"))
            #expect(ProcessTag.stable(for: "/cache/builds/A") != ProcessTag.stable(for: "/cache/builds/B"))
            #expect(!ProcessTag.stable(for: "/cache/builds/A").isOfThisRun)
            #expect(ProcessTag.next().isOfThisRun)
        }

    #endif

    @Test("After the registry is released no process starts: the start is refused, not raced")
    func noStartAfterRelease() async throws {
        let registry = ChildProcessRegistry()
        registry.releaseAll()
        await #expect(throws: ChildProcessRegistryReleased.self) {
            try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sleep"), ["30"], in: FileManager.default.temporaryDirectory, timeout: 60,
                registry: registry)
        }
    }

    /// Ends every process whose command line is one of `commands` (processes of a test that carry no tag).
    private static func end(running commands: Set<String>) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in entries.compactMap(Int32.init) where commands.contains(LeftoverProcess(running: pid).command) {
            ProcessTree.terminate(pid)
        }
    }
}
