import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite(
    "A test timed again alone is judged on its own processor time, which the observer in its process measures",
    .tags(.endToEnd))
struct ProcessorTimeEndToEndTests {
    @Test(
        "A test that sleeps 300 ms spends little processor time; its process, which starts the runtime, spends more; no counters are compared"
    )
    func sleepingTestComputesLittle() async throws {
        // Given: Planted's kept build (its audit builds it, with the footprint observer), and its test that sleeps
        _ = try await FixtureAudits.shared.audit("Planted")
        let kept = try await FixtureAudits.kept("Planted")
        defer { kept.release() }
        let executable = try #require(
            FileManager.default.enumerator(at: kept.buildFolder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "PlantedPackageTests.xctest" })
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-cpu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let binary = TestBinary(
            executable: executable, workingDirectory: kept.buildFolder, scratch: scratch, timeout: 120)
        let test = TestIdentity(
            library: .xctest, id: "PlantedTests.SlowTests/testTotal_afterWaiting_isTheSum",
            file: "Tests/PlantedTests/SlowTests.swift", line: 8)

        // When: it runs alone as a retime runs it, with the observer noting processor times alone
        let run = try await binary.run([test], all: [test], profile: "processor", observer: .processorTime)

        // Then: it took its 300 ms, of which it computed a sliver; the process computed more (the runtime's
        // start), which the observer's figure leaves out; the log holds processor times and no counters
        let duration = try #require(run.results[test.id]).duration * 1000
        let own = try #require(RunStage.processor(of: test.id, in: run, startup: 0))
        let log = try String(contentsOf: try #require(run.footprints[.xctest]), encoding: .utf8)
        #expect(duration >= 300)
        #expect(own < duration / 3, "\(own) ms of processor time in \(duration) ms")
        #expect(own < (run.processorSeconds ?? 0) * 1000)
        #expect(FootprintLog.processorMilliseconds(in: log).keys.sorted() == [test.id.rawValue])
        #expect(!log.contains("N\t\t"), "\(log.prefix(200))")
    }
}
