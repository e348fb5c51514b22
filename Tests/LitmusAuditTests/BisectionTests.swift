import Synchronization
import Testing

@testable import LitmusAudit

@Suite("Finding a polluter by bisection")
struct BisectionTests {
    @Test("One polluter among many is found in a logarithmic number of runs")
    func onePolluter() async throws {
        let runs = Mutex(0)
        let culprits = try await Bisection.culprits(among: Array(0..<64)) { subset in
            runs.withLock { $0 += 1 }
            return subset.contains(37)
        }
        #expect(culprits == [37])
        #expect(runs.withLock { $0 } <= 13)
    }

    @Test("The first test as polluter is found")
    func firstPolluter() async throws {
        let culprits = try await Bisection.culprits(among: ["a", "b", "c"]) { $0.contains("a") }
        #expect(culprits == ["a"])
    }

    @Test("When the candidates do not reproduce at all, none is named")
    func noReproduction() async throws {
        let culprits = try await Bisection.culprits(among: [1, 2, 3]) { _ in false }
        #expect(culprits.isEmpty)
    }

    @Test("Two tests that pollute only together are both named")
    func pair() async throws {
        let culprits = try await Bisection.culprits(among: Array(0..<8)) { $0.contains(1) && $0.contains(6) }
        #expect(culprits.contains(1) && culprits.contains(6))
        #expect(culprits == [1, 6])
    }
}
