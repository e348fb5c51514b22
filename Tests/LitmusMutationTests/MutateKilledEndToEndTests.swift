import Foundation
import LitmusSupport
import Testing

/// `litmus mutate` interrupted (SIGINT), then killed with SIGKILL, which it cannot catch, each while a
/// mutant's test process spins (the Mutation fixture's Timeout mutant, `i -= 1` → `i += 1`, loops until its
/// time limit): the interrupt ends the run saying `litmus mutate: interrupted` (it said `litmus audit`), and
/// after the kill the lifeline's watchdog ends every process the run started (issue "Under faults": 2 of 2
/// such processes kept spinning at 40% CPU for good before) and deletes the run's scratch folder
/// (`litmus-audit-…` in the run's temporary folder).
#if os(Linux)  // the processes are found by their tag in /proc
    @Suite("litmus mutate interrupted and killed", .tags(.endToEnd))
    struct MutateKilledEndToEndTests {
        @Test(
            "SIGINT of litmus mutate while a mutant spins exits 130 saying so; SIGKILL leaves no process of the run")
        func killedWhileAMutantSpins() async throws {
            // Given: a copy of the fixture, its own cache, and litmus mutate started on it.
            let executable = try #require(
                BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-killed-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let package = folder.appendingPathComponent("Mutation")
            try FileManager.default.copyItem(
                at: MutateEndToEndTests.fixtures.appendingPathComponent("Mutation"), to: package)
            let temporary = folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            var environment = ProcessInfo.processInfo.environment
            environment["LITMUS_CACHE_DIR"] = folder.appendingPathComponent("cache").path
            environment["TMPDIR"] = temporary.path
            let scratchFolders = {
                try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter {
                    $0.hasPrefix("litmus-audit-")
                }
            }

            // When: a run is interrupted while its mutant spins (this run builds the fixture; the next
            // reuses the build)
            let interrupted = try await startUntilAMutantSpins(executable, package, environment, folder, "first")
            kill(interrupted.pid, SIGINT)
            let ended = await ChildProcess.termination(of: interrupted.pid)
            interrupted.reaped()

            // Then
            #expect(ended == .exited(130), "litmus mutate ended as \(ended as Any)")
            let errors = (try? String(contentsOf: folder.appendingPathComponent("first.txt"), encoding: .utf8)) ?? ""
            #expect(errors.contains("litmus mutate: interrupted"), "it printed: \(errors)")
            #expect(!errors.contains("litmus audit"), "it printed: \(errors)")
            let leftByInterrupt = await ProcessTag.running(where: interrupted.ofThisRun, settlingWithin: 60)
            #expect(leftByInterrupt.isEmpty, "left running after SIGINT: \(leftByInterrupt.map(\.command))")
            let scratchAfterInterrupt = try scratchFolders()
            #expect(scratchAfterInterrupt.isEmpty, "scratch folders left after SIGINT: \(scratchAfterInterrupt)")

            // When: another run is killed while its mutant spins
            let killed = try await startUntilAMutantSpins(executable, package, environment, folder, "second")
            let scratchBefore = try scratchFolders()
            kill(killed.pid, SIGKILL)
            await ChildProcess.reap(killed.pid)
            killed.reaped()

            // Then: the run had a scratch folder, and once the lifeline's watchdog is done (it deletes the
            // folders after its last sweep) nothing of the run is left: no process, no folder. The waits are
            // for events, bounded only to stop a test that would wait for good (issue #52: a fixed 10 s was
            // too short on a busy machine).
            #expect(!scratchBefore.isEmpty, "the killed run had no scratch folder to leave behind")
            let watchdogDone = await Self.watchdogEnded(of: killed.pid)
            #expect(watchdogDone, "the lifeline's watchdog still runs 5 minutes after litmus mutate was killed")
            let left = await ProcessTag.running(where: killed.ofThisRun, settlingWithin: 60)
            #expect(left.isEmpty, "left running after SIGKILL: \(left.map(\.command))")
            let scratch = try scratchFolders()
            let contents = scratch.flatMap { name in
                (FileManager.default.subpaths(atPath: temporary.appendingPathComponent(name).path) ?? []).map {
                    "\(name)/\($0)"
                }
            }
            #expect(scratch.isEmpty, "scratch folders left after SIGKILL: \(scratch), holding \(contents)")
        }

        /// Whether the lifeline's watchdog of the `litmus` process `pid` (`sh -c … litmus-lifeline
        /// litmus-PID-…`) has ended, polled for at most five minutes.
        private static func watchdogEnded(of pid: pid_t) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
                let watchdogs = entries.compactMap(Int32.init).filter { other in
                    let command = FileManager.default.contents(atPath: "/proc/\(other)/cmdline") ?? Data()
                    return ProcessTree.isAlive(other)
                        && String(decoding: command, as: UTF8.self).contains("litmus-lifeline\u{0}litmus-\(pid)-")
                }
                if watchdogs.isEmpty { return true }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return false
        }

        /// A `litmus mutate` started and let run until one of its test processes has run for 1.5 s (the
        /// spinning mutant: the others take milliseconds); killed with SIGKILL if the test leaves it. A run
        /// that ends first fails the test at once, saying what litmus printed.
        private final class Started {
            let pid: pid_t
            private var running = true
            /// Every process the run starts carries a tag beginning with its own process id.
            var ofThisRun: @Sendable (String) -> Bool {
                let prefix = "litmus-\(pid)-"
                return { $0.hasPrefix(prefix) }
            }

            init(pid: pid_t) { self.pid = pid }
            func reaped() { running = false }
            deinit { if running { _ = kill(pid, SIGKILL) } }
        }

        private func startUntilAMutantSpins(
            _ executable: URL, _ package: URL, _ environment: [String: String], _ folder: URL, _ name: String
        ) async throws -> Started {
            let started = Started(
                pid: try ChildProcess.spawn(
                    // A time limit of 10 minutes for each mutant's run: the spinning mutant is still spinning when
                    // the signal comes, however long the machine took to notice it (with the default 5 s, a loaded
                    // CI run saw mutate end it, finish and exit 0 before the SIGINT).
                    [executable.path, "mutate", package.path, "--no-cache", "--quiet", "--timeout-floor", "600"],
                    environment: environment,
                    directory: folder.path, standardError: .file(folder.appendingPathComponent("\(name).txt").path)))
            // The fixture's build comes first, on a busy machine: up to half an hour.
            let ofThisRun = started.ofThisRun
            let spinning = await ProcessWatch.firstRunning(
                for: 1.5, of: { ProcessTag.running(where: ofThisRun).filter { $0.command.contains(".xctest") } },
                while: started.pid)
            let errors = (try? String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)) ?? ""
            try #require(spinning != nil, "no test process of litmus mutate ran for 1.5 s; it printed: \(errors)")
            return started
        }

    }
#endif
