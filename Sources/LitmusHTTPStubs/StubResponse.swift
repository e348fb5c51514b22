import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stub answers: a status, headers and a body, or a network error; optionally after a delay.
///
/// ```swift
/// .status(204)
/// .string("not found", status: 404)
/// try .json(Album(title: "Farmhouse"))
/// try .fixture("albums.json", in: .module)
/// .networkError(.notConnectedToInternet)
/// .redirect(to: "https://cdn.example.com/a.png")
/// .string("slow").delayed(request: .milliseconds(5))
/// ```
public struct StubResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The response header fields.
    public var headers: [String: String]
    /// The body bytes, delivered whole in one piece.
    public var body: Data
    /// The network error to fail with instead of answering, if any (`URLError.Code.timedOut`, …).
    public var networkError: URLError.Code?
    /// How long to wait before the response starts (the server "thinking").
    public var requestDelay: Duration
    /// How long to wait between the response head and its body (a slow download).
    public var responseDelay: Duration
    /// In how many pieces a delayed body arrives, spread evenly over ``responseDelay``, where the client
    /// sees pieces (the loopback server and the OpenAPI transport; through URLSession it arrives whole).
    public var bodyPieces: Int
    /// How the response goes wrong on the wire, if it does (``StubFault``).
    public var fault: StubFault?
    /// The distribution each request draws an added request delay from, if any.
    public var latency: LatencyDistribution?

    /// A response from its parts.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.networkError = nil
        self.requestDelay = .zero
        self.responseDelay = .zero
        self.bodyPieces = 1
        self.fault = nil
        self.latency = nil
    }

    /// An empty body with `status`.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(status: status, headers: headers)
    }

    /// A body of raw bytes.
    public static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(status: status, headers: headers, body: body)
    }

    /// A UTF-8 text body; `Content-Type` is `text/plain; charset=utf-8` unless `headers` names one.
    public static func string(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"].merging(headers) { $1 },
            body: Data(text.utf8))
    }

    /// `value` encoded as JSON with `encoder`; `Content-Type` is `application/json`.
    public static func json<Value: Encodable>(
        _ value: Value, status: Int = 200, headers: [String: String] = [:], encoder: JSONEncoder = JSONEncoder()
    ) throws -> StubResponse {
        StubResponse(
            status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
            body: try encoder.encode(value))
    }

    /// The contents of the file `name` (`"albums.json"`, or `"Fixtures/albums.json"`) among the
    /// resources of `bundle` (usually `.module` of the test target); `Content-Type` follows the extension.
    ///
    /// - Throws: ``FixtureError`` naming the file and the bundle when it is missing or unreadable.
    public static func fixture(
        _ name: String, in bundle: Bundle, status: Int = 200, headers: [String: String] = [:]
    ) throws(FixtureError) -> StubResponse {
        let url = bundle.resourceURL.flatMap { Self.find(name, under: $0) }
        guard let url else { throw .missing(name, bundlePath: bundle.bundlePath) }
        let body: Data
        do {
            body = try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, reason: "\(error)")
        }
        let type = contentTypes[url.pathExtension.lowercased()] ?? "application/octet-stream"
        return StubResponse(status: status, headers: ["Content-Type": type].merging(headers) { $1 }, body: body)
    }

    /// Fails the request with `code` instead of answering: the client gets a `URLError` with that code
    /// (`.timedOut`, `.notConnectedToInternet`, `.cancelled`, `.cannotFindHost`, …). Over the loopback
    /// server the connection is closed without a response (reset, for `.networkConnectionLost`).
    public static func networkError(_ code: URLError.Code) -> StubResponse {
        var response = StubResponse(status: 0)
        response.networkError = code
        return response
    }

    /// A redirect to `location` (absolute, or relative to the request URL). Litmus follows it itself
    /// and answers with the stub matching the new URL; the loopback server sends it to the client.
    public static func redirect(to location: String, status: Int = 302) -> StubResponse {
        StubResponse(status: status, headers: ["Location": location])
    }

    /// This response with `headers` added (replacing fields of the same name).
    public func adding(headers: [String: String]) -> StubResponse {
        var response = self
        response.headers.merge(headers) { $1 }
        return response
    }

    /// This response after a delay: `request` before the response starts, `response` over its body (a
    /// slow body). Where the client sees the body arrive in pieces (the loopback server, the OpenAPI
    /// transport), it comes in `pieces` parts (fewer when it has fewer bytes), one every `response /
    /// pieces`, the last after `response`; through URLSession it arrives whole after `response`. Litmus
    /// waits with `Task.sleep` and stops waiting when the task is cancelled.
    public func delayed(request: Duration = .zero, response: Duration = .zero, pieces: Int = 4) -> StubResponse {
        var delayed = self
        delayed.requestDelay = request
        delayed.responseDelay = response
        delayed.bodyPieces = max(1, pieces)
        return delayed
    }

    /// The body as it is sent after the response delay: ``bodyPieces`` parts of near-equal length (one
    /// part with no delay; none for an empty body).
    package var bodyParts: [Data] {
        guard !body.isEmpty else { return [] }
        let count = responseDelay > .zero ? min(max(1, bodyPieces), body.count) : 1
        let bytes = [UInt8](body)
        return (0..<count).map { index in
            Data(bytes[(index * bytes.count / count)..<((index + 1) * bytes.count / count)])
        }
    }

    /// This response without `Content-Encoding`, `Content-Length` and `Transfer-Encoding`: a recorded
    /// body is decoded, so the headers describing the bytes on the wire no longer apply.
    package func removingWireHeaders() -> StubResponse {
        var response = self
        response.headers = headers.filter { !Self.wireHeaders.contains($0.key.lowercased()) }
        return response
    }

    private static let wireHeaders: Set<String> = ["content-encoding", "content-length", "transfer-encoding"]

    /// The `Location` of a 3xx response, if it is one.
    var redirectLocation: String? {
        guard (300..<400).contains(status), networkError == nil else { return nil }
        return headers.first { $0.key.lowercased() == "location" }?.value
    }

    private static let contentTypes = [
        "json": "application/json", "xml": "application/xml", "html": "text/html; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
    ]

    private static func find(_ name: String, under root: URL) -> URL? {
        let direct = root.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: direct.path) { return direct }
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.path.hasSuffix("/" + name) { return file }
        }
        return nil
    }
}

/// A fixture file could not be used as a response body.
public enum FixtureError: Error, Equatable, CustomStringConvertible {
    /// No resource named `name` in the bundle at `bundlePath`.
    case missing(String, bundlePath: String)
    /// The file at `path` exists but could not be read.
    case unreadable(String, reason: String)

    /// Names the file and the fix.
    public var description: String {
        switch self {
        case .missing(let name, let bundlePath):
            "No fixture named \(name) in the bundle at \(bundlePath). Add the file to the test target's "
                + "resources in Package.swift (resources: [.copy(\"Fixtures\")]) and pass Bundle.module."
        case .unreadable(let path, let reason):
            "The fixture \(path) could not be read (\(reason)). Check its permissions."
        }
    }
}
