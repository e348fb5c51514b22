import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Faults through URLSession")
struct FaultTests {
    let stubs = HTTPStubs()
    let url = URL("https://api.example.com/albums")

    @Test("A truncated body fails with URLError(.networkConnectionLost)")
    func truncated() async {
        stubs.stub(.path("/albums"), .string("[\"Farmhouse\", \"Hoist\"]").truncated(after: 5))
        let error = await urlError { _ = try await stubs.session().data(from: url) }
        #expect(error?.code == .networkConnectionLost)
    }

    @Test("A malformed response fails with URLError(.cannotParseResponse)")
    func malformed() async {
        stubs.stub(.path("/albums"), .malformed)
        let error = await urlError { _ = try await stubs.session().data(from: url) }
        #expect(error?.code == .cannotParseResponse)
    }

    @Test("Malformed chunks fail with URLError(.cannotParseResponse)")
    func malformedChunks() async {
        stubs.stub(.path("/albums"), .malformedChunks)
        let error = await urlError { _ = try await stubs.session().data(from: url) }
        #expect(error?.code == .cannotParseResponse)
    }

    @Test("A connection reset fails with URLError(.networkConnectionLost)")
    func connectionReset() async {
        stubs.stub(.path("/albums"), .connectionReset)
        let error = await urlError { _ = try await stubs.session().data(from: url) }
        #expect(error?.code == .networkConnectionLost)
    }

    @Test("A timeout fails with URLError(.timedOut) after its delay")
    func timeout() async {
        stubs.stub(.path("/albums"), .timeout(after: .milliseconds(20)))
        let clock = ContinuousClock()
        let start = clock.now
        let error = await urlError { _ = try await stubs.session().data(from: url) }
        #expect(error?.code == .timedOut)
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("A slow body arrives after its delay, whole")
    func slowBody() async throws {
        stubs.stub(.path("/albums"), .string("[]").delayed(response: .milliseconds(20)))
        let clock = ContinuousClock()
        let start = clock.now
        let (body, _) = try await stubs.session().data(from: url)
        #expect(text(body) == "[]")
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("Latency from a distribution delays each answer, reproducibly from its seed")
    func latency() async throws {
        let first = LatencyDistribution.uniform(.milliseconds(5)...(.milliseconds(15)), seed: 7)
        let second = LatencyDistribution.uniform(.milliseconds(5)...(.milliseconds(15)), seed: 7)
        let draws = (0..<20).map { _ in first.next() }
        #expect(draws == (0..<20).map { _ in second.next() })
        #expect(draws.allSatisfy { (.milliseconds(5)...(.milliseconds(15))).contains($0) })
        #expect(Set(draws).count > 1)
        let normal = LatencyDistribution.normal(mean: .milliseconds(10), deviation: .milliseconds(3), seed: 1)
        #expect((0..<50).map { _ in normal.next() }.allSatisfy { $0 >= .zero })

        stubs.stub(.path("/albums"), .string("[]").latency(.fixed(.milliseconds(20))))
        let clock = ContinuousClock()
        let start = clock.now
        let (body, _) = try await stubs.session().data(from: url)
        #expect(text(body) == "[]")
        #expect(clock.now - start >= .milliseconds(20))
    }
}
