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

    /// A name or value decoded: `+` is a space and `%XX` a byte; text that is not valid percent-encoding
    /// is kept as written.
    static func decode(_ component: some StringProtocol) -> String {
        let spaced = component.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? String(component)
    }
}
