// Stubbed requests per second through URLSession: Litmus against a bare URLProtocol returning a fixed
// response (the floor any URLProtocol stub pays), and a HAR of the same 20 requests replayed, alternated
// in batches within one run and reported as ratios; then requests per second through the loopback stub
// server.
//
//   swift run -c release HTTPStubsBenchmark [requests per side, default 20000]

import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs
import LitmusSupport

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

let batch = 200
let requestsPerSide = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
guard requestsPerSide >= batch else {
    FileHandle.standardError.write(
        Data(
            "HTTPStubsBenchmark: the request count (\(requestsPerSide)) must be at least \(batch); default 20000\n".utf8
        ))
    exit(64)
}
let clock = ContinuousClock()
let url = URL(string: "https://api.example.com/albums?q=phish")!

/// Runs `count` sequential `data(from:)` calls on `session` and returns how long they took.
func timeRequests(_ session: URLSession, url: URL, count: Int) async throws -> Duration {
    try await clock.measure {
        for _ in 0..<count {
            let (data, _) = try await session.data(from: url)
            precondition(!data.isEmpty, "empty body: the benchmark is not measuring what it claims")
        }
    }
}

/// Requests per second for `count` sequential `data(from:)` calls on `session`.
func requestsPerSecond(_ session: URLSession, url: URL, count: Int) async throws -> Double {
    Double(count) / (try await timeRequests(session, url: url, count: count)).inSeconds
}

/// Requests per second for `count` calls spread over `concurrency` tasks.
func concurrentRequestsPerSecond(_ session: URLSession, url: URL, count: Int, concurrency: Int) async throws -> Double {
    let elapsed = try await clock.measure {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    for _ in 0..<(count / concurrency) {  // count is a multiple of concurrency
                        _ = try await session.data(from: url)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
    return Double(count) / elapsed.inSeconds
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

// The same 20 requests as a HAR, replayed with the standard matching (method, host, path, query, body)
// and the standard redaction.
func entry(_ method: String, _ url: String, status: Int, body: String) -> HAR.Entry {
    HAR.Entry(
        startedDateTime: "2026-11-23T00:00:00.000Z", time: 1,
        request: HAR.Request(method: method, url: url),
        response: HAR.Response(
            status: status, headers: [HAR.Header(name: "Content-Type", value: "application/json")],
            content: HAR.Content(size: body.utf8.count, mimeType: "application/json", text: body)),
        timings: HAR.Timings(wait: 1))
}
// The matched entry comes last: a replay tries earlier entries first, so, as in the hand-written
// registry (where later stubs are tried first), the 19 others are tried before it.
let replayStubs = HTTPStubs()
try replayStubs.replay(
    HAR(
        entries: (1...19).map { entry("POST", "https://api.example.com/other/\($0)", status: 204, body: "") } + [
            entry(
                "GET", url.absoluteString, status: 200,
                body: String(decoding: FixedResponseProtocol.body, as: UTF8.self))
        ]))
let replayed = replayStubs.session()

// Batches alternate between the three sessions so that whatever else the machine does weighs on all three alike.
print(
    "HTTPStubsBenchmark: \(requestsPerSide) sequential data(from:) calls per side (3 sides), alternating in batches of \(batch)"
)
_ = try await timeRequests(bare, url: url, count: batch)
_ = try await timeRequests(litmus, url: url, count: batch)
_ = try await timeRequests(replayed, url: url, count: batch)
var bareTime = Duration.zero
var litmusTime = Duration.zero
var replayTime = Duration.zero
for _ in 0..<(requestsPerSide / batch) {
    bareTime += try await timeRequests(bare, url: url, count: batch)
    litmusTime += try await timeRequests(litmus, url: url, count: batch)
    replayTime += try await timeRequests(replayed, url: url, count: batch)
}
let measured = Double(requestsPerSide / batch * batch)
print(String(format: "bare URLProtocol, fixed response:  %8.0f requests/s", measured / bareTime.inSeconds))
print(String(format: "Litmus HTTPStubs, 20 stubs:        %8.0f requests/s", measured / litmusTime.inSeconds))
print(String(format: "HAR replay, 20 entries:            %8.0f requests/s", measured / replayTime.inSeconds))
print(
    String(
        format: "ratio Litmus time / bare time:     %8.2fx (goal: within 1.20x)",
        litmusTime.inSeconds / bareTime.inSeconds))
print(
    String(
        format: "ratio replay time / hand-written:  %8.2fx",
        replayTime.inSeconds / litmusTime.inSeconds))

// Matching a JSON body by containment, and a stub in a scenario, each against a plain stub of the same
// POST among 19 others: the same request, batches alternating.
var login = URLRequest(url: URL(string: "https://api.example.com/login")!)
login.httpMethod = "POST"
login.httpBody = Data(#"{"user": {"name": "ann", "id": 7, "roles": ["admin", "dev"]}, "remember": true}"#.utf8)

/// A session from a registry of 19 other stubs and the matched `matcher`, in `scenario` if given.
func postRegistry(_ matcher: RequestMatcher, scenario: Bool = false) -> (HTTPStubs, URLSession) {
    let registry = HTTPStubs()
    for index in 1...19 {
        registry.stub(.method("POST") && .path("/other/\(index)"), .status(204))
    }
    let step = scenario ? registry.scenario("session", states: ["loggedIn", "loggedOut"]).when("loggedIn") : nil
    registry.stub(matcher, scenario: step, .data(FixedResponseProtocol.body))
    return (registry, registry.session())
}

func timeRequests(_ session: URLSession, request: URLRequest, count: Int) async throws -> Duration {
    try await clock.measure {
        for _ in 0..<count {
            let (data, _) = try await session.data(for: request)
            precondition(!data.isEmpty, "empty body: the benchmark is not measuring what it claims")
        }
    }
}

let loginMatcher: RequestMatcher = .method("POST") && .host("api.example.com") && .path("/login")
let (plainStubs, plainPost) = postRegistry(loginMatcher)
let (subsetStubs, subsetPost) = postRegistry(
    loginMatcher && .jsonBody(containing: #"{"user": {"name": "ann", "roles": ["dev"]}}"#, arrays: .subset))
let (scenarioStubs, scenarioPost) = postRegistry(loginMatcher, scenario: true)
var (plainTime, subsetTime, scenarioTime) = (Duration.zero, Duration.zero, Duration.zero)
for _ in 0..<(requestsPerSide / batch) {
    plainTime += try await timeRequests(plainPost, request: login, count: batch)
    subsetTime += try await timeRequests(subsetPost, request: login, count: batch)
    scenarioTime += try await timeRequests(scenarioPost, request: login, count: batch)
}
precondition(
    [plainStubs, subsetStubs, scenarioStubs].allSatisfy(\.unmatchedRequests.isEmpty),
    "a POST went unmatched: the benchmark is not measuring what it claims")
print(
    String(
        format: "ratio JSON-subset / plain stub:    %8.2fx (goal: within 1.30x)",
        subsetTime.inSeconds / plainTime.inSeconds))
print(
    String(
        format: "ratio scenario / plain stub:       %8.2fx (goal: within 1.30x)",
        scenarioTime.inSeconds / plainTime.inSeconds))

// The loopback server, through a plain URLSession (real HTTP over 127.0.0.1).
let serverStubs = HTTPStubs()
serverStubs.stub(.path("/albums"), .data(FixedResponseProtocol.body, headers: ["Content-Type": "application/json"]))
let serverCount = max(requestsPerSide / 10, 100) / 8 * 8  // the same count for 1 and for 8 in flight
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
