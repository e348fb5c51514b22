import Foundation

/// The `// litmus:ignore <kind> <reason>` comments of a test file. Each silences one finding of its
/// kind at the line it names: its own line when code comes before it, else the next line that is
/// neither blank nor a comment. The finding stays in the report, marked ignored with the reason, and
/// counts against no letter.
struct IgnoreComments {
    /// One comment.
    struct Directive: Hashable {
        /// The line it silences.
        var line: Int
        /// The finding kind it names, as written.
        var kind: String
        /// Its reason (`no reason given` when it gives none).
        var reason: String
    }

    /// The marker the comments start with.
    static let marker = "litmus:ignore"

    var directives: [Directive] = []

    /// The comments of `text`.
    init(text: String) {
        guard text.contains(Self.marker) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var pending: [(kind: String, reason: String)] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let number = index + 1
            if let range = line.range(of: "//"), let directive = Self.parse(line[range.upperBound...]) {
                let codeBefore = !line[..<range.lowerBound].trimmingCharacters(in: .whitespaces).isEmpty
                if codeBefore {
                    directives.append(Directive(line: number, kind: directive.kind, reason: directive.reason))
                } else {
                    pending.append(directive)
                }
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") {
                continue
            }
            directives += pending.map { Directive(line: number, kind: $0.kind, reason: $0.reason) }
            pending.removeAll()
        }
    }

    /// `litmus:ignore kind reason` after `//`, or `nil`.
    private static func parse(_ comment: Substring) -> (kind: String, reason: String)? {
        let text = comment.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix(marker) else { return nil }
        let words = text.dropFirst(marker.count).split(separator: " ", maxSplits: 1)
        guard let kind = words.first else { return nil }
        let reason = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        return (String(kind), reason.isEmpty ? "no reason given" : reason)
    }

    /// Marks as ignored, in `findings` of `file`, one finding per comment: of its kind, at its line.
    func apply(to findings: inout [AnalyzedFinding], file: String) {
        for directive in directives {
            guard
                let index = findings.firstIndex(where: {
                    $0.file == file && $0.line == directive.line && $0.kind.rawValue == directive.kind
                        && $0.finding.ignored == nil
                })
            else { continue }
            findings[index].finding.ignored = directive.reason
        }
    }
}
