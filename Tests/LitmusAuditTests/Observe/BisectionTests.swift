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

@Suite("Bisection offered the culprits found for other victims")
struct BisectionHintTests {
    @Test("A hint that reproduces is where ddmin goes on: no run of all the candidates, two runs in all")
    func hintReproduces() async throws {
        let asked = Mutex<[[Int]]>([])
        let culprits = try await Bisection.culprits(among: Array(0..<64), hints: [[37]]) { subset in
            asked.withLock { $0.append(subset) }
            return subset.contains(37)
        }
        #expect(culprits == [37])
        #expect(asked.withLock { $0 } == [[37], []])
    }

    @Test("A hint that does not reproduce costs one run, and the culprit is found as without it")
    func hintFails() async throws {
        let asked = Mutex<[[Int]]>([])
        let culprits = try await Bisection.culprits(among: Array(0..<64), hints: [[5]]) { subset in
            asked.withLock { $0.append(subset) }
            return subset.contains(37)
        }
        #expect(culprits == [37])
        #expect(asked.withLock { $0.prefix(2) } == [[5], Array(0..<64)])
    }

    @Test("A victim that fails alone names no culprit, whatever hint reproduced")
    func hintButAlone() async throws {
        let culprits = try await Bisection.culprits(among: Array(0..<8), hints: [[3]]) { _ in true }
        #expect(culprits.isEmpty)
    }

    private static func test(_ index: Int) -> TestIdentity {
        TestIdentity(library: .xctest, id: TestID("M.Tests/test\(index)"))
    }

    /// Victims 10 to 29, each failing after test 3 whatever else ran before it, and test 40 failing
    /// after test 35.
    private static let requests: [BisectionRequest] =
        (10..<30).map { BisectionRequest(victim: test($0), candidates: (0..<$0).map(test), wantFailure: true) }
        + [BisectionRequest(victim: test(40), candidates: (0..<40).map(test), wantFailure: true)]

    private static func fails(_ request: BisectionRequest, after subset: [TestIdentity]) -> Bool {
        subset.contains(test(request.victim == test(40) ? 35 : 3))
    }

    @Test("A polluter that breaks twenty tests is bisected by the first round only; the others cost two runs each")
    func polluterOfMany() async throws {
        let runs = Mutex<[TestID: Int]>([:])
        var hints = BisectionHints()
        let answers = try await hints.answer(Self.requests, width: 2) { request, offered in
            let culprits = try await Bisection.culprits(among: request.candidates, hints: offered) { subset in
                runs.withLock { $0[request.victim.id, default: 0] += 1 }
                return Self.fails(request, after: subset)
            }
            return BisectionResult(culprits: culprits)
        }
        #expect(answers.map(\.culprits) == Array(repeating: [Self.test(3)], count: 20) + [[Self.test(35)]])
        let counted = runs.withLock { $0 }
        #expect((12..<30).allSatisfy { counted[Self.test($0).id] == 2 })

        let unhinted = Mutex(0)
        for request in Self.requests {
            _ = try await Bisection.culprits(among: request.candidates) { subset in
                unhinted.withLock { $0 += 1 }
                return Self.fails(request, after: subset)
            }
        }
        let (hinted, without) = (counted.values.reduce(0, +), unhinted.withLock { $0 })
        #expect(hinted * 2 < without, "\(hinted) runs with hints, \(without) without")
    }

    @Test("Hints come from earlier rounds only, for the same behaviour, and only tests that ran before the victim")
    func offered() {
        var hints = BisectionHints()
        let failing = BisectionRequest(victim: Self.test(9), candidates: (0..<9).map(Self.test), wantFailure: true)
        hints.record([Self.test(6), Self.test(2)], for: failing)
        hints.record([Self.test(4)], for: failing)
        hints.record([Self.test(4)], for: failing)
        hints.record([Self.test(5)], for: failing)

        let later = BisectionRequest(victim: Self.test(12), candidates: (0..<12).map(Self.test), wantFailure: true)
        #expect(hints.hints(for: later) == [[Self.test(4)], [Self.test(2), Self.test(6)]])
        let early = BisectionRequest(victim: Self.test(5), candidates: (0..<5).map(Self.test), wantFailure: true)
        #expect(hints.hints(for: early) == [[Self.test(4)]])
        let passing = BisectionRequest(victim: Self.test(12), candidates: (0..<12).map(Self.test), wantFailure: false)
        #expect(hints.hints(for: passing).isEmpty)
    }
}
