import Foundation
import LitmusSupport
import Testing

/// `litmus mutate` killed with SIGKILL, which it cannot catch, while a mutant's test process spins (the
/// Mutation fixture's Timeout mutant, `i -= 1` → `i += 1`, loops until its time limit): the lifeline's
/// watchdog ends every process the run started (issue "Under faults": 2 of 2 such processes kept
/// spinning at 40% CPU for good before).
#if os(Linux)  // the processes are found by their tag in /proc
    @Suite("litmus mutate killed with SIGKILL", .tags(.endToEnd))
    struct MutateKilledEndToEndTests {
        @Test("SIGKILL of litmus mutate while a mutant's test process spins leaves no process of the run running")
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
            var environment = ProcessInfo.processInfo.environment
            environment["LITMUS_CACHE_DIR"] = folder.appendingPathComponent("cache").path
            let litmus = try ChildProcess.spawn(
                [executable.path, "mutate", package.path, "--no-cache", "--quiet"], environment: environment,
                directory: folder.path, standardError: .file(folder.appendingPathComponent("stderr.txt").path))
            var reaped = false
            defer { if !reaped { _ = kill(litmus, SIGKILL) } }
            // Every process the run starts carries a tag beginning with its own process id.
            let ofThisRun = { (tag: String) in tag.hasPrefix("litmus-\(litmus)-") }

            // When: a test process of the run has run for 1.5 s (the spinning mutant: the others take
            // milliseconds), litmus is killed.
            var firstSeen: [Int32: ContinuousClock.Instant] = [:]
            var spinning: LeftoverProcess?
            let deadline = ContinuousClock.now + .seconds(600)
            while spinning == nil && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
                let testProcesses = ProcessTag.running(where: ofThisRun).filter { $0.command.contains(".xctest") }
                for process in testProcesses where firstSeen[process.pid] == nil { firstSeen[process.pid] = .now }
                spinning = testProcesses.first {
                    ContinuousClock.now - firstSeen[$0.pid, default: .now] > .seconds(1.5)
                }
                if kill(litmus, 0) != 0 { break }
            }
            let errors = (try? String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? ""
            try #require(spinning != nil, "no test process of litmus mutate ran for 1.5 s; it printed: \(errors)")
            kill(litmus, SIGKILL)
            await ChildProcess.reap(litmus)
            reaped = true

            // Then: within ten seconds nothing of the run is left.
            let left = await ProcessTag.running(where: ofThisRun, settlingWithin: 10)
            #expect(left.isEmpty, "left running after SIGKILL: \(left.map(\.command))")
        }

    }
#endif
