import Foundation

/// How a replay decides which recorded entry answers a request: a ``RequestMatcher`` built from each
/// recorded request.
///
/// The standard rules compare the method, host, path, the whole query (any order) and the body (JSON by
/// meaning, forms field by field, anything else byte for byte). Choose others per replay:
///
/// ```swift
/// try stubs.replay("search.har", matching: .rules(.method, .path, .query))   // any host, any body
/// try stubs.replay("search.har", matching: .rules(.method, .path, .headers(["Accept-Language"])))
/// try stubs.replay("search.har", matching: HARMatching { .method($0.method) && .path($0.url.path) })
/// ```
///
/// Entries whose matchers are alike (the same request recorded several times) become one stub
/// answering in recorded order, the last answer repeating.
public struct HARMatching: Sendable {
    let makeMatcher: @Sendable (RecordedRequest) -> RequestMatcher

    /// Matching by the matcher `makeMatcher` builds from each recorded request.
    public init(_ makeMatcher: @escaping @Sendable (RecordedRequest) -> RequestMatcher) {
        self.makeMatcher = makeMatcher
    }

    /// Method, host, path, query and body: ``rules(_:)`` with `.method, .host, .path, .query, .body`.
    public static let standard = rules(.method, .host, .path, .query, .body)

    /// Matching by these parts of the request, each compared with the recorded one.
    public static func rules(_ rules: Rule...) -> HARMatching {
        HARMatching { recorded in Self.all(rules.map { $0.matcher(for: recorded) }) }
    }

    /// Every one of `matchers` (`.any` when there is none).
    static func all(_ matchers: [RequestMatcher]) -> RequestMatcher {
        matchers.dropFirst().reduce(matchers.first ?? .any) { $0 && $1 }
    }

    /// A part of the request compared with the recorded one.
    public enum Rule: Sendable {
        /// The method.
        case method
        /// The URL's scheme.
        case scheme
        /// The host.
        case host
        /// The path.
        case path
        /// The query items, all of them, in any order.
        case query
        /// The values of these headers (a header the recording lacks must be absent).
        case headers([String])
        /// The body: JSON by meaning, a form field by field, anything else byte for byte.
        case body

        func matcher(for recorded: RecordedRequest) -> RequestMatcher {
            switch self {
            case .method: return .method(recorded.method)
            case .scheme: return .scheme(recorded.url.scheme ?? "")
            case .host: return .host(recorded.url.host ?? "")
            case .path: return .path(recorded.url.path)
            case .query: return .queryItems(recorded.queryItems, exactly: true)
            case .headers(let names):
                let matchers = names.map { name in
                    recorded.header(name).map { RequestMatcher.header(name, $0) } ?? !.header(name)
                }
                return HARMatching.all(matchers)
            case .body: return Self.bodyMatcher(recorded)
            }
        }

        private static func bodyMatcher(_ recorded: RecordedRequest) -> RequestMatcher {
            let type = recorded.header("Content-Type")?.lowercased() ?? ""
            if let text = recorded.bodyText, !text.isEmpty {
                if type.contains("json"),
                    (try? JSONSerialization.jsonObject(with: recorded.body, options: .fragmentsAllowed)) != nil
                {
                    return .jsonBody(text)
                }
                if type.contains("x-www-form-urlencoded") {
                    // Read as the live request's body is read (`+` a space, repeated names kept).
                    return .formBody(FormEncoding.fields(text), exactly: true)
                }
            }
            if let text = recorded.bodyText {
                return .body(text)
            }
            // The bytes in the description too: replay groups entries whose matchers read alike.
            let encoded = recorded.body.base64EncodedString()
            return RequestMatcher("body is the \(recorded.body.count) bytes base64 \(encoded)") {
                $0.body == recorded.body
            }
        }
    }
}
