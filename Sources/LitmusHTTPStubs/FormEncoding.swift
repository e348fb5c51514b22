import Foundation

/// `application/x-www-form-urlencoded` as the stubs read it: a form body a matcher compares, and a
/// query or form body a HAR's redaction rewrites.
enum FormEncoding {
    /// The fields of `text` (`a=1&b=2`) as written, each split at its first `=` (`value` is `nil` when it
    /// has none); empty pieces are kept, so joining them with `&` gives `text` back.
    static func rawFields(_ text: some StringProtocol) -> [(name: Substring, value: Substring?)] {
        String(text).split(separator: "&", omittingEmptySubsequences: false).map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count > 1 ? parts[1] : nil)
        }
    }

    /// The fields of a form body, decoded, in order, repeated names kept; `=x` is a field with an empty
    /// name, `a=` one with an empty value, and `a&&b` holds two fields.
    static func fields(_ text: some StringProtocol) -> [URLQueryItem] {
        rawFields(text).filter { !$0.name.isEmpty || $0.value != nil }.map {
            URLQueryItem(name: decode($0.name), value: $0.value.map(decode))
        }
    }

    /// Fields as a form body: `+`, `&`, `=` and what a query may not hold are percent-encoded, so
    /// ``fields(_:)`` reads them back as they were.
    static func encode(_ items: [URLQueryItem]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=")
        func escaped(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return items.map { item in item.value.map { "\(escaped(item.name))=\(escaped($0))" } ?? escaped(item.name) }
            .joined(separator: "&")
    }

    /// A name or value decoded: `+` is a space and `%XX` a byte; text that is not valid percent-encoding
    /// is kept as written.
    static func decode(_ component: some StringProtocol) -> String {
        let spaced = component.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? String(component)
    }
}
