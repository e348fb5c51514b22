import Foundation
import LitmusJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RequestMatcher {
    /// The request's method is `method` (any case: `"post"` matches `POST`).
    public static func method(_ method: String) -> RequestMatcher {
        let expected = method.uppercased()
        return RequestMatcher(
            description: "method is \(expected)", test: { $0.method == expected },
            mismatch: { request in
                request.method == expected ? nil : "method is \(request.method), expected \(expected)"
            })
    }

    /// The URL's scheme is `scheme` (`https`).
    public static func scheme(_ scheme: String) -> RequestMatcher {
        let expected = scheme.lowercased()
        return RequestMatcher(description: "scheme is \(expected)") { request in
            let actual = request.url.scheme?.lowercased() ?? ""
            return actual == expected ? nil : "scheme is \(actual), expected \(expected)"
        }
    }

    /// The URL's host is `host` (any case).
    public static func host(_ host: String) -> RequestMatcher {
        let expected = host.lowercased()
        return RequestMatcher(
            description: "host is \(expected)", weight: 2, test: { $0.lowercasedHost == expected },
            mismatch: {
                request in
                let actual = request.lowercasedHost
                return actual == expected ? nil : "host is \(actual), expected \(expected)"
            })
    }

    /// The URL's path is exactly `path` (`/albums/1`).
    public static func path(_ path: String) -> RequestMatcher {
        RequestMatcher(
            description: "path is \(path)", weight: 2, test: { $0.path == path },
            mismatch: { request in
                let actual = request.path
                return actual == path ? nil : "path is \(actual), expected \(path)"
            })
    }

    /// The URL's path starts with `prefix` (`/v2/`).
    public static func pathPrefix(_ prefix: String) -> RequestMatcher {
        RequestMatcher(
            description: "path starts with \(prefix)", weight: 2, test: { $0.path.hasPrefix(prefix) },
            mismatch: {
                request in
                let actual = request.path
                return actual.hasPrefix(prefix) ? nil : "path is \(actual), expected it to start with \(prefix)"
            })
    }

    /// The whole URL path matches the regular expression `pattern` (`/albums/[0-9]+`).
    ///
    /// - Throws: ``RequestMatcherError/invalidRegularExpression(_:reason:)`` when `pattern` does not compile.
    public static func path(matching pattern: String) throws(RequestMatcherError) -> RequestMatcher {
        let regex = try SendableRegularExpression(whole: pattern)
        return RequestMatcher(description: "path matches /\(pattern)/", weight: 2) { request in
            let actual = request.path
            return regex.matches(actual) ? nil : "path is \(actual), expected it to match /\(pattern)/"
        }
    }

    /// The URL is exactly `url`, query included.
    public static func url(_ url: String) -> RequestMatcher {
        RequestMatcher(description: "URL is \(url)", weight: 2) { request in
            request.url.absoluteString == url ? nil : "URL is \(request.url.absoluteString), expected \(url)"
        }
    }

    /// The query holds these items, in any order. With `exactly: false` (the default) other items may
    /// be present too; with `exactly: true` these must be all of them. A `nil` value means "present
    /// without a value" (`?flag`).
    public static func query(_ items: [String: String?], exactly: Bool = false) -> RequestMatcher {
        queryItems(items.map { URLQueryItem(name: $0.key, value: $0.value) }, exactly: exactly)
    }

    /// The query holds these items (repeated names allowed), in any order; see ``query(_:exactly:)``.
    public static func queryItems(_ items: [URLQueryItem], exactly: Bool = false) -> RequestMatcher {
        itemsMatcher("query", items, exactly: exactly) { $0.queryItems }
    }

    /// The header `name` (any case) is present; with a `value`, it equals `value` exactly.
    public static func header(_ name: String, _ value: String? = nil) -> RequestMatcher {
        let description = value.map { "header \(name) is \($0)" } ?? "header \(name) is present"
        return RequestMatcher(description: description) { request in
            switch (request.header(name), value) {
            case (nil, _):
                return "header \(name) is missing"
            case (let actual?, let expected?) where actual != expected:
                return "header \(name) is \(actual), expected \(expected)"
            default:
                return nil
            }
        }
    }

    /// The header `name` (any case) is present and its whole value matches the regular expression
    /// `pattern` (`Bearer [A-Za-z0-9.]+`).
    ///
    /// - Throws: ``RequestMatcherError/invalidRegularExpression(_:reason:)`` when `pattern` does not compile.
    public static func header(_ name: String, matching pattern: String) throws(RequestMatcherError) -> RequestMatcher {
        let regex = try SendableRegularExpression(whole: pattern)
        return RequestMatcher(description: "header \(name) matches /\(pattern)/") { request in
            guard let actual = request.header(name) else { return "header \(name) is missing" }
            return regex.matches(actual) ? nil : "header \(name) is \(actual), expected it to match /\(pattern)/"
        }
    }

    /// The header `name` (any case) is absent: a request that must not carry a cookie or a token.
    public static func headerAbsent(_ name: String) -> RequestMatcher {
        RequestMatcher(description: "header \(name) is absent") { request in
            request.header(name).map { "header \(name) is \($0), expected it to be absent" }
        }
    }

    /// The body is exactly these bytes.
    public static func body(_ data: Data) -> RequestMatcher {
        RequestMatcher(description: "body is \(data.count) bytes") { request in
            request.body == data ? nil : "body is \(Self.preview(request.body)), expected \(Self.preview(data))"
        }
    }

    /// The body is exactly this UTF-8 text.
    public static func body(_ text: String) -> RequestMatcher {
        let data = Data(text.utf8)
        return RequestMatcher(description: "body is \"\(text)\"") { request in
            request.body == data ? nil : "body is \(Self.preview(request.body)), expected \"\(text)\""
        }
    }

    /// The body is JSON equal in meaning to `json`: key order, white space and `1` vs `1.0` do not count.
    public static func jsonBody(_ json: String) -> RequestMatcher {
        Self.json(
            json, description: "JSON body is \(json)", expecting: json,
            fix: "fix the stub's jsonBody(_:)"
        ) { expected, actual, body in
            actual == expected ? nil : "JSON body is \(Self.preview(body)), expected \(json)"
        }
    }

    /// The body is JSON equal in meaning to `value` encoded with `encoder`.
    public static func jsonBody<Value: Encodable>(
        _ value: Value, encoder: JSONEncoder = JSONEncoder()
    ) throws -> RequestMatcher {
        jsonBody(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// The body is a form (`application/x-www-form-urlencoded`) holding these fields, in any order;
    /// with `exactly: true`, no others.
    public static func formBody(_ fields: [String: String], exactly: Bool = false) -> RequestMatcher {
        formBody(fields.map { URLQueryItem(name: $0.key, value: $0.value) }, exactly: exactly)
    }

    /// The form body's fields, decoded, as a multiset: repeated names count each time (`a=1&a=2`).
    static func formBody(_ items: [URLQueryItem], exactly: Bool) -> RequestMatcher {
        itemsMatcher("form body", items, exactly: exactly) { FormEncoding.fields($0.bodyText ?? "") }
    }

    /// Compares name/value items as multisets: the query of the URL, or the fields of a form body.
    private static func itemsMatcher(
        _ noun: String, _ items: [URLQueryItem], exactly: Bool,
        actualItems: @escaping @Sendable (RecordedRequest) -> [URLQueryItem]
    ) -> RequestMatcher {
        let expected = items.map(QueryItem.init).sorted()
        let shown = expected.map(\.description).joined(separator: "&")
        let description = exactly ? "\(noun) is exactly \(shown)" : "\(noun) contains \(shown)"
        // The fast test counts without sorting or building text; the mismatch explains.
        let test: @Sendable (RecordedRequest) -> Bool = { request in
            var remaining = actualItems(request).map(QueryItem.init)
            for item in expected {
                guard let index = remaining.firstIndex(of: item) else { return false }
                remaining.swapAt(index, remaining.count - 1)
                remaining.removeLast()
            }
            return !exactly || remaining.isEmpty
        }
        return RequestMatcher(description: description, test: test) { request in
            var remaining = actualItems(request).map(QueryItem.init).sorted()
            let actual = remaining.map(\.description).joined(separator: "&")
            var missing: [QueryItem] = []
            for item in expected {
                if let index = remaining.firstIndex(of: item) {
                    remaining.remove(at: index)
                } else {
                    missing.append(item)
                }
            }
            if !missing.isEmpty {
                let names = missing.map(\.description).joined(separator: "&")
                return "\(noun) is \(actual.isEmpty ? "empty" : actual), missing \(names)"
            }
            if exactly && !remaining.isEmpty {
                let extra = remaining.map(\.description).joined(separator: "&")
                return "\(noun) is \(actual), expected exactly \(shown) (extra \(extra))"
            }
            return nil
        }
    }

    static func preview(_ data: Data) -> String {
        guard !data.isEmpty else { return "empty" }
        guard let text = String(data: data, encoding: .utf8) else { return "\(data.count) bytes" }
        return text.count > 200 ? "\"\(text.prefix(200))…\"" : "\"\(text)\""
    }
}

/// A matcher could not be built from its input.
public enum RequestMatcherError: Error, Equatable, CustomStringConvertible {
    /// `pattern` is not a valid regular expression; `reason` says why.
    case invalidRegularExpression(String, reason: String)

    /// Names the input and the fix.
    public var description: String {
        switch self {
        case .invalidRegularExpression(let pattern, let reason):
            "The pattern /\(pattern)/ is not a valid regular expression (\(reason)). "
                + "Escape special characters such as ( [ . with a backslash, or use path(_:) or header(_:_:) "
                + "for an exact value."
        }
    }
}

/// A query item compared as name and value, ignoring order.
private struct QueryItem: Hashable, Comparable, CustomStringConvertible {
    var name: String
    var value: String?

    init(_ item: URLQueryItem) {
        name = item.name
        value = item.value
    }

    var description: String { value.map { "\(name)=\($0)" } ?? name }

    static func < (lhs: QueryItem, rhs: QueryItem) -> Bool {
        (lhs.name, lhs.value ?? "") < (rhs.name, rhs.value ?? "")
    }
}

/// NSRegularExpression is immutable once made; this wrapper says so to the compiler.
private struct SendableRegularExpression: @unchecked Sendable {
    let expression: NSRegularExpression

    /// An expression that must match the whole text, `pattern` anchored at both ends.
    init(whole pattern: String) throws(RequestMatcherError) {
        do {
            expression = try NSRegularExpression(pattern: "^(?:\(pattern))$")
        } catch {
            throw .invalidRegularExpression(pattern, reason: "\(error)")
        }
    }

    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
