import Foundation
import LitmusSupport
import Synchronization
import Testing

@Suite("Child processes never outlive the run", .tags(.endToEnd))
struct ChildProcessTests {
    private let output = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-child-\(UUID().uuidString).txt")

    @Test("A variable of this process's environment that is unset for a child does not reach it")
    func unsetVariable() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        // Given: PATH, set in this process's environment
        try #require(ProcessInfo.processInfo.environment["PATH"] != nil)
        // When
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [], in: FileManager.default.temporaryDirectory,
            environment: ["LITMUS_PROBE": "1"], unsetting: ["PATH"], outputFile: output, timeout: 600)
        // Then
        let variables = result.output.split(separator: "\n")
        #expect(variables.contains("LITMUS_PROBE=1"))
        #expect(!variables.contains { $0.hasPrefix("PATH=") })
    }

    @Test("Without an output file, what the child printed is still returned")
    func temporaryOutput() async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo printed; echo failed >&2; exit 4"],
            in: FileManager.default.temporaryDirectory, timeout: 600)
        #expect(result.output == "printed\nfailed\n")
        #expect(result.status == 4)
    }

    @Test("Each child's processor time is its own, whatever another child beside it spends")
    func processorTimeOfItsOwn() async throws {
        // Given: a shell counting to 300,000 (a few hundred milliseconds of processor time) and, at the same
        // time, one waiting on a 0.5 s sleep, which spends almost none
        let folder = FileManager.default.temporaryDirectory
        let counting = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"
        // When
        async let busy = ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", counting], in: folder, timeout: 600)
        async let idle = ChildProcess.run(URL(fileURLWithPath: "/bin/sleep"), ["0.5"], in: folder, timeout: 600)
        let (counted, slept) = try await (busy, idle)
        // Then: the counting spent processor time (its shell, under a reaper of its own on Linux), the sleep
        // a small part of it; a process-wide count of children's time would give each a share of the other's
        let countedSeconds = try #require(counted.processorSeconds)
        let sleptSeconds = try #require(slept.processorSeconds)
        #expect(countedSeconds > 0.05)
        #expect(sleptSeconds < countedSeconds / 5)
    }

    @Test("A process past its time limit is killed and reported as timed out")
    func timeout() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sleep"), ["30"], in: FileManager.default.temporaryDirectory, outputFile: output,
            timeout: 0.2)
        #expect(result.timedOut)
        #expect(result.status != 0)
    }

    @Test(
        "A time limit fires while every thread of the cooperative pool is blocked: the child is killed and the result says so"
    )
    func timeoutWithThePoolBlocked() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        // Given: `sleep 600` (a shell that prints its process id and becomes the sleep) under a 0.2 s limit
        let output = self.output
        let ended = Flag()
        let running = Task {
            defer { ended.raise() }
            return try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$; exec sleep 600"],
                in: FileManager.default.temporaryDirectory, outputFile: output, timeout: 0.2)
        }
        guard let sleeper = try await printedProcessID(in: output, unless: ended) else {
            // The limit ended the shell before it printed (a start slower than 0.2 s): nothing was blocked.
            let result = try await running.value
            #expect(result.timedOut)
            return
        }

        // When: more tasks than the pool has threads each block their thread until the sleep is gone, or
        // until 5 minutes have passed (well before the sleep would end by itself): a timer that needs a
        // thread of the pool to fire cannot fire before then
        let blockers = (0..<(ProcessInfo.processInfo.activeProcessorCount * 2 + 2)).map { _ in
            Task { blockUntilGone(sleeper, orUntil: ContinuousClock.now + .seconds(300)) }
        }
        var goneWhileBlocked: [Bool] = []
        for blocker in blockers { goneWhileBlocked.append(await blocker.value) }
        let result = try await running.value

        // Then
        #expect(goneWhileBlocked.allSatisfy { $0 }, "the sleep outlived the blocked pool: \(goneWhileBlocked)")
        #expect(result.timedOut)
        #expect(result.signal == SIGKILL)
    }

    /// Blocks its thread (on purpose: the point is a pool with no thread free) until process `pid` is no
    /// longer running or `deadline` has passed; whether it was gone.
    private func blockUntilGone(_ pid: pid_t, orUntil deadline: ContinuousClock.Instant) -> Bool {
        while ProcessTree.isAlive(pid) && ContinuousClock.now < deadline { usleep(10_000) }
        return !ProcessTree.isAlive(pid)
    }

    /// The process id the child printed first in `output`, once it has (polled, giving the thread back);
    /// `nil` once `ended` is raised without it.
    private func printedProcessID(in output: URL, unless ended: Flag) async throws -> pid_t? {
        while true {
            let finished = ended.isRaised
            let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if printed.hasSuffix("\n"), let pid = pid_t(printed.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            if finished { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    // Linux: Foundation's socket for watching a child's exit, /proc, and glibc's closefrom.
    #if os(Linux)
        @Test(
            "A child that exits leaving a process in the background is done when it exits, and that process is killed with it",
            .timeLimit(.minutes(10)))
        func exitLeavingABackgroundProcess() async throws {
            defer { try? FileManager.default.removeItem(at: output) }
            // Given: a shell that starts a long sleep in the background and exits at once. The sleep holds
            // what the shell inherited, Foundation's exit-watching socket among them, for 1000 s.
            // When
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 1000 & echo $!; exit 3"],
                in: FileManager.default.temporaryDirectory, outputFile: output, timeout: 120)
            // Then: its own status, not a time-out, and the sleep, in its process group, is gone
            #expect(result.status == 3)
            #expect(!result.timedOut)
            let background = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
            let deadline = ContinuousClock.now + .seconds(120)
            while ProcessTree.isAlive(background) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(!ProcessTree.isAlive(background), "the background sleep \(background) outlived its shell")
        }

        @Test("A descriptor this process opened without close-on-exec does not reach a process started in a new group")
        func newGroupInheritsNoDescriptor() async throws {
            // Given: /dev/null open at descriptor 200 or above, inheritable, and glibc closing in the child
            // also what other threads open while it spawns (Foundation's exit-watching sockets)
            #expect(ChildProcess.closesEveryDescriptorFromThree)
            let opened = open("/dev/null", O_RDONLY | O_CLOEXEC)
            let inheritable = fcntl(opened, F_DUPFD, 200)
            close(opened)
            try #require(inheritable >= 200)
            defer { close(inheritable) }
            let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
            defer { close(input) }
            let output = try ChildProcess.pipe()
            // When: a shell lists the descriptors it has
            let pid = try ChildProcess.spawnInNewGroup(
                ["/bin/sh", "-c", "ls /proc/$$/fd | tr '\\n' ' '; echo"], standardInput: input,
                standardOutput: output.write)
            close(output.write)
            let listed = ChildProcess.readLine(output.read).split(separator: " ").map(String.init)
            close(output.read)
            await ChildProcess.reap(pid)
            // Then: its standard input and output and /dev/null as standard error, and nothing of ours
            #expect(listed.contains("0") && listed.contains("1") && listed.contains("2"))
            #expect(!listed.contains("\(inheritable)"), "the shell has descriptors \(listed)")
        }
    #endif

    @Test("Releasing the registry kills its running processes, as SIGINT does")
    func release() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        let output = self.output
        let registry = ChildProcessRegistry()
        let running = Task {
            try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "echo started; sleep 3600"],
                in: FileManager.default.temporaryDirectory,
                outputFile: output, timeout: 600, registry: registry)
        }
        let deadline = ContinuousClock.now + .seconds(300)
        while (try? String(contentsOf: output, encoding: .utf8))?.contains("started") != true {
            guard ContinuousClock.now < deadline else {
                registry.releaseAll()
                Issue.record("the child process never printed \"started\" within 5 minutes")
                return
            }
            // A poll that gives its thread back: a yield-only loop can hold one of the two cooperative
            // threads while other tests hold the other, and the child's task then never starts.
            try await Task.sleep(for: .milliseconds(5))
        }
        registry.releaseAll()
        let result = try await running.value
        #expect(!result.timedOut)
        #expect(result.status != 0)
    }

    @Test("A process tracked only after the release (its start raced with SIGINT) is killed as it is tracked")
    func trackedAfterRelease() throws {
        let registry = ChildProcessRegistry()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        try process.run()
        registry.releaseAll()

        registry.track(process: process.processIdentifier)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(registry.isReleased)
    }
}

/// A flag one task raises and another reads.
private final class Flag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}
