import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, as a browser submits a form.
enum FormFields {
    /// Decodes `body`; a field given twice keeps its last value, a malformed escape keeps the raw text.
    static func decode(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            fields[name] = parts.count > 1 ? unescape(parts[1]) : ""
        }
        return fields
    }

    private static func unescape(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
