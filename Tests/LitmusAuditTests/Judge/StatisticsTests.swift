import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Statistics over runs, and seeded choices")
struct StatisticsTests {
    @Test("A test that alternates flips on every run")
    func alternating() { #expect(Statistics.flipRate([.passed, .failed, .passed]) == 1) }

    @Test("A test that always fails never flips")
    func stable() { #expect(Statistics.flipRate([.failed, .failed, .failed]) == 0) }

    @Test("One change over five runs is a flip rate of 0.25; runs where it did not run are left out")
    func oneChange() {
        // litmus:ignore floatEquality one flip in four pairs: 1 / 4 is 0.25 exactly in binary
        #expect(Statistics.flipRate([.passed, .passed, .notRun, .passed, .failed, .failed]) == 0.25)
    }

    @Test("A seed always chooses the same random halves: these for seed 42, so --replay 42 repeats them")
    func replay() {
        let tests = Array(0..<20)
        #expect(
            RandomHalves.choose(from: tests, count: 2, seed: 42) == [
                [14, 4, 7, 8, 1, 18, 9, 17, 12, 15], [13, 19, 3, 0, 2, 6, 9, 16, 17, 1],
            ])
    }

    @Test("Another seed chooses other halves, each half of the suite")
    func otherSeed() {
        let tests = Array(0..<20)
        let halves = RandomHalves.choose(from: tests, count: 2, seed: 42)
        #expect(halves != RandomHalves.choose(from: tests, count: 2, seed: 43))
        #expect(halves.map(\.count) == [10, 10])
    }
}
