import Foundation
import Testing

@testable import LitmusAudit

@Suite("Child processes never outlive the audit", .tags(.endToEnd))
struct ChildProcessTests {
    private let output = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-child-\(UUID().uuidString).txt")

    @Test("A process past its time limit is killed and reported as timed out")
    func timeout() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sleep"), ["30"], in: FileManager.default.temporaryDirectory, outputFile: output,
            timeout: 0.2)
        #expect(result.timedOut)
        #expect(result.status != 0)
    }

    @Test("Releasing the audit's resources kills its running processes, as SIGINT does")
    func release() async throws {
        defer { try? FileManager.default.removeItem(at: output) }
        let output = self.output
        let resources = AuditResources()
        let running = Task {
            try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "echo started; sleep 30"],
                in: FileManager.default.temporaryDirectory,
                outputFile: output, timeout: 60, resources: resources)
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while (try? String(contentsOf: output, encoding: .utf8))?.contains("started") != true {
            guard ContinuousClock.now < deadline else {
                resources.releaseAll()
                Issue.record("the child process never printed \"started\" within 30 s")
                return
            }
            // A poll that gives its thread back: a yield-only loop can hold one of the two cooperative
            // threads while other tests hold the other, and the child's task then never starts.
            try await Task.sleep(for: .milliseconds(5))
        }
        resources.releaseAll()
        let result = try await running.value
        #expect(!result.timedOut)
        #expect(result.status != 0)
    }

    @Test("A process tracked only after the release (its start raced with SIGINT) is killed as it is tracked")
    func trackedAfterRelease() throws {
        let resources = AuditResources()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        try process.run()
        resources.releaseAll()

        resources.track(process: process.processIdentifier)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(resources.isReleased)
    }
}
