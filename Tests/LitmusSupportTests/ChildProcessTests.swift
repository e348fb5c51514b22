import Foundation
import LitmusSupport
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
            environment: ["LITMUS_PROBE": "1"], unsetting: ["PATH"], outputFile: output, timeout: 10)
        // Then
        let variables = result.output.split(separator: "\n")
        #expect(variables.contains("LITMUS_PROBE=1"))
        #expect(!variables.contains { $0.hasPrefix("PATH=") })
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

    @Test("Releasing the registry kills its running processes, as SIGINT does")
    func release() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        let output = self.output
        let registry = ChildProcessRegistry()
        let running = Task {
            try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "echo started; sleep 30"],
                in: FileManager.default.temporaryDirectory,
                outputFile: output, timeout: 60, registry: registry)
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while (try? String(contentsOf: output, encoding: .utf8))?.contains("started") != true {
            guard ContinuousClock.now < deadline else {
                registry.releaseAll()
                Issue.record("the child process never printed \"started\" within 30 s")
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
