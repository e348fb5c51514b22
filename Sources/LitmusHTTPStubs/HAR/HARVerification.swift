import Foundation
import LitmusJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A recording replayed against a live service, and what changed since it was recorded
/// (`litmus har verify FILE --against URL`): each entry's request is sent to the service, its answer
/// compared with the recorded one (``HARChange``).
///
/// ```swift
/// let verification = try await HARVerification.verify(
///     file: URL(fileURLWithPath: "Tests/AppTests/Recordings/search.har"),
///     against: URL(string: "http://127.0.0.1:8080")!, headers: ["Authorization": "Bearer \(token)"])
/// #expect(!verification.hasChanges, "\(verification)")
/// ```
public struct HARVerification: Sendable, CustomStringConvertible {
    /// One entry replayed: its request as sent, and what changed in the answer.
    public struct Entry: Sendable, Equatable {
        /// The entry's index in the file.
        public let index: Int
        /// `GET http://127.0.0.1:8080/albums?q=phish`: the request as sent to the service.
        public let request: String
        /// What differs from the recorded answer; empty when nothing did.
        public let changes: [HARChange]
    }

    /// The file verified, as named.
    public let file: String
    /// The service the requests went to.
    public let target: URL
    /// Every entry, in order.
    public let entries: [Entry]

    /// Whether any entry's answer changed.
    public var hasChanges: Bool { entries.contains { !$0.changes.isEmpty } }

    /// The report `litmus har verify` prints: each entry and its changes, then a summary and the fix.
    public var description: String {
        var lines = ["\(file) against \(target.absoluteString): \(entries.count) \(plural(entries.count, "entry"))"]
        for entry in entries {
            let state =
                entry.changes.isEmpty ? "unchanged" : "\(entry.changes.count) \(plural(entry.changes.count, "change"))"
            lines.append("  \(entry.index)  \(entry.request): \(state)")
            lines += entry.changes.map { "       \($0)" }
        }
        let changed = entries.filter { !$0.changes.isEmpty }.count
        lines.append(
            changed == 0
                ? "No entry changed."
                : "\(changed) of \(entries.count) \(plural(entries.count, "entry")) changed. Re-record the recording "
                    + "(LITMUS_HTTP_RECORD=all swift test) and review the diff, or fix the service.")
        return lines.joined(separator: "\n") + "\n"
    }

    private func plural(_ count: Int, _ word: String) -> String {
        count == 1 ? word : (word.hasSuffix("y") ? "\(word.dropLast())ies" : "\(word)s")
    }

    // MARK: Replaying

    /// Replays every entry of the HAR at `file` against `target`, in order, and compares the answers.
    ///
    /// - Parameters:
    ///   - file: the HAR file.
    ///   - target: the service: each recorded URL keeps its path and query and takes `target`'s scheme, host
    ///     and port (a path in `target` goes before the recorded one).
    ///   - headers: sent with every request, replacing recorded ones of the same name (a redacted
    ///     `Authorization`, say).
    ///   - session: what sends the requests; a plain ephemeral one that hands redirects back by default.
    /// - Throws: ``HARVerifyError``: the file cannot be read, an entry cannot be replayed (nothing is sent
    ///   then), or the service cannot be reached.
    public static func verify(
        file: URL, against target: URL, headers: [String: String] = [:], session: URLSession? = nil
    ) async throws(HARVerifyError) -> HARVerification {
        let har: HAR
        do {
            har = try HAR(contentsOf: file)
        } catch {
            throw .unreadable(error)
        }
        return try await verify(har, file: file.path, against: target, headers: headers, session: session)
    }

    /// Replays `har`'s entries against `target`; `file` names it in the report and in errors.
    public static func verify(
        _ har: HAR, file: String, against target: URL, headers: [String: String] = [:], session: URLSession? = nil
    ) async throws(HARVerifyError) -> HARVerification {
        let requests = try replayedRequests(har, file: file, against: target, headers: headers)
        var entries: [Entry] = []
        for (index, request) in requests.enumerated() {
            let recorded = har.log.entries[index].stubResponse(timing: .none) ?? StubResponse()
            let live: StubResponse
            do {
                live = try await send(request, through: session ?? Self.session)
            } catch {
                throw .unreachable(
                    file,
                    entry: HARError.EntryName(index: index, request: "\(request.method) \(request.url.absoluteString)"),
                    reason: (error as? URLError)?.localizedDescription ?? "\(error)")
            }
            entries.append(
                Entry(
                    index: index, request: "\(request.method) \(request.url.absoluteString)",
                    changes: HARChange.changes(recorded: recorded, live: live.removingWireHeaders())))
        }
        return HARVerification(file: file, target: target, entries: entries)
    }

    /// The requests a verification sends: each entry's, moved to `target`, with `headers` set. Checks every
    /// entry before anything is sent.
    ///
    /// - Throws: ``HARVerifyError/unreplayable(_:problems:)`` naming each entry that cannot be replayed
    ///   (no absolute URL, a body that does not decode, a value redacted when it was recorded) and the fix.
    public static func replayedRequests(
        _ har: HAR, file: String, against target: URL, headers: [String: String] = [:]
    ) throws(HARVerifyError) -> [RecordedRequest] {
        guard let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host != nil else {
            throw .invalidTarget(target.absoluteString)
        }
        let placeholder = HARRedaction.standard.placeholder
        let given = Set(headers.keys.map { $0.lowercased() })
        var requests: [RecordedRequest] = []
        var problems: [String] = []
        for (index, entry) in har.log.entries.enumerated() {
            let name = HARError.EntryName(index: index, request: "\(entry.request.method) \(entry.request.url)")
            guard var request = entry.recordedRequest, let url = moved(request.url, to: target) else {
                problems.append(
                    "\(name): request.url is not an absolute URL. Fix the entry's URL, or remove the entry.")
                continue
            }
            guard entry.requestBody != nil else {
                problems.append(
                    "\(name): request.postData.text is not valid base64 although its encoding says so. Fix the "
                        + "entry's body, or record it again.")
                continue
            }
            let redactedHeaders = request.headers.filter {
                $0.value == placeholder && !given.contains($0.key.lowercased())
            }
            for header in redactedHeaders.keys.sorted() {
                problems.append(
                    "\(name): request header \(header) was redacted when recorded. Give its value: "
                        + "litmus har verify --header '\(header): VALUE' (headers: in code).")
            }
            let redactedItems = request.queryItems.filter { $0.value == placeholder }.map(\.name)
            let redactedFields = redactedBodyFields(request, placeholder: placeholder)
            for field in redactedItems.map({ "query item \($0)" }) + redactedFields {
                problems.append(
                    "\(name): \(field) was redacted when recorded, so the request cannot be sent as it was. "
                        + "Verify a recording made without redacting it (HARRedaction), or remove the entry.")
            }
            request.url = url
            request.headers = request.headers.filter { !Self.hopHeaders.contains($0.key.lowercased()) }
            for (header, value) in headers {
                request.headers = request.headers.filter { $0.key.lowercased() != header.lowercased() }
                request.headers[header] = value
            }
            requests.append(request)
        }
        guard problems.isEmpty else { throw .unreplayable(file, problems: problems) }
        return requests
    }

    /// `url`'s path and query under `target`'s scheme, host and port (and path, when it has one).
    static func moved(_ url: URL, to target: URL) -> URL? {
        guard url.scheme != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let base = URLComponents(url: target, resolvingAgainstBaseURL: false)
        else { return nil }
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        let prefix =
            base.percentEncodedPath.hasSuffix("/")
            ? String(base.percentEncodedPath.dropLast()) : base.percentEncodedPath
        components.percentEncodedPath = prefix + components.percentEncodedPath
        return components.url
    }

    private static func redactedBodyFields(_ request: RecordedRequest, placeholder: String) -> [String] {
        guard let text = request.bodyText, !text.isEmpty else { return [] }
        if let json = JSONValue(request.body) {
            var found: [String] = []
            func walk(_ value: JSONValue, _ path: String) {
                switch value {
                case .string(let string) where string == placeholder: found.append("request JSON field \(path)")
                case .object(let object):
                    for key in object.keys.sorted() { walk(object[key]!, path.isEmpty ? key : "\(path).\(key)") }
                case .array(let array):
                    for (index, element) in array.enumerated() {
                        walk(element, path.isEmpty ? "\(index)" : "\(path).\(index)")
                    }
                default: break
                }
            }
            walk(json, "")
            return found
        }
        let isForm = request.header("Content-Type")?.lowercased().contains("x-www-form-urlencoded") == true
        return isForm
            ? FormEncoding.fields(text).filter { $0.value == placeholder }.map { "form field \($0.name)" } : []
    }

    /// Headers that describe one connection or message on the wire: the session sets its own.
    private static let hopHeaders: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "accept-encoding",
    ]

    private static func send(_ request: RecordedRequest, through session: URLSession) async throws -> StubResponse {
        let (data, response) = try await session.data(for: request.urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers["\(name)"] = "\(value)"
        }
        return StubResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// No cache, and redirects handed back, so a recorded 3xx is compared with the live one.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration, delegate: RedirectsHandedBack(), delegateQueue: nil)
    }()
}

/// Refuses every redirect, so the session returns the 3xx itself.
private final class RedirectsHandedBack: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A recording could not be verified against a live service. Each case names the file and the fix.
public enum HARVerifyError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read or is not a HAR.
    case unreadable(HARError)
    /// `--against` is not an http or https URL with a host.
    case invalidTarget(String)
    /// Entries that cannot be replayed, one sentence each naming the entry and the fix; nothing was sent.
    case unreplayable(String, problems: [String])
    /// The service did not answer `entry`'s request.
    case unreachable(String, entry: HARError.EntryName, reason: String)

    /// Names the file, the entry and the fix.
    public var description: String {
        switch self {
        case .unreadable(let error):
            return error.description
        case .invalidTarget(let target):
            return "\(target) is not a service to verify against: give an http or https URL with a host, such as "
                + "http://127.0.0.1:8080."
        case .unreplayable(let file, let problems):
            return "\(file) cannot be replayed as recorded, so nothing was sent:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .unreachable(let file, let entry, let reason):
            return "The service did not answer \(entry) of \(file) (\(reason)). Start the service, or check the URL "
                + "given to --against."
        }
    }
}
