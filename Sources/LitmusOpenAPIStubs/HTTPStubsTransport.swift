import Foundation
import HTTPTypes
import LitmusHTTPStubs
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A swift-openapi `ClientTransport` answered by an ``HTTPStubs`` registry: a generated OpenAPI client is
/// tested without URLSession or a server, with the same stubs, scenarios, faults, request log, verification
/// and HAR replay as the registry's sessions.
///
/// ```swift
/// let stubs = HTTPStubs()
/// stubs.stub(.method("GET") && .path("/v1/albums/42"), .string(#"{"id":42,"title":"Hoist","artist":"Phish"}"#))
/// let client = Client(serverURL: try Servers.Server1.url(), transport: HTTPStubsTransport(stubs))
/// let album = try await client.getAlbum(path: .init(albumId: 42)).ok.body.json
/// ```
///
/// A request no stub matches fails closed: the transport throws `URLError(.resourceUnavailable)` with the
/// same message a session gives (the closest stub and what differed), which the client wraps in its
/// `ClientError`, and the request is kept in ``HTTPStubs/unmatchedRequests``. Network errors and faults throw
/// the `URLError` a session fails with; a truncated body's stream throws `URLError(.networkConnectionLost)`
/// after its first bytes. Redirects are followed inside Litmus unless the registry says otherwise.
///
/// Requests allowed through (``HTTPStubs/allowPassThrough(_:)``) and requests a recording replay records
/// go to `upstream` when you give one (any transport: AsyncHTTPClient's, URLSession's); else recorded
/// requests go through the replay's `recordingThrough:` session or a plain ephemeral `URLSession`, and
/// allowed ones through a plain ephemeral `URLSession`.
public struct HTTPStubsTransport: ClientTransport {
    /// The registry answering the requests.
    public let stubs: HTTPStubs
    /// Where allowed and recorded requests go; nil for a plain ephemeral `URLSession`.
    public let upstream: (any ClientTransport)?

    /// A transport answered by `stubs`, sending requests that reach the network through `upstream`.
    public init(_ stubs: HTTPStubs, upstream: (any ClientTransport)? = nil) {
        self.stubs = stubs
        self.upstream = upstream
    }

    /// Answers `request` from the registry.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let recorded = try await Self.recordedRequest(request, body: body, baseURL: baseURL)
        switch stubs.resolve(recorded, followRedirects: stubs.followsRedirects) {
        case .respond(let response, let url):
            return try await Self.deliver(response, url: url)
        case .unmatched(let unmatched):
            throw unmatched.error
        case .passThrough:
            return try await Self.deliver(
                try await fetch(recorded, operationID: operationID).removingWireHeaders(), url: recorded.url)
        case .record(let recording, let ticket):
            // Without an upstream, through the recording's session (`recordingThrough:`) or a plain one.
            var fetch: (@Sendable (RecordedRequest) async throws -> StubResponse)?
            if upstream != nil {
                fetch = { [self] request in try await self.fetch(request, operationID: operationID) }
            }
            let answer = try await RecordingClient.recordFollowingRedirects(
                recorded, into: recording, ticket: ticket, stubs: stubs, fetch: fetch)
            return try await Self.deliver(answer.response, url: answer.url)
        }
    }

    // MARK: To the network

    /// `request` sent through `upstream`, or a plain ephemeral URLSession, and its whole answer.
    private func fetch(_ request: RecordedRequest, operationID: String) async throws -> StubResponse {
        guard let upstream else {
            let (data, response) = try await Self.session.data(for: request.urlRequest)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers["\(name)"] = "\(value)"
            }
            return StubResponse(status: http.statusCode, headers: headers, body: data)
        }
        let (head, base) = try Self.httpRequest(request)
        let (response, body) = try await upstream.send(
            head, body: request.body.isEmpty ? nil : HTTPBody(request.body), baseURL: base, operationID: operationID)
        var headers: [String: String] = [:]
        for field in response.headerFields {
            headers[field.name.rawName] = headers[field.name.rawName].map { "\($0), \(field.value)" } ?? field.value
        }
        let data = try await Self.collect(body)
        return StubResponse(status: response.status.code, headers: headers, body: data)
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    // MARK: Converting

    /// The request as matchers see it: the base URL joined with the request's path and query, the header
    /// fields (repeated ones joined by commas) and the whole body.
    static func recordedRequest(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL) async throws
        -> RecordedRequest
    {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let target = URLComponents(string: request.path ?? "")
        else {
            throw URLError(
                .badURL,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "The request path \(request.path ?? "nil") cannot be joined with the base URL \(baseURL)."
                ])
        }
        components.percentEncodedPath += target.percentEncodedPath
        components.percentEncodedQuery = target.percentEncodedQuery
        guard let url = components.url else { throw URLError(.badURL) }
        var headers: [String: String] = [:]
        for field in request.headerFields {
            headers[field.name.rawName] = headers[field.name.rawName].map { "\($0), \(field.value)" } ?? field.value
        }
        let data = try await collect(body)
        return RecordedRequest(method: request.method.rawValue, url: url, headers: headers, body: data)
    }

    /// Every byte of `body`, or none.
    private static func collect(_ body: HTTPBody?) async throws -> Data {
        guard let body else { return Data() }
        return try await Data(collecting: body, upTo: .max)
    }

    /// `request` as a transport takes it: the head with its path and query, and the base URL it is under.
    static func httpRequest(_ request: RecordedRequest) throws -> (HTTPRequest, URL) {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            let method = HTTPRequest.Method(request.method)
        else { throw URLError(.badURL, userInfo: [NSURLErrorFailingURLErrorKey: request.url]) }
        var base = components
        (base.percentEncodedPath, base.percentEncodedQuery, base.fragment) = ("", nil, nil)
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        var fields = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        guard let baseURL = base.url else {
            throw URLError(.badURL, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        let authority = components.host.map { host in components.port.map { "\(host):\($0)" } ?? host }
        let head = HTTPRequest(
            method: method, scheme: components.scheme, authority: authority, path: path, headerFields: fields)
        return (head, baseURL)
    }

    /// The client's view of `response`: after its request delay, a thrown `URLError` for a network error or
    /// a malformed response, else the head, and a body that arrives after the response delay and, when
    /// truncated, throws `URLError(.networkConnectionLost)` after its first bytes.
    static func deliver(_ response: StubResponse, url: URL) async throws -> (HTTPResponse, HTTPBody?) {
        if response.requestDelay > .zero { try await Task.sleep(for: response.requestDelay) }
        if let code = response.failureCode { throw URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url]) }
        guard (100...999).contains(response.status) else {
            throw URLError(
                .badServerResponse,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: url,
                    NSLocalizedDescriptionKey:
                        "The stub for \(url) answers with status \(response.status), which is not an HTTP status "
                        + "(100 to 999). Give the stub a real status, or a network error.",
                ])
        }
        var fields = HTTPFields()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let head = HTTPResponse(status: .init(code: response.status), headerFields: fields)
        let cut: Int? = if case .truncated(let count) = response.fault { count } else { nil }
        guard cut != nil || response.responseDelay > .zero else {
            return (head, response.body.isEmpty ? nil : HTTPBody(response.body))
        }
        let (body, delay, parts) = (response.body, response.responseDelay, response.bodyParts)
        let stream = AsyncThrowingStream<HTTPBody.ByteChunk, any Error> { continuation in
            let task = Task {
                do {
                    guard let cut else {
                        // A slow body: its pieces spread over the delay, the last one after it.
                        for part in parts.isEmpty ? [Data()] : parts {
                            try await Task.sleep(for: delay / max(1, parts.count))
                            if !part.isEmpty { continuation.yield(ArraySlice(part)) }
                        }
                        continuation.finish()
                        return
                    }
                    try await Task.sleep(for: delay)
                    let part = body.prefix(cut)
                    if !part.isEmpty { continuation.yield(ArraySlice(part)) }
                    continuation.finish(
                        throwing: URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url]))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return (head, HTTPBody(stream, length: .known(Int64(body.count))))
    }
}

extension HTTPStubs {
    /// A swift-openapi `ClientTransport` answered by this registry; see ``HTTPStubsTransport``.
    public func transport(upstream: (any ClientTransport)? = nil) -> HTTPStubsTransport {
        HTTPStubsTransport(self, upstream: upstream)
    }
}
