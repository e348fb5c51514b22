import Foundation
import LitmusRunning
import SwiftSyntax

/// The texts the package's own sources (its targets that are not tests) write in string literals, each as its
/// fixed parts around its interpolations: what tells a message the package wrote on purpose (an error's
/// `description`, "You cannot look up remote JSON references …") from a value's rendering. Read once, at the
/// first question.
final class PackageTexts: @unchecked Sendable {
    /// A string literal: its fixed parts, in order, with whether an interpolation comes before, between and
    /// after them.
    struct Pattern: Hashable {
        var parts: [String]
        var opensWithValue: Bool
        var closesWithValue: Bool

        /// The characters of its fixed parts.
        var fixedLength: Int { parts.reduce(0) { $0 + $1.count } }

        /// Whether `text` is this literal with some value for each interpolation.
        func matches(_ text: String) -> Bool {
            guard !parts.isEmpty else { return false }
            var rest = Substring(text)
            for (index, part) in parts.enumerated() {
                let first = index == 0 && !opensWithValue
                if first {
                    guard rest.hasPrefix(part) else { return false }
                    rest = rest.dropFirst(part.count)
                } else if index == parts.count - 1 && !closesWithValue {
                    return rest.hasSuffix(part) && rest.count >= part.count
                } else {
                    guard let found = rest.range(of: part) else { return false }
                    rest = rest[found.upperBound...]
                }
            }
            return closesWithValue || rest.isEmpty
        }
    }

    /// The least a literal's fixed parts must hold, in characters, for a text matching it to be the package's
    /// own: `"\(name): \(value)"` fits any text with a colon.
    static let fixedMinimum = 12

    private let list: () -> [URL]
    private var patterns: [Pattern]?
    private let lock = NSLock()

    /// The texts of the files `list` gives when first asked.
    init(files list: @escaping () -> [URL]) { self.list = list }

    /// Whether `text` is one the package writes: a literal of its sources whose fixed parts hold at least
    /// ``fixedMinimum`` characters and half of `text`, with values in its interpolations.
    func writes(_ text: String) -> Bool {
        read().contains { pattern in
            pattern.fixedLength >= Self.fixedMinimum && 2 * pattern.fixedLength >= text.count
                && pattern.matches(text)
        }
    }

    /// Whether `fragment` is part of a text the package writes: a fixed part of one of its literals holds it, and it
    /// has at least ``fixedMinimum`` characters (`"Unknown arguments"` of kareman/Moderator 0.5.1's `"Unknown
    /// arguments: \(…)"`).
    func holds(_ fragment: String) -> Bool {
        guard fragment.count >= Self.fixedMinimum else { return false }
        return read().contains { pattern in pattern.parts.contains { $0.contains(fragment) } }
    }

    /// The patterns of the package's literals, read when first asked.
    private func read() -> [Pattern] {
        lock.withLock {
            if let patterns = self.patterns { return patterns }
            let read = Self.patterns(in: list())
            self.patterns = read
            return read
        }
    }

    /// The patterns of the string literals of `files` long enough to count; not of test code among them: a
    /// manifest, a file in a `Tests` or `Fixtures` folder, a test-support library's file (one importing XCTest or
    /// Swift Testing), where a test's expected texts may be written.
    static func patterns(in files: [URL]) -> [Pattern] {
        var found: Set<Pattern> = []
        for url in files where !isTestCode(url) {
            guard let text = try? String(contentsOf: url, encoding: .utf8), text.contains("\""),
                !text.split(separator: "\n").contains(where: { line in
                    ["import XCTest", "import Testing"].contains { line.hasPrefix($0) }
                })
            else { continue }
            for literal in SwiftSource.parse(text).descendants(of: StringLiteralExprSyntax.self) {
                if let pattern = pattern(of: literal), pattern.fixedLength >= fixedMinimum { found.insert(pattern) }
            }
        }
        return Array(found)
    }

    /// Whether `url` is a manifest or in a folder of tests or fixtures (below its last `Sources` folder, if any: a
    /// fixture package's own sources are product code).
    private static func isTestCode(_ url: URL) -> Bool {
        let components = url.pathComponents
        let below = components.lastIndex(of: "Sources").map { components[($0 + 1)...] } ?? components[...]
        return url.lastPathComponent == "Package.swift" || below.contains { ["Tests", "Fixtures"].contains($0) }
    }

    /// The fixed parts of `literal` and where its interpolations are, escapes read as the compiler reads them;
    /// `nil` for a multi-line literal with interpolations (its indentation is not the text's) or a part that does
    /// not read.
    static func pattern(of literal: StringLiteralExprSyntax) -> Pattern? {
        if let whole = literal.representedLiteralValue {
            return Pattern(parts: [whole], opensWithValue: false, closesWithValue: false)
        }
        guard literal.openingQuote.tokenKind == .stringQuote else { return nil }
        var parts: [String] = []
        var opens = false
        var last: Bool?
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                guard let read = unescaped(text, pounds: literal.openingPounds?.text ?? "") else { return nil }
                if last == false, let previous = parts.popLast() {
                    parts.append(previous + read)
                } else {
                    parts.append(read)
                }
                last = false
            } else {
                if last == nil { opens = true }
                last = true
            }
        }
        guard !parts.isEmpty else { return nil }
        return Pattern(parts: parts, opensWithValue: opens, closesWithValue: last == true)
    }

    /// The text of a single-line literal's segment as the compiler reads it: the segment alone, written as a
    /// literal of the same delimiters and read by the parser (`\"`, `\u{…}`, `\#n` in a raw string).
    private static func unescaped(_ segment: StringSegmentSyntax, pounds: String) -> String? {
        let raw = segment.content.text
        guard raw.contains("\\") else { return raw }
        return SwiftSource.parse("_ = \(pounds)\"\(raw)\"\(pounds)").descendants(of: StringLiteralExprSyntax.self)
            .first?.representedLiteralValue
    }
}
