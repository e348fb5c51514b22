// Stubbed requests per second through URLSession: Litmus against a bare URLProtocol returning a fixed
// response (the floor any URLProtocol stub pays), alternated in rounds within one run and reported as a
// ratio; then requests per second through the loopback stub server.
//
//   swift run -c release HTTPStubsBenchmark [requests per round, default 2000]

import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The baseline: answers every request with the same response, and nothing else.
final class FixedResponseProtocol: URLProtocol {
    static let body = Data(#"[{"title":"Big Boat"}]"#.utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

let requestsPerRound = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
let rounds = 5
let clock = ContinuousClock()
let url = URL(string: "https://api.example.com/albums?q=phish")!

/// Requests per second for `count` sequential `data(from:)` calls on `session`.
func requestsPerSecond(_ session: URLSession, url: URL, count: Int) async throws -> Double {
    let elapsed = try await clock.measure {
        for _ in 0..<count {
            let (data, _) = try await session.data(from: url)
            precondition(!data.isEmpty, "empty body: the benchmark is not measuring what it claims")
        }
    }
    return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
}

/// Requests per second for `count` calls spread over `concurrency` tasks.
func concurrentRequestsPerSecond(_ session: URLSession, url: URL, count: Int, concurrency: Int) async throws -> Double {
    let elapsed = try await clock.measure {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    for _ in 0..<(count / concurrency) {
                        _ = try await session.data(from: url)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
    return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
}

func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

let bareConfiguration = URLSessionConfiguration.ephemeral
bareConfiguration.protocolClasses = [FixedResponseProtocol.self]
// The same cache settings Litmus's configurations use, so only the protocol differs.
bareConfiguration.urlCache = nil
bareConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
let bare = URLSession(configuration: bareConfiguration)

// A realistic registry: the matched stub among 19 others, all with composed matchers.
let stubs = HTTPStubs()
stubs.stub(
    .method("GET") && .host("api.example.com") && .path("/albums") && .query(["q": "phish"]),
    .data(FixedResponseProtocol.body, headers: ["Content-Type": "application/json"]))
for index in 1...19 {
    stubs.stub(.method("POST") && .path("/other/\(index)"), .status(204))
}
let litmus = stubs.session()

print("HTTPStubsBenchmark: \(rounds) alternating rounds of \(requestsPerRound) sequential data(from:) calls")
_ = try await requestsPerSecond(bare, url: url, count: 200)
_ = try await requestsPerSecond(litmus, url: url, count: 200)
var bareRates: [Double] = []
var litmusRates: [Double] = []
for _ in 0..<rounds {
    bareRates.append(try await requestsPerSecond(bare, url: url, count: requestsPerRound))
    litmusRates.append(try await requestsPerSecond(litmus, url: url, count: requestsPerRound))
}
let ratio = median(bareRates) / median(litmusRates)
print(String(format: "bare URLProtocol, fixed response:  %8.0f requests/s (median)", median(bareRates)))
print(String(format: "Litmus HTTPStubs, 20 stubs:        %8.0f requests/s (median)", median(litmusRates)))
print(String(format: "ratio bare / Litmus:               %8.2fx (goal: within 1.20x)", ratio))

// The loopback server, through a plain URLSession (real HTTP over 127.0.0.1).
let serverStubs = HTTPStubs()
serverStubs.stub(.path("/albums"), .data(FixedResponseProtocol.body, headers: ["Content-Type": "application/json"]))
let serverCount = max(requestsPerRound / 4, 100)
try await HTTPStubServer.serving(serverStubs) { server in
    let network = URLSession(configuration: .ephemeral)
    let serverURL = server.url("/albums")
    _ = try await requestsPerSecond(network, url: serverURL, count: 50)
    let sequential = try await requestsPerSecond(network, url: serverURL, count: serverCount)
    let concurrent = try await concurrentRequestsPerSecond(network, url: serverURL, count: serverCount, concurrency: 8)
    print(String(format: "loopback server, sequential:       %8.0f requests/s (%d requests)", sequential, serverCount))
    print(String(format: "loopback server, 8 concurrent:     %8.0f requests/s (%d requests)", concurrent, serverCount))
    network.invalidateAndCancel()
}
