import Foundation

/// A secret follows its value wherever it travels: a redacted query item's value (`api_key`) echoed in a
/// redirect's `Location` and the entry's `redirectURL`, a token in a body, a session cookie the response
/// sets again. Each value a redaction hides by name (a header, a query item or form field, a JSON field, a
/// cookie) is also hidden wherever else the entry holds it verbatim, as written and percent-decoded.
extension HARRedaction {
    /// The shortest value hidden wherever it appears: shorter ones (`1`, `true`, `en`) would match ordinary
    /// text; they are still hidden where they are named.
    public static let shortestTravellingSecret = 6

    /// The values this redaction hides by name in a request made of `headers`, `url` and `body` (a
    /// body of media type `mimeType`, as text): what must not appear anywhere else either.
    func secrets(headers: [(name: String, value: String)], url: String, body: String?, mimeType: String) -> [String] {
        var found: [String] = []
        for header in headers where self.headers.contains(header.name.lowercased()) {
            found.append(header.value)
            // `Bearer abc…`, `Basic abc…`: the credentials without their scheme.
            if let space = header.value.firstIndex(of: " ") { found.append(String(header.value[space...].dropFirst())) }
            if header.name.lowercased() == "cookie" { found += Self.cookies(in: header.value).map(\.value) }
        }
        if !queryItems.isEmpty, let query = url.split(separator: "?", maxSplits: 1).dropFirst().first {
            found += namedValues(in: String(query.split(separator: "#", maxSplits: 1).first ?? ""))
        }
        if let body {
            if mimeType.lowercased().contains("x-www-form-urlencoded") { found += namedValues(in: body) }
            found += jsonStrings(in: body)
        }
        return travelling(found)
    }

    /// The values a response sets that this redaction hides: its cookies' values when `Set-Cookie` is
    /// redacted, and its named JSON fields' strings.
    func secrets(in response: HAR.Response) -> [String] {
        var found: [String] = []
        if headers.contains("set-cookie") {
            for header in response.headers where header.name.lowercased() == "set-cookie" {
                found += Self.cookies(in: header.value).prefix(1).map(\.value)
            }
            found += response.cookies.map(\.value)
        }
        if let text = response.content.text, response.content.encoding == nil { found += jsonStrings(in: text) }
        return travelling(found)
    }

    /// `text` with every secret replaced by the placeholder, longest first (so a secret holding another is
    /// hidden whole).
    func hiding(_ secrets: [String], in text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var hidden = text
        for secret in secrets where hidden.contains(secret) {
            hidden = hidden.replacingOccurrences(of: secret, with: placeholder)
        }
        return hidden
    }

    /// `response` with `secrets` hidden in its headers (`Location` among them), `redirectURL`, cookies and
    /// text body, and the values of the cookies named in `cookieNames` (the request's redacted cookies,
    /// set again) replaced.
    func hiding(_ secrets: [String], cookieNames: Set<String>, in response: HAR.Response) -> HAR.Response {
        var response = response
        response.headers = response.headers.map { header in
            var value = hiding(secrets, in: header.value)
            if header.name.lowercased() == "set-cookie", let cookie = Self.cookies(in: value).first,
                cookieNames.contains(cookie.name), let equals = value.firstIndex(of: "=")
            {
                let end = value[equals...].firstIndex(of: ";") ?? value.endIndex
                value.replaceSubrange(value.index(after: equals)..<end, with: placeholder)
            }
            return HAR.Header(name: header.name, value: value)
        }
        response.redirectURL = hiding(secrets, in: response.redirectURL)
        response.cookies = response.cookies.map { cookie in
            HAR.Cookie(
                name: cookie.name,
                value: cookieNames.contains(cookie.name) ? placeholder : hiding(secrets, in: cookie.value))
        }
        if let text = response.content.text, response.content.encoding == nil {
            response.content.text = hiding(secrets, in: text)
        }
        return response
    }

    /// The names of the cookies a request sends, when this redaction hides them.
    func redactedCookieNames(_ headers: [(name: String, value: String)], cookies: [HAR.Cookie]) -> Set<String> {
        guard self.headers.contains("cookie") else { return [] }
        let sent = headers.filter { $0.name.lowercased() == "cookie" }.flatMap { Self.cookies(in: $0.value) }
        return Set(sent.map(\.name) + cookies.map(\.name))
    }

    /// The values of the named query items (or form fields) in `pairs`, as written and decoded.
    private func namedValues(in pairs: String) -> [String] {
        guard !queryItems.isEmpty else { return [] }
        return FormEncoding.rawFields(pairs).flatMap { field -> [String] in
            guard queryItems.contains(FormEncoding.decode(field.name)), let value = field.value else { return [] }
            return [String(value), FormEncoding.decode(value)]
        }
    }

    /// The string values of the named JSON fields in `text`, at any depth.
    private func jsonStrings(in text: String) -> [String] {
        guard !jsonFields.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            return []
        }
        var found: [String] = []
        func walk(_ value: Any, named: Bool) {
            if let object = value as? [String: Any] {
                for (key, member) in object { walk(member, named: jsonFields.contains(key)) }
            } else if let array = value as? [Any] {
                for item in array { walk(item, named: named) }
            } else if named, let text = value as? String {
                found.append(text)
            }
        }
        walk(object, named: false)
        return found
    }

    /// `a=1; b=2` (a `Cookie` header) or `a=1; Path=/` (a `Set-Cookie`, whose first pair is the cookie):
    /// the name and value pairs.
    static func cookies(in header: String) -> [(name: String, value: String)] {
        header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The values long enough to hide wherever they appear, longest first, each once, the placeholder aside.
    private func travelling(_ values: [String]) -> [String] {
        var seen: Set<String> = [placeholder]
        return values.filter { $0.count >= Self.shortestTravellingSecret && seen.insert($0).inserted }
            .sorted { $0.count > $1.count }
    }
}
