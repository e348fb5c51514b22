import Foundation

/// What `litmus har inspect FILE` prints about a recording before it is committed or replayed: its
/// entries, the matcher each one becomes under the default rules, the values that read `REDACTED`, and
/// its age.
package struct HARInspection {
    /// The file inspected, as it was named.
    package let file: String
    /// The archive read from it.
    package let har: HAR
    /// The moment the age is measured at.
    package let now: Date

    /// Reads the HAR at `path`.
    ///
    /// - Throws: ``HARError/unreadable(_:reason:)`` for a missing or unreadable file, or
    ///   ``HARError/malformed(_:entry:field:reason:)`` naming the entry and field that is wrong.
    package init(file path: String, now: Date = Date()) throws(HARError) {
        self.file = path
        self.har = try HAR(contentsOf: URL(fileURLWithPath: path))
        self.now = now
    }

    /// The report: a heading, then the entries, the matching, the redacted values and the age.
    package var text: String {
        let entries = har.log.entries
        var lines = ["\(file): \(entries.count) \(entries.count == 1 ? "entry" : "entries")\(madeBy)", ""]
        lines += ["Entries (method, status, response body, URL):"]
        lines += entries.isEmpty ? ["  none"] : Self.table(entries.enumerated().map(Self.entryColumns))
        lines += ["", "Matching when replayed (HARMatching.standard: method, host, path, query, body):"]
        lines += entries.isEmpty ? ["  none"] : matchingLines
        lines += ["", "Redacted (values that read \(HARRedaction.standard.placeholder)):"]
        let redacted = entries.enumerated().flatMap { index, entry in
            Self.redactedFields(of: entry).map { "  \(index)  \($0)" }
        }
        lines += redacted.isEmpty ? ["  none: check that the file holds no secret before committing it"] : redacted
        lines += ["", "Age: \(ageText)", ""]
        return lines.joined(separator: "\n")
    }

    /// ` (made by Litmus 1.0)`, or nothing when the file does not say.
    private var madeBy: String {
        let creator = "\(har.log.creator.name) \(har.log.creator.version)".trimmingCharacters(in: .whitespaces)
        let browser = har.log.browser.map { " in \($0.name) \($0.version)" } ?? ""
        return creator.isEmpty ? "" : " (made by \(creator)\(browser))"
    }

    private var ageText: String {
        guard !har.log.entries.isEmpty else { return "none (no entries)" }
        guard let recorded = har.recordedDate else {
            return "unknown: no entry's startedDateTime is a date, so an expiresAfter: limit counts it as expired"
        }
        let date = recorded.formatted(Date.ISO8601FormatStyle())
        return "\(HARAge(from: recorded, to: now)) (the oldest entry started \(date))"
    }

    /// Each entry's matcher as a replay builds it (after the standard redaction); an entry matched alike
    /// an earlier one says so, since replay answers them in recorded order.
    private var matchingLines: [String] {
        var firstOfDescription: [String: Int] = [:]
        return har.log.entries.enumerated().map { index, entry in
            guard let request = entry.recordedRequest else {
                return "  \(index)  cannot be replayed: request.url \(entry.request.url) is not an absolute URL"
            }
            guard entry.stubResponse(timing: .none) != nil else {
                return "  \(index)  cannot be replayed: response.content.text is not valid base64"
            }
            let description = HARMatching.standard.makeMatcher(HARRedaction.standard.redact(request)).description
            if let first = firstOfDescription[description] {
                return "  \(index)  alike entry \(first): answers after it, in recorded order"
            }
            firstOfDescription[description] = index
            return "  \(index)  \(description)"
        }
    }

    private static func entryColumns(index: Int, entry: HAR.Entry) -> [String] {
        let size = entry.response.content.size
        return [
            "\(index)", entry.request.method, "\(entry.response.status)",
            size >= 0 ? "\(size) \(size == 1 ? "byte" : "bytes")" : "size unknown", entry.request.url,
        ]
    }

    /// Rows with each column but the last padded to its widest cell, indented by two spaces.
    private static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            return "  " + cells.joined(separator: "  ")
        }
    }

    /// Where `entry` holds the placeholder: `request header Authorization`, `response JSON field user.token`.
    private static func redactedFields(of entry: HAR.Entry) -> [String] {
        let placeholder = HARRedaction.standard.placeholder
        func named(_ fields: [HAR.Header], _ kind: String) -> [String] {
            fields.filter { $0.value == placeholder }.map { "\(kind) \($0.name)" }
        }
        let request = entry.request
        var found = named(request.headers, "request header") + named(request.cookies.map(Self.field), "request cookie")
        found += named(request.queryString, "query item")
        if let post = request.postData, post.encoding == nil {
            let formFields = post.params ?? []
            let textFields =
                post.mimeType.lowercased().contains("x-www-form-urlencoded")
                ? FormEncoding.fields(post.text).map { HAR.Header(name: $0.name, value: $0.value ?? "") } : []
            found += named(formFields.isEmpty ? textFields : formFields, "form field")
            found += jsonFields(in: post.text, holding: placeholder).map { "request JSON field \($0)" }
        }
        found += named(entry.response.headers, "response header")
        found += named(entry.response.cookies.map(Self.field), "response cookie")
        if let text = entry.response.content.text, entry.response.content.encoding == nil {
            found += jsonFields(in: text, holding: placeholder).map { "response JSON field \($0)" }
        }
        return found
    }

    private static func field(_ cookie: HAR.Cookie) -> HAR.Header {
        HAR.Header(name: cookie.name, value: cookie.value)
    }

    /// The key paths (`user.token`, `items.0.key`) whose value is the string `value`, in a JSON text;
    /// none when the text is not JSON.
    private static func jsonFields(in text: String, holding value: String) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else {
            return []
        }
        func paths(_ json: Any, _ prefix: String) -> [String] {
            let join = { (key: String) in prefix.isEmpty ? key : "\(prefix).\(key)" }
            if let object = json as? [String: Any] {
                return object.keys.sorted().flatMap { key in
                    (object[key] as? String) == value ? [join(key)] : paths(object[key] as Any, join(key))
                }
            }
            if let array = json as? [Any] {
                return array.enumerated().flatMap { index, element in
                    (element as? String) == value ? [join("\(index)")] : paths(element, join("\(index)"))
                }
            }
            return []
        }
        return paths(json, "")
    }
}
