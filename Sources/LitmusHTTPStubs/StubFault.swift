import Foundation
import LitmusSupport
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A way a response goes wrong on the wire, as the client sees it through URLSession.
public enum StubFault: Sendable, Equatable {
    /// The head and the first `afterBytes` bytes of the body arrive, then the connection drops: the
    /// client fails with `URLError(.networkConnectionLost)`.
    case truncated(afterBytes: Int)
    /// The bytes received are not HTTP: the client fails with `URLError(.cannotParseResponse)`.
    case malformed
    /// A head announcing `Transfer-Encoding: chunked`, then a chunk whose size is not a number: the
    /// client fails with `URLError(.cannotParseResponse)` through URLSession.
    case malformedChunks
}

/// Latency drawn from a distribution, reproducible from its seed: each request answered with a
/// response ``StubResponse/latency(_:)`` draws the next value.
///
/// ```swift
/// let latency = LatencyDistribution.uniform(.milliseconds(5)...(.milliseconds(50)), seed: 42)
/// stubs.stub(.path("/albums"), .string("[]").latency(latency))
/// ```
public final class LatencyDistribution: Sendable, Equatable, CustomStringConvertible {
    /// What the distribution is, in words: `uniform 5 ms...50 ms, seed 42`.
    public let description: String
    private let generator: Mutex<SeededGenerator>
    private let draw: @Sendable (inout SeededGenerator) -> Duration

    private init(
        description: String, seed: UInt64, draw: @escaping @Sendable (inout SeededGenerator) -> Duration
    ) {
        self.description = description
        self.generator = Mutex(SeededGenerator(seed: seed))
        self.draw = draw
    }

    /// Always `duration`.
    public static func fixed(_ duration: Duration) -> LatencyDistribution {
        LatencyDistribution(description: "fixed \(duration)", seed: 0) { _ in duration }
    }

    /// Uniform over `range`; the same `seed` gives the same sequence.
    public static func uniform(_ range: ClosedRange<Duration>, seed: UInt64) -> LatencyDistribution {
        let low = range.lowerBound.seconds
        let width = range.upperBound.seconds - low
        return LatencyDistribution(description: "uniform \(range), seed \(seed)", seed: seed) { generator in
            .seconds(low + width * generator.nextUnit())
        }
    }

    /// Normal around `mean` with `deviation`, never below zero; the same `seed` gives the same sequence.
    public static func normal(mean: Duration, deviation: Duration, seed: UInt64) -> LatencyDistribution {
        let (mu, sigma) = (mean.seconds, deviation.seconds)
        return LatencyDistribution(description: "normal \(mean) ± \(deviation), seed \(seed)", seed: seed) {
            generator in
            // Box-Muller: two uniform draws make one standard normal draw.
            let first = max(generator.nextUnit(), .leastNonzeroMagnitude)
            let second = generator.nextUnit()
            let standard = (-2 * log(first)).squareRoot() * cos(2 * .pi * second)
            return .seconds(max(0, mu + sigma * standard))
        }
    }

    /// The next latency.
    public func next() -> Duration {
        generator.withLock { draw(&$0) }
    }

    /// The same distribution object.
    public static func == (lhs: LatencyDistribution, rhs: LatencyDistribution) -> Bool {
        lhs === rhs
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}

extension StubResponse {
    /// Fails like a connection the server reset: `URLError(.networkConnectionLost)`.
    public static var connectionReset: StubResponse { .networkError(.networkConnectionLost) }

    /// Fails with `URLError(.timedOut)` after `duration`, as a request whose server never answers.
    public static func timeout(after duration: Duration) -> StubResponse {
        StubResponse.networkError(.timedOut).delayed(request: duration)
    }

    /// Bytes that are not HTTP: the client fails with `URLError(.cannotParseResponse)`.
    public static var malformed: StubResponse {
        var response = StubResponse(status: 0)
        response.fault = .malformed
        return response
    }

    /// A response whose chunked body is broken (a chunk size that is not a number): through URLSession
    /// the client fails with `URLError(.cannotParseResponse)`; the loopback server sends those bytes.
    public static var malformedChunks: StubResponse {
        var response = StubResponse(status: 200)
        response.fault = .malformedChunks
        return response
    }

    /// This response cut off after `bytes` bytes of its body: the head (with the full
    /// `Content-Length`) and those bytes arrive, then `URLError(.networkConnectionLost)`.
    public func truncated(after bytes: Int) -> StubResponse {
        var response = self
        response.fault = .truncated(afterBytes: max(0, bytes))
        return response
    }

    /// This response after a latency drawn from `distribution` for each request, before it starts
    /// (added to any ``delayed(request:response:pieces:)``).
    public func latency(_ distribution: LatencyDistribution) -> StubResponse {
        var response = self
        response.latency = distribution
        return response
    }

    /// This response with its latency drawn: what one request gets.
    func drawingLatency() -> StubResponse {
        guard let latency else { return self }
        var response = self
        response.requestDelay += latency.next()
        response.latency = nil
        return response
    }

    /// The error the client fails with instead of a response, if any.
    package var failureCode: URLError.Code? {
        networkError ?? (fault == .malformed || fault == .malformedChunks ? .cannotParseResponse : nil)
    }
}
