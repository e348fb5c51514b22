import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Why a generic class: on Linux the URLProtocol sees neither the session, nor its configuration, nor
// the headers the configuration adds (httpAdditionalHeaders), so nothing in a request says which
// registry it belongs to. Each registry therefore gets a class of its own, StubURLProtocol<Key>, whose
// Key type spells the registry's identifier in binary: a distinct class per registry, made at run time
// from a handful of generic types.

/// A type that spells a registry identifier: `Bit1<Bit0<Root>>` is binary 1·10, the identifier 2.
protocol StubURLProtocolKey: SendableMetatype {
    static var identifier: UInt64 { get }
}

/// Makes the URLProtocol class of a registry.
enum StubURLProtocolClass {
    /// The URLProtocol class answering for the registry `identifier`.
    static func make(for identifier: UInt64) -> URLProtocol.Type {
        var key: any StubURLProtocolKey.Type = KeyRoot.self
        let width = UInt64.bitWidth - identifier.leadingZeroBitCount
        for bit in (0..<width).reversed() {
            key = appending(identifier >> UInt64(bit) & 1 == 1, to: key)
        }
        return makeClass(key)
    }

    private static func appending<Prefix: StubURLProtocolKey>(
        _ bit: Bool, to _: Prefix.Type
    ) -> any StubURLProtocolKey.Type {
        bit ? KeyBit1<Prefix>.self : KeyBit0<Prefix>.self
    }

    private static func makeClass<Key: StubURLProtocolKey>(_: Key.Type) -> URLProtocol.Type {
        StubURLProtocol<Key>.self
    }
}

private enum KeyRoot: StubURLProtocolKey {
    static var identifier: UInt64 { 0 }
}

private enum KeyBit0<Prefix: StubURLProtocolKey>: StubURLProtocolKey {
    static var identifier: UInt64 { Prefix.identifier << 1 }
}

private enum KeyBit1<Prefix: StubURLProtocolKey>: StubURLProtocolKey {
    static var identifier: UInt64 { Prefix.identifier << 1 | 1 }
}

/// Answers a session's requests from the registry its `Key` names: stubbed responses, redirects
/// followed inside Litmus, delays, network errors, and fail-closed for unmatched requests.
final class StubURLProtocol<Key: StubURLProtocolKey>: URLProtocol {
    private let delivery = Mutex<Delivery>(.notStarted)

    override class func canInit(with request: URLRequest) -> Bool {
        // Refusing hands the request to the next protocol class: the real network. Only an allow-listed
        // request no stub matches goes there.
        guard let stubs = StubsDirectory.shared.stubs(for: Key.identifier), stubs.hasPassThrough else { return true }
        // Reading httpBodyStream here would consume it before startLoading: judge the stream-less request.
        return !stubs.passesThrough(RecordedRequest(request, readingBodyStream: false))
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let recorded = RecordedRequest(request)
        guard let stubs = StubsDirectory.shared.stubs(for: Key.identifier) else {
            let message =
                "The HTTPStubs this session was made from no longer exists, so \(recorded) cannot be "
                + "answered. Keep the HTTPStubs alive as long as its sessions."
            fail(URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message]))
            return
        }
        switch stubs.resolve(recorded, followRedirects: stubs.followsRedirects) {
        case .unmatched(let unmatched):
            fail(unmatched.error)
        case .passThrough:
            fail(URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: "\(recorded) passed through"]))
        case .record(let recording, let ticket):
            let loader = UncheckedSendable(self)
            let task = Task<Void, any Error> {
                do {
                    let answer = try await RecordingClient.recordFollowingRedirects(
                        recorded, into: recording, ticket: ticket, stubs: stubs)
                    loader.value.deliver(answer.response, url: answer.url)
                } catch {
                    loader.value.fail(error as? URLError ?? URLError(.cannotConnectToHost))
                }
            }
            delivery.withLock { if case .notStarted = $0 { $0 = .waiting(task) } }
        case .respond(let response, let url) where response.requestDelay == .zero && response.responseDelay == .zero:
            deliver(response, url: url)
        case .respond(let response, let url):
            // The protocol's state is behind a Mutex and its client may be called from any thread.
            let loader = UncheckedSendable(self)
            let task = Task {
                try await Task.sleep(for: response.requestDelay)
                guard response.failureCode == nil else {
                    loader.value.deliver(response, url: url)
                    return
                }
                loader.value.sendHead(response, url: url)
                try await Task.sleep(for: response.responseDelay)
                loader.value.sendBody(response)
            }
            delivery.withLock { if case .notStarted = $0 { $0 = .waiting(task) } }
        }
    }

    override func stopLoading() {
        let previous = delivery.withLock { delivery in
            defer { delivery = .stopped }
            return delivery
        }
        if case .waiting(let task) = previous { task.cancel() }
    }

    private func deliver(_ response: StubResponse, url: URL) {
        if let code = response.failureCode {
            fail(
                URLError(
                    code,
                    userInfo: [NSURLErrorFailingURLErrorKey: url]))
            return
        }
        sendHead(response, url: url)
        sendBody(response)
    }

    private func sendHead(_ response: StubResponse, url: URL) {
        guard isLive else { return }
        // The stub's headers exactly: no Content-Length is made up (each header costs URLSession work),
        // except for a truncated body, whose head promises the whole.
        var headers = response.headers
        if case .truncated = response.fault { headers["Content-Length"] = "\(response.body.count)" }
        let head = HTTPURLResponse(
            url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: head, cacheStoragePolicy: .notAllowed)
    }

    private func sendBody(_ response: StubResponse) {
        guard isLive else { return }
        if case .truncated(let count) = response.fault {
            let part = response.body.prefix(count)
            if !part.isEmpty { client?.urlProtocol(self, didLoad: Data(part)) }
            fail(URLError(.networkConnectionLost))
            return
        }
        // One call with the whole body: on Linux each didLoad replaces the data delivered before it.
        if !response.body.isEmpty {
            client?.urlProtocol(self, didLoad: response.body)
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    private func fail(_ error: URLError) {
        guard isLive else { return }
        client?.urlProtocol(self, didFailWithError: error)
    }

    private var isLive: Bool {
        delivery.withLock { if case .stopped = $0 { false } else { true } }
    }

    private enum Delivery {
        case notStarted
        case waiting(Task<Void, any Error>)
        case stopped
    }
}

/// Carries a value the compiler cannot prove `Sendable` but whose own locking makes it so.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Sends a request no stub answers to the real network through a plain URLSession, and keeps the
/// answer in the recording.
package enum RecordingClient {
    /// Records `request`'s real answer and, when it is a redirect the registry follows, each hop after
    /// it (replayed where the registry already holds it), so a replay follows the same hops.
    ///
    /// `fetch` sends one request to the real server and returns its answer as received (the body decoded);
    /// by default through the recording's URLSession.
    package static func recordFollowingRedirects(
        _ request: RecordedRequest, into recording: HARRecording, ticket: Int, stubs: HTTPStubs,
        fetch: (@Sendable (RecordedRequest) async throws -> StubResponse)? = nil
    ) async throws -> (response: StubResponse, url: URL) {
        var (request, recording, ticket) = (request, recording, ticket)
        for _ in 0...HTTPStubs.maximumRedirects {
            let response = try await RecordingClient.fetch(request, into: recording, ticket: ticket, through: fetch)
            guard stubs.followsRedirects, let location = response.redirectLocation else {
                return (response, request.url)
            }
            let next = HTTPStubs.redirected(request, status: response.status, location: location)
            switch stubs.resolve(next, followRedirects: true) {
            case .respond(let answer, let url):
                return (answer, url)
            case .record(let nextRecording, let nextTicket):
                (request, recording, ticket) = (next, nextRecording, nextTicket)
            case .unmatched(let unmatched):
                throw unmatched.error
            case .passThrough:
                throw URLError(.resourceUnavailable)
            }
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// A session with no stubs, no cache and no cookie storage that hands redirects back, so each hop is
    /// recorded. It is shared by every recording of the process, so it must keep nothing between requests:
    /// a cookie one test's server set would go out with another test's request. The cookies a request
    /// carries are those its own client put in its `Cookie` header.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }()

    /// The real response to `request`, recorded (redacted) at `ticket`'s place, and returned unredacted
    /// without the headers that described the bytes on the wire (the body is decoded).
    static func fetch(
        _ request: RecordedRequest, into recording: HARRecording, ticket: Int,
        through fetch: (@Sendable (RecordedRequest) async throws -> StubResponse)? = nil
    ) async throws -> StubResponse {
        let started = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let response: StubResponse
        if let fetch {
            response = try await fetch(request)
        } else {
            let (data, urlResponse) = try await (recording.session ?? session).data(for: request.urlRequest)
            guard let http = urlResponse as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers["\(name)"] = "\(value)"
            }
            response = StubResponse(status: http.statusCode, headers: headers, body: data)
        }
        recording.record(
            ticket: ticket, request: request, response: response, started: started, duration: clock.now - start)
        return response.removingWireHeaders()
    }
}

/// Refuses every redirect, so the recording session returns the 3xx itself.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
