import Foundation
import LitmusModel

/// The HTML report: one self-contained page (its scripts and styles inline, no network) that shows an
/// audit and a mutation run, built only from their JSON reports.
///
/// The JSON is embedded unchanged (apart from escaping) in `<script type="application/json">` elements
/// and the page's own script renders it, so the page holds exactly what the JSON holds; docs/report.md
/// describes the page.
public struct HTMLReport: Sendable {
    /// The audit report's JSON (`litmus audit --json`), if any.
    public var auditJSON: Data?
    /// The mutation report's JSON (Stryker's schema version 2, `litmus mutate --json`), if any.
    public var mutationJSON: Data?
    /// A history's summary as `litmus history --json` writes it (`HistorySummary.json()`), if any: the
    /// page then charts its trend and lists its flaky tests and quarantine advice.
    public var historyJSON: Data?

    /// A report of the given JSON documents, as read by ``ReportFile``.
    public init(auditJSON: Data?, mutationJSON: Data? = nil, historyJSON: Data? = nil) {
        self.auditJSON = auditJSON
        self.mutationJSON = mutationJSON
        self.historyJSON = historyJSON
    }

    /// A report of an audit and, if given, a mutation run and a history, encoded as their `--json` files are.
    public init(audit: AuditReport?, mutation: StrykerReport? = nil, history: HistorySummary? = nil) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.init(
            auditJSON: try audit.map(encoder.encode), mutationJSON: try mutation.map(encoder.encode),
            historyJSON: try history?.json())
    }

    /// The page.
    public func render() -> String {
        let values: [String: String] = [
            "STYLE": String(decoding: PackageResources.report_css, as: UTF8.self),
            "TABLE": String(decoding: PackageResources.report_table_js, as: UTF8.self),
            "SCRIPT": String(decoding: PackageResources.report_js, as: UTF8.self),
            "AUDIT": auditJSON.map(Self.embeddable) ?? "null",
            "MUTATION": mutationJSON.map(Self.embeddable) ?? "null",
            "HISTORY": historyJSON.map(Self.embeddable) ?? "null",
        ]
        return Self.fill(String(decoding: PackageResources.report_html, as: UTF8.self), with: values)
    }

    /// Writes the page to `url`.
    public func write(to url: URL) throws {
        try Data(render().utf8).write(to: url, options: .atomic)
    }

    /// JSON that can sit inside `<script>`: `<`, `>` and `&` occur in JSON only inside strings, where
    /// `\u003c` means the same, so no `</script>` or `<!--` in a test name can end the element early.
    /// U+2028 and U+2029 are escaped too, as some tools still read them as line ends, and DEL and the C1
    /// controls, which HTML does not allow raw (JSON escapes the C0 controls itself).
    static func embeddable(_ json: Data) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(json.count + json.count / 16)
        var index = json.startIndex
        while index < json.endIndex {
            let byte = json[index]
            let separator =
                byte == 0xE2 && index + 2 < json.endIndex && json[index + 1] == 0x80
                && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9)
            if separator {
                escaped += Array((json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 3
                continue
            }
            // C1 controls (U+0080 to U+009F: C2 80 to C2 9F), which HTML calls a parse error in any text.
            if byte == 0xC2, index + 1 < json.endIndex, (0x80...0x9F).contains(json[index + 1]) {
                escaped += Array("\\u00\(String(json[index + 1], radix: 16))".utf8)
                index += 2
                continue
            }
            switch byte {
            case UInt8(ascii: "<"): escaped += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): escaped += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): escaped += Array("\\u0026".utf8)
            case 0x7F: escaped += Array("\\u007f".utf8)
            default: escaped.append(byte)
            }
            index += 1
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Replaces each `{{NAME}}` of the template in one pass, so text inserted for one marker is never
    /// read as another.
    static func fill(_ template: String, with values: [String: String]) -> String {
        var output = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            output += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            output += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return output + rest
    }
}
