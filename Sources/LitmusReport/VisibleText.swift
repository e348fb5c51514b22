import Foundation

/// Text a test wrote (its name, a failure message, a line it printed), made safe for a report: a test can
/// print any byte, and a control character written as it is would drive a terminal (`ESC [2J` clears
/// it) or make an XML report that no parser reads (XML 1.0 allows no control character but tab, line
/// feed and carriage return). Such a character is shown as Swift writes it in a string literal,
/// `\u{1B}`, so the report says what was there. Bytes that were not UTF-8 reach the reports already as
/// U+FFFD (a process's output is decoded with replacement).
enum VisibleText {
    /// `text` for a terminal: every control character (C0, DEL, C1) but the line feed and tab written as
    /// `\u{1B}`, the carriage return too (it would overwrite the line).
    static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                shown.append(contentsOf: written(scalar).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// `text` as XML 1.0 character data, or an attribute's value when `attribute`: the five markup
    /// characters as entities, every other control character and the noncharacters U+FFFE and U+FFFF
    /// (which XML does not allow) written as `\u{1B}`; in an attribute, tab, line feed and carriage return
    /// as character references, which a parser's normalization of attributes keeps.
    static func xml(_ text: String, attribute: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t": escaped += attribute ? "&#9;" : "\t"
            case "\n": escaped += attribute ? "&#10;" : "\n"
            // A raw carriage return is read back as a line feed, even in character data.
            case "\r": escaped += "&#13;"
            case "\u{FFFE}", "\u{FFFF}": escaped += written(scalar)
            default:
                if isControl(scalar) {
                    escaped += written(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// Whether `scalar` is a control character: C0, DEL or C1 (Unicode's general category Cc).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `\u{1B}`: at least two hexadecimal digits, as Swift prints a string's control characters.
    private static func written(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (digits.count < 2 ? "0" + digits : digits) + "}"
    }
}
