import Synchronization
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

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
        #expect(runs.withLock { $0 } <= 14)
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

    @Test("Candidates known to reproduce are not run all together first: one run fewer, the same culprit")
    func knownToReproduce() async throws {
        for known in [false, true] {
            let asked = Mutex<[[Int]]>([])
            let culprits = try await Bisection.culprits(among: Array(0..<16), knownToReproduce: known) { subset in
                asked.withLock { $0.append(subset) }
                return subset.contains(11)
            }
            #expect(culprits == [11])
            #expect(asked.withLock { $0.first == Array(0..<16) } == !known)
            #expect(asked.withLock { $0.filter { $0 == Array(0..<16) }.count } == (known ? 0 : 1))
        }
    }

    @Test("A victim that behaves the same with no test before it has no culprit, whatever ddmin narrowed to")
    func victimAloneReproduces() async throws {
        let asked = Mutex<[[Int]]>([])
        let culprits = try await Bisection.culprits(among: Array(0..<8)) { subset in
            asked.withLock { $0.append(subset) }
            return true
        }
        #expect(culprits.isEmpty)
        #expect(asked.withLock { $0.last } == [])
    }

    @Test("Two tests that pollute only together are both named")
    func pair() async throws {
        let culprits = try await Bisection.culprits(among: Array(0..<8)) { $0.contains(1) && $0.contains(6) }
        #expect(culprits.contains(1) && culprits.contains(6))
        #expect(culprits == [1, 6])
    }
}
