import Foundation

/// What a recording hides before anything is written: header values, query items and JSON body
/// fields, each replaced by a placeholder.
///
/// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are always redacted; name more:
///
/// ```swift
/// try stubs.replay("Recordings/login.har", mode: .recordIfMissing,
///                  redacting: HARRedaction(headers: ["X-Api-Key"], queryItems: ["token"], jsonFields: ["password"]))
/// ```
///
/// Replay compares requests after the same redaction, so a test that sends a real token still matches
/// an entry recorded with the placeholder.
public struct HARRedaction: Sendable, Equatable {
    /// The header names whose values are replaced, in lower case.
    public var headers: Set<String>
    /// The query item names (and form body fields) whose values are replaced.
    public var queryItems: Set<String>
    /// The JSON object keys whose values are replaced, at any depth, in request and response bodies.
    public var jsonFields: Set<String>
    /// What replaces a value: `REDACTED`.
    public var placeholder: String

    /// The headers every recording redacts.
    public static let standardHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The standard redaction: the credential headers and cookies.
    public static let standard = HARRedaction()

    /// Redacts the standard headers and the headers, query items and JSON fields named here.
    public init(
        headers: [String] = [], queryItems: [String] = [], jsonFields: [String] = [], placeholder: String = "REDACTED"
    ) {
        self.headers = Self.standardHeaders.union(headers.map { $0.lowercased() })
        self.queryItems = Set(queryItems)
        self.jsonFields = Set(jsonFields)
        self.placeholder = placeholder
    }

    /// `har` with every secret this redaction names replaced: run it on a browser export before
    /// committing it.
    public func redact(_ har: HAR) -> HAR {
        var redacted = har
        redacted.log.entries = har.log.entries.map(redact)
        return redacted
    }

    /// `entry` with its secrets replaced: where they are named, and wherever else their values appear
    /// (`hiding(_:cookieNames:in:)`).
    public func redact(_ entry: HAR.Entry) -> HAR.Entry {
        let sent = entry.request.headers.map { (name: $0.name, value: $0.value) }
        let post = entry.request.postData?.encoding == nil ? entry.request.postData : nil
        let requestSecrets =
            secrets(headers: sent, url: entry.request.url, body: post?.text, mimeType: post?.mimeType ?? "")
            + entry.request.cookies.map(\.value).filter { $0.count >= Self.shortestTravellingSecret }
        let responseSecrets = (requestSecrets + secrets(in: entry.response)).sorted { $0.count > $1.count }
        let cookieNames = redactedCookieNames(sent, cookies: entry.request.cookies)
        var entry = entry
        entry.request.headers = redact(entry.request.headers).map {
            HAR.Header(name: $0.name, value: hiding(requestSecrets, in: $0.value))
        }
        // A redirect's URL carries the named query items too, whatever their length.
        entry.response.headers = redact(entry.response.headers).map {
            $0.name.lowercased() == "location" ? HAR.Header(name: $0.name, value: redact(url: $0.value)) : $0
        }
        entry.response.redirectURL = redact(url: entry.response.redirectURL)
        if headers.contains("cookie") {
            entry.request.cookies = entry.request.cookies.map { HAR.Cookie(name: $0.name, value: placeholder) }
        }
        if headers.contains("set-cookie") {
            entry.response.cookies = entry.response.cookies.map { HAR.Cookie(name: $0.name, value: placeholder) }
        }
        entry.request.url = redact(url: entry.request.url)
        entry.request.queryString = entry.request.queryString.map {
            queryItems.contains($0.name) ? HAR.Header(name: $0.name, value: placeholder) : $0
        }
        if var post = entry.request.postData, post.encoding == nil {
            post.text = redact(body: post.text, mimeType: post.mimeType)
            post.params = post.params?.map {
                queryItems.contains($0.name) ? HAR.Header(name: $0.name, value: placeholder) : $0
            }
            entry.request.postData = post
        }
        if let text = entry.response.content.text, entry.response.content.encoding == nil {
            entry.response.content.text = redact(body: text, mimeType: entry.response.content.mimeType)
        }
        if var post = entry.request.postData, post.encoding == nil {
            post.text = hiding(requestSecrets, in: post.text)
            entry.request.postData = post
        }
        entry.response = hiding(responseSecrets, cookieNames: cookieNames, in: entry.response)
        return entry
    }

    /// `request` as it would be recorded: what replay matches against recorded entries.
    func redact(_ request: RecordedRequest) -> RecordedRequest {
        var redacted = request
        let text = request.body.isEmpty ? nil : request.bodyText
        let type = request.header("Content-Type") ?? ""
        let secrets = secrets(
            headers: request.headers.map { (name: $0.key, value: $0.value) }, url: request.url.absoluteString,
            body: text, mimeType: type)
        if !secrets.isEmpty || request.headers.keys.contains(where: { headers.contains($0.lowercased()) }) {
            redacted.headers = Dictionary(
                uniqueKeysWithValues: request.headers.map {
                    ($0.key, headers.contains($0.key.lowercased()) ? placeholder : hiding(secrets, in: $0.value))
                })
        }
        if !queryItems.isEmpty, request.url.query != nil {
            let text = redact(url: request.url.absoluteString)
            if text != request.url.absoluteString, let url = URL(string: text) { redacted.url = url }
        }
        if let text {
            // Named fields first, then their values wherever else the body holds them, as recorded.
            let body = hiding(secrets, in: redact(body: text, mimeType: type))
            if body != text { redacted.body = Data(body.utf8) }
        }
        return redacted
    }

    private func redact(_ fields: [HAR.Header]) -> [HAR.Header] {
        fields.map { headers.contains($0.name.lowercased()) ? HAR.Header(name: $0.name, value: placeholder) : $0 }
    }

    /// The URL with the named query items' values replaced; every other byte kept as it was.
    private func redact(url: String) -> String {
        guard !queryItems.isEmpty, let queryStart = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[queryStart...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: queryStart)..<fragmentStart]
        let redacted = redact(pairs: String(query))
        return String(url[...queryStart]) + redacted + String(url[fragmentStart...])
    }

    /// `a=1&token=x` with the named items' values replaced.
    private func redact(pairs: String) -> String {
        FormEncoding.rawFields(pairs).map { field in
            guard queryItems.contains(FormEncoding.decode(field.name)) else {
                return field.value.map { "\(field.name)=\($0)" } ?? String(field.name)
            }
            return "\(field.name)=\(placeholder)"
        }.joined(separator: "&")
    }

    /// A body with its named JSON fields (or form fields) replaced; the text itself when none is there.
    private func redact(body: String, mimeType: String) -> String {
        let type = mimeType.lowercased()
        if type.contains("x-www-form-urlencoded") {
            return queryItems.isEmpty ? body : redact(pairs: body)
        }
        guard !jsonFields.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) else {
            return body
        }
        var changed = false
        let redacted = redact(json: object, changed: &changed)
        guard changed,
            let data = try? JSONSerialization.data(
                withJSONObject: redacted, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    private func redact(json: Any, changed: inout Bool) -> Any {
        if let object = json as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, value) in object {
                if jsonFields.contains(key) {
                    result[key] = placeholder
                    changed = true
                } else {
                    result[key] = redact(json: value, changed: &changed)
                }
            }
            return result
        }
        if let array = json as? [Any] {
            return array.map { redact(json: $0, changed: &changed) }
        }
        return json
    }
}
