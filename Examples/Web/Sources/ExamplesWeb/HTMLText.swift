/// Text made safe to put between HTML tags or inside a quoted attribute.
///
/// Every value a view takes from a view model passes through here, so a label such as `<` or `"`
/// is shown, never interpreted.
struct HTMLText: CustomStringConvertible, Sendable {
    /// The escaped text.
    let description: String

    /// Escapes `text` for use in HTML content and quoted attribute values.
    init(_ text: String) {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        description = escaped
    }
}

extension String.StringInterpolation {
    /// Interpolates `text` HTML-escaped: `"<p>\(html: label)</p>"`.
    mutating func appendInterpolation(html text: String) {
        appendLiteral(HTMLText(text).description)
    }
}
