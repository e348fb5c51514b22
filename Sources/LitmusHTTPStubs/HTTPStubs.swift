import Foundation
import LitmusTestReporting
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A registry of stubbed web calls that belongs to the sessions made from it, so tests running in
/// parallel never see each other's stubs.
///
/// ```swift
/// let stubs = HTTPStubs()
/// stubs.stub(.host("api.example.com") && .path("/albums"), try .fixture("albums.json", in: .module))
/// let session = stubs.session()          // hand this to the code under test
/// ```
///
/// A request no stub matches never reaches the network: it fails with `URLError(.resourceUnavailable)`
/// and is kept in ``unmatchedRequests``, which the `.httpStubs` trait, ``verifyNoUnmatchedRequests()``
/// and the XCTest helper report as an issue naming the closest stub and what differed.
public final class HTTPStubs: Sendable {
    /// Whether 3xx responses with a `Location` are followed inside Litmus (the default), so the client
    /// sees the final response; when `false` the client gets the redirect response itself.
    public let followsRedirects: Bool
    let identifier: UInt64
    let protocolClass: URLProtocol.Type
    /// The stubs, the log and the scenarios' states (HTTPStubs+Scenarios.swift reads them too).
    let state = Mutex(State())
    private let origin: SourceOrigin

    /// Makes an empty registry. Where it is made is where unmatched requests are reported.
    public init(
        followsRedirects: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.followsRedirects = followsRedirects
        self.origin = SourceOrigin(fileID: fileID, filePath: filePath, line: line, column: column)
        self.identifier = StubsDirectory.shared.nextIdentifier()
        self.protocolClass = StubURLProtocolClass.make(for: identifier)
        StubsDirectory.shared.register(self)
    }

    deinit {
        StubsDirectory.shared.remove(identifier)
    }

    // MARK: Stubbing

    /// Answers requests matching `matcher` with `responses` in turn: the first call gets the first,
    /// the second call the second, and every call after the last gets the last again.
    ///
    /// Stubs added later are tried first, so a test can override a broader stub set up earlier.
    /// With a `scenario` step the stub answers only while its scenario is in the step's state, and
    /// then moves it on; see ``HTTPStubs/scenario(_:states:fileID:filePath:line:column:)``.
    @discardableResult
    public func stub(
        _ matcher: RequestMatcher, name: String? = nil, scenario: ScenarioStep? = nil, _ responses: StubResponse...
    ) -> Stub {
        stub(matcher, name: name, scenario: scenario, responses: responses)
    }

    /// Answers requests matching `matcher` with `responses` in turn; see ``stub(_:name:scenario:_:)``.
    @discardableResult
    public func stub(
        _ matcher: RequestMatcher, name: String? = nil, scenario: ScenarioStep? = nil, responses: [StubResponse]
    ) -> Stub {
        let sequence = responses.isEmpty ? [StubResponse.status(200)] : responses
        return add(matcher, name: name, scenario: scenario, responder: .sequence(sequence))
    }

    /// Answers requests matching `matcher` with whatever `respond` returns for each.
    @discardableResult
    public func stub(
        _ matcher: RequestMatcher, name: String? = nil, scenario: ScenarioStep? = nil,
        respond: @escaping @Sendable (RecordedRequest) -> StubResponse
    ) -> Stub {
        add(matcher, name: name, scenario: scenario, responder: .closure(respond))
    }

    /// Removes `stub`; later requests no longer see it.
    public func remove(_ stub: Stub) {
        state.withLock { $0.entries.removeAll { $0.stub == stub } }
    }

    /// Lets requests matching `matcher` that no stub matches go to the real network. Nothing passes
    /// through unless it is allowed here.
    public func allowPassThrough(_ matcher: RequestMatcher) {
        state.withLock { $0.passThrough.append(matcher) }
    }

    // MARK: The request log

    /// Every request answered or refused, in order, including those a redirect led to (requests passed
    /// through to the network are not logged: they never reach Litmus).
    public var requests: [RecordedRequest] {
        state.withLock { $0.log }
    }

    /// The requests no stub matched, each with the closest stub and what differed.
    public var unmatchedRequests: [UnmatchedRequest] {
        state.withLock { $0.unmatched }
    }

    /// How many requests `stub` answered.
    public func hitCount(of stub: Stub) -> Int {
        state.withLock { $0.hits[stub.id, default: []].count }
    }

    /// The requests `stub` answered, in order.
    public func requests(hitting stub: Stub) -> [RecordedRequest] {
        state.withLock { $0.hits[stub.id, default: []] }
    }

    // MARK: Sessions

    /// A copy of `base` whose protocol classes start with this registry's URLProtocol, and which
    /// caches nothing. Build your own `URLSession` from it when you need a delegate or a queue.
    public func configuration(
        _ base: URLSessionConfiguration = .ephemeral
    ) -> URLSessionConfiguration {
        let configuration = base.copy() as! URLSessionConfiguration
        configuration.protocolClasses = [protocolClass] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// A new `URLSession` answered by this registry; see ``configuration(_:)``.
    public func session(
        configuration base: URLSessionConfiguration = .ephemeral,
        delegate: (any URLSessionDelegate)? = nil
    ) -> URLSession {
        URLSession(configuration: configuration(base), delegate: delegate, delegateQueue: nil)
    }

    // MARK: Resolving a request (shared with the loopback server)

    /// What to do with `request`: answer it, let it pass through, or fail it as unmatched. Logs the
    /// request and, with `followRedirects`, every request a redirect leads to.
    package func resolve(_ request: RecordedRequest, followRedirects: Bool) -> Resolution {
        var current = request
        for _ in 0...Self.maximumRedirects {
            switch answer(current) {
            case .respond(let response, let url):
                guard followRedirects, let location = response.redirectLocation else {
                    return .respond(response, url: url)
                }
                current = Self.redirected(current, status: response.status, location: location)
            case let other:
                return other
            }
        }
        return .respond(.networkError(.httpTooManyRedirects), url: current.url)
    }

    /// Whether any request may pass through to the network at all.
    package var hasPassThrough: Bool {
        state.withLock { !$0.passThrough.isEmpty }
    }

    /// Whether `request` should go to the real network: it is allowed and no stub matches it.
    package func passesThrough(_ request: RecordedRequest) -> Bool {
        state.withLock { state in
            state.passThrough.contains { $0.matches(request) }
                && !state.entries.contains { $0.matcher.matches(request) }
        }
    }

    private func answer(_ request: RecordedRequest) -> Resolution {
        let decision: Decision = state.withLock { state in
            state.log.append(request)
            if let index = state.entries.lastIndex(where: { $0.matcher.matches(request) && state.allows($0) }) {
                let id = state.entries[index].stub.id
                let calls = state.hits[id, default: []].count
                state.hits[id, default: []].append(request)
                if let step = state.entries[index].scenario, let next = step.next {
                    state.scenarioStates[step.scenario.name] = next
                    state.transitions.append(
                        ScenarioTransition(
                            scenario: step.scenario.name, from: step.state, to: next, requestIndex: state.log.count - 1,
                            stub: state.entries[index].stub))
                }
                return .stubbed(state.entries[index].responder, call: calls)
            }
            if state.passThrough.contains(where: { $0.matches(request) }) {
                return .passThrough
            }
            if let recorder = state.recorder {
                return .record(recorder, ticket: recorder.reserve())
            }
            let candidates = state.entries.map { ($0.stub, state.matcherWithScenario(of: $0)) }
            let unmatched = UnmatchedRequest(request: request, candidates: candidates)
            state.unmatched.append(unmatched)
            return .unmatched(unmatched)
        }
        switch decision {
        case .stubbed(.sequence(let responses), let call):
            return .respond(responses[min(call, responses.count - 1)].drawingLatency(), url: request.url)
        case .stubbed(.closure(let respond), _):
            return .respond(respond(request).drawingLatency(), url: request.url)
        case .passThrough:
            return .passThrough
        case .record(let recording, let ticket):
            return .record(recording, ticket: ticket)
        case .unmatched(let unmatched):
            return .unmatched(unmatched)
        }
    }

    /// Adds stubs answering in turn, as ``stub(_:name:responses:)``, on behalf of the recording `file`.
    func stub(_ matcher: RequestMatcher, name: String, responses: [StubResponse], recording file: String) {
        _ = add(matcher, name: name, scenario: nil, responder: .sequence(responses), recording: file)
    }

    /// Keeps `recording` to finish when the test ends; when it records, unmatched requests go to it.
    func adopt(_ recording: HARRecording) {
        state.withLock { state in
            state.recordings.append(recording)
            if recording.isRecording { state.recorder = recording }
        }
    }

    /// The file of the recording unmatched requests go to, if one records.
    var recordingFile: URL? {
        state.withLock { $0.recorder?.file }
    }

    /// The recordings made by ``replay(_:mode:expiresAfter:matching:timing:redacting:recordingThrough:filePath:)`` and its kin.
    public var recordings: [HARRecording] {
        state.withLock { $0.recordings }
    }

    private func add(
        _ matcher: RequestMatcher, name: String?, scenario: ScenarioStep?, responder: Responder,
        recording: String? = nil
    ) -> Stub {
        let described = scenario.map { "\(matcher.description) && \($0)" } ?? matcher.description
        let (stub, problem) = state.withLock { state in
            state.nextStubID += 1
            let stub = Stub(id: state.nextStubID, name: name, matcher: described, recording: recording)
            let problem = scenario?.problem(stub: "\(stub)")
            if let scenario, state.scenarioStates[scenario.scenario.name] == nil {
                state.scenarioStates[scenario.scenario.name] = scenario.scenario.initialState
            }
            state.entries.append(
                Entry(stub: stub, matcher: matcher, responder: responder, scenario: scenario, problem: problem))
            return (stub, problem)
        }
        if let problem { TestReporter.fail(problem, at: origin) }
        return stub
    }

    var reportOrigin: SourceOrigin { origin }

    static let maximumRedirects = 10

    /// The request a redirect leads to: 303, and 301/302 after a POST, become a GET without a body.
    static func redirected(_ request: RecordedRequest, status: Int, location: String) -> RecordedRequest {
        var next = request
        next.url = URL(string: location, relativeTo: request.url)?.absoluteURL ?? request.url
        if status == 303 || ((status == 301 || status == 302) && request.method == "POST") {
            next.method = "GET"
            next.body = Data()
            next.headers = next.headers.filter { !["content-type", "content-length"].contains($0.key.lowercased()) }
        }
        return next
    }

    struct State {
        var entries: [Entry] = []
        var passThrough: [RequestMatcher] = []
        var log: [RecordedRequest] = []
        var unmatched: [UnmatchedRequest] = []
        var hits: [Int: [RecordedRequest]] = [:]
        var nextStubID = 0
        var recordings: [HARRecording] = []
        var recorder: HARRecording?
        var scenarioStates: [String: String] = [:]
        var transitions: [ScenarioTransition] = []

        /// Whether `entry`'s scenario, if any, is in the state the entry answers in.
        func allows(_ entry: Entry) -> Bool {
            guard let step = entry.scenario else { return true }
            return entry.problem == nil && scenarioStates[step.scenario.name] == step.state
        }

        /// The entry's matcher, and for a stub in a scenario the scenario's state now as one more condition.
        func matcherWithScenario(of entry: Entry) -> RequestMatcher {
            guard let step = entry.scenario else { return entry.matcher }
            let current = scenarioStates[step.scenario.name] ?? step.scenario.initialState
            let problem = entry.problem
            let condition = RequestMatcher(description: "\(step)") { _ in
                if let problem { return problem }
                return current == step.state
                    ? nil : "scenario \(step.scenario.name) is in state \(current), expected \(step.state)"
            }
            return entry.matcher && condition
        }
    }

    struct Entry {
        var stub: Stub
        var matcher: RequestMatcher
        var responder: Responder
        var scenario: ScenarioStep?
        var problem: String?
    }

    enum Responder {
        case sequence([StubResponse])
        case closure(@Sendable (RecordedRequest) -> StubResponse)
    }

    private enum Decision {
        case stubbed(Responder, call: Int)
        case passThrough
        case record(HARRecording, ticket: Int)
        case unmatched(UnmatchedRequest)
    }
}

/// What a registry decided for one request.
package enum Resolution: Sendable {
    /// Answer with `response`; `url` is the final URL after any redirects followed.
    case respond(StubResponse, url: URL)
    /// Let the request go to the real network (it is on the allow-list).
    case passThrough
    /// Send the request to the real network and keep the answer in `recording`, at the place `ticket`
    /// reserved (no stub matched, and a recording is recording).
    case record(HARRecording, ticket: Int)
    /// No stub matched: fail closed.
    case unmatched(UnmatchedRequest)
}

/// A handle on one stub, for hit counts and removal.
public struct Stub: Sendable, Hashable, CustomStringConvertible {
    let id: Int
    /// The name given when stubbing, if any.
    public let name: String?
    /// The description of the stub's matcher.
    public let matcher: String
    /// The HAR file the stub replays, for stubs made by a replay.
    let recording: String?

    init(id: Int, name: String?, matcher: String, recording: String? = nil) {
        self.id = id
        self.name = name
        self.matcher = matcher
        self.recording = recording
    }

    /// `"albums" (path is /albums)`, or the matcher alone when the stub has no name.
    public var description: String {
        name.map { "\"\($0)\" (\(matcher))" } ?? "(\(matcher))"
    }
}

/// Where a registry was made: unmatched requests are reported there.
typealias SourceOrigin = TestSourceLocation
