import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Whether the footprint observer runs in a test process here: it is compiled on Linux only.
#if os(Linux)
    private let footprintObserverRuns = true
#else
    private let footprintObserverRuns = false
#endif

@Suite(
    "A test timed again alone is judged on its own processor time, which the observer in its process measures",
    .tags(.endToEnd), .enabled(if: footprintObserverRuns, "the footprint observer runs on Linux only")
)
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

        // When: it runs alone as a retime runs it, and again with the observer's log kept
        let (run, processor) = try await RunStage.timeAlone(test, all: [test], binary: binary, again: 1)
        let watched = try await binary.run([test], all: [test], profile: "processor", observer: .processorTime)

        // Then: it took its 300 ms, of which it computed a sliver; the process computed more (the runtime's
        // start), which the observer's figure leaves out; the log holds processor times and no counters, and the
        // retime leaves no log behind
        let duration = try #require(run.results[test.id]).duration * 1000
        let own = try #require(processor)
        let log = try String(
            contentsOf: try #require(watched.footprints.first { $0.library == .xctest }?.file), encoding: .utf8)
        #expect(duration >= 300)
        #expect(own < duration / 3, "\(own) ms of processor time in \(duration) ms")
        #expect(own < (run.processorSeconds ?? 0) * 1000)
        #expect(FootprintLog.processorMilliseconds(in: log).keys.sorted() == [test.id.rawValue])
        #expect(!log.contains("N\t\t"), "\(log.prefix(200))")
        #expect(!run.footprints.isEmpty)
        #expect(run.footprints.allSatisfy { !FileManager.default.fileExists(atPath: $0.file.path) })
    }
}
