import Foundation
import LitmusSupport
import Testing

#if os(Linux)
    // The limit bounds a wait that never ends, not the tests' pace: in a CI run beside every other test of the
    // package on 2 cores, one of these took 214 s though its processes end within a second (the resumed test
    // waits for a free thread of the pool), and a 1-minute limit failed it.
    @Suite("Waiting for a process of a run to have run for a while", .timeLimit(.minutes(10)))
    struct ProcessWatchTests {
        @Test("A process's age is the kernel's: under a second for one just started, more for this one")
        func ageFromTheKernel() async throws {
            let sleeper = try ChildProcess.spawn(["/bin/sleep", "600"], environment: [:])
            defer {
                kill(sleeper, SIGKILL)
                _ = waitpid(sleeper, nil, 0)
            }

            let young = try #require(ProcessWatch.age(of: sleeper))
            let own = try #require(ProcessWatch.age(of: getpid()))

            #expect(young >= 0 && young < own)
            #expect(ProcessWatch.age(of: -1) == nil)
        }

        @Test("The candidate that has run long enough is found while its owner runs")
        func findsTheLongRunning() async throws {
            let sleeper = try ChildProcess.spawn(["/bin/sleep", "600"], environment: [:])
            defer {
                kill(sleeper, SIGKILL)
                _ = waitpid(sleeper, nil, 0)
            }

            let found = await ProcessWatch.firstRunning(
                for: 0.3, of: { [LeftoverProcess(running: sleeper)] }, while: getpid())

            #expect(found?.pid == sleeper)
            #expect(try #require(ProcessWatch.age(of: sleeper)) >= 0.3)
        }

        @Test("A file that appears while the owner runs gets the owner its signal; one that never does, none")
        func signalWhenAFileAppears() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-watch-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = folder.appendingPathComponent("journal").path
            let writer = try ChildProcess.spawn(
                ["/bin/sh", "-c", "sleep 0.2; : > \"$0\"; sleep 600", marker], environment: [:])
            let quiet = try ChildProcess.spawn(["/bin/sleep", "0.2"], environment: [:])

            let signalled = await ProcessWatch.signal(writer, SIGKILL, whenExists: marker)
            if !signalled { kill(writer, SIGKILL) }  // not reaped yet: still its id
            let ended = await ChildProcess.termination(of: writer)
            let notSignalled = await ProcessWatch.signal(quiet, SIGKILL, whenExists: marker + "-never")
            let quietEnded = await ChildProcess.termination(of: quiet)

            #expect(signalled)
            #expect(ended == .signaled(SIGKILL))
            #expect(!notSignalled)
            #expect(quietEnded == .exited(0))
        }

        @Test("An owner that ended, a zombie not yet reaped, ends the wait at once, not after the limit")
        func endedOwner() async throws {
            // Given: an owner that has exited and that nobody has reaped (`kill(pid, 0)` still answers 0).
            let owner = try ChildProcess.spawn(["/bin/true"], environment: [:])
            defer { _ = waitpid(owner, nil, 0) }
            var info = siginfo_t()
            _ = waitid(P_PID, id_t(owner), &info, WEXITED | WNOWAIT)
            #expect(kill(owner, 0) == 0)

            // When: waiting with a limit far past the suite's time limit
            let found = await ProcessWatch.firstRunning(for: 0.1, of: { [] }, while: owner, limit: 3600)

            // Then
            #expect(found == nil)
            #expect(!ProcessTree.isAlive(owner))
        }
    }
#endif
