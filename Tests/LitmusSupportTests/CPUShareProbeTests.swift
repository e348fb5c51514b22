import Foundation
import Synchronization
import Testing

@testable import LitmusSupport

@Suite("How much slower than a free core the machine runs a thread")
struct CPUShareProbeTests {
    private func sample(_ at: Double, _ slowdown: Double = 1) -> CPUShareProbe.Sample {
        CPUShareProbe.Sample(at: at, slowdown: slowdown, load: nil)
    }

    @Test("A span's samples are those that ended in it or just after; else the nearest within reach")
    func during() {
        // Given
        let samples = [sample(1, 1), sample(2, 3), sample(3, 5), sample(10, 7)]

        // Then
        #expect(samples.during(1.5...2.2).map(\.slowdown) == [3])
        #expect(samples.during(2.6...2.7).map(\.slowdown) == [5])
        #expect(samples.during(6...6.1).isEmpty)
        #expect([CPUShareProbe.Sample]().during(0...1).isEmpty)
    }

    @Test("Beside more busy threads than cores, a thread runs slower than on a free core", .tags(.endToEnd))
    func busyMachine() async throws {
        // Given: four busy threads per core, kept running until the probe has two samples
        let stop = Mutex(false)
        let busy = ProcessInfo.processInfo.activeProcessorCount * 4
        for _ in 0..<busy {
            Thread {
                var value = 1
                while !stop.withLock({ $0 }) { value = value &* 31 &+ 7 }
                _ = value
            }.start()
        }
        defer { stop.withLock { $0 = true } }
        let sut = CPUShareProbe(clock: { Date().timeIntervalSince1970 }, interval: .milliseconds(50))

        // When
        sut.start()
        while sut.samples.count < 2 { try await Task.sleep(for: .milliseconds(50)) }
        let samples = sut.stop()

        // Then: every sample measured at least the one-to-one of a free core, and the busy threads showed
        #expect(samples.allSatisfy { $0.slowdown >= 1 })
        #expect(samples.map(\.slowdown).median > 1.5, "samples: \(samples)")
    }
}
