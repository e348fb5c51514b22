import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as Litmus saw it: what matchers judge, what the request log holds, and what the loopback
/// server hands over too.
///
/// The body is normalized: whether the client set `httpBody` (Linux data tasks) or `httpBodyStream`
/// (Apple platforms), `body` holds the bytes, so matchers never see a `nil` body that was really sent.
public struct RecordedRequest: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method, upper-cased (`GET`, `POST`, …).
    public var method: String
    /// The full URL, with its query.
    public var url: URL {
        didSet { (path, lowercasedHost) = Self.parts(of: url) }
    }
    /// The URL's path, read once: matchers ask for it many times per request.
    private(set) var path: String
    /// The URL's host in lower case, read once.
    private(set) var lowercasedHost: String
    /// The header fields as the client set them. Use ``header(_:)`` to look one up by any case.
    public var headers: [String: String]
    /// The body bytes, empty when the request had none.
    public var body: Data

    /// Makes a request from its parts; the loopback server and tests use this.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method.uppercased()
        self.url = url
        (path, lowercasedHost) = Self.parts(of: url)
        self.headers = headers
        self.body = body
    }

    /// Records a `URLRequest`, reading its body from `httpBody` or, failing that, `httpBodyStream`.
    public init(_ request: URLRequest) {
        self.init(request, readingBodyStream: true)
    }

    /// Records a `URLRequest`; a stream can be read only once, so `readingBodyStream: false` leaves it.
    init(_ request: URLRequest, readingBodyStream: Bool) {
        let streamed = readingBodyStream ? request.httpBodyStream.map(Self.readAll) : nil
        self.init(
            method: request.httpMethod ?? "GET",
            url: request.url ?? URL(string: "about:blank")!,
            headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody ?? streamed ?? Data()
        )
    }

    /// The value of the header `name`, compared without regard to case as HTTP requires.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The query items of the URL, in the order they were written (empty when there is no query).
    public var queryItems: [URLQueryItem] {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    /// The body as UTF-8 text, or `nil` when it is not valid UTF-8.
    public var bodyText: String? {
        String(data: body, encoding: .utf8)
    }

    /// This request as a `URLRequest`, with the body in `httpBody`.
    public var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body.isEmpty ? nil : body
        return request
    }

    /// `POST https://api.example.com/albums (12-byte body)`: how issues and the log name a request.
    public var description: String {
        body.isEmpty
            ? "\(method) \(url.absoluteString)"
            : "\(method) \(url.absoluteString) (\(body.count)-byte body)"
    }

    private static func parts(of url: URL) -> (path: String, host: String) {
        (url.path, url.host?.lowercased() ?? "")
    }

    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
