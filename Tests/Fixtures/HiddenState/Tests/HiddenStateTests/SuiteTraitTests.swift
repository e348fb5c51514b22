import Greeter
import Testing

/// A suite trait whose scope the suite runs once, around all its tests: the observer names that stretch by the
/// suite, no test of the run, so what it writes is code outside the tests.
struct FormalStyle: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        houseStyle = "formal"  // Left set after the suite: the planted leak.
        try await function()
    }
}

@Suite(FormalStyle()) struct FormalSuite {
    @Test func greetsFormally() { #expect(houseStyle == "formal") }
}

/// Planted: passes only once the suite above has set the house style. It waits for it a little, so that the parallel
/// runs, where the suites run at once, pass too: only its alone run shows it.
@Suite struct StyleReaderSuite {
    @Test func expectsTheFormalStyle() async throws {
        for _ in 0..<100 where houseStyle != "formal" { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(houseStyle == "formal")
    }
}
