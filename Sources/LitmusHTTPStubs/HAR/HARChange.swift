import Foundation
import LitmusJSON
import LitmusSupport

/// One way a live service's answer differs from the recorded one (`litmus har verify`): the status, a
/// header, the shape of the JSON body by key path, or the content of a body that is not JSON. In a JSON
/// body, values that merely differ (another album's title) are not changes; a field that appeared,
/// disappeared or holds another kind of value is. A text body that is not JSON changes when its lines do,
/// a binary body when its bytes do.
public struct HARChange: Sendable, Equatable, CustomStringConvertible {
    /// What changed.
    public enum Kind: Sendable, Equatable {
        /// The status code.
        case status(recorded: Int, live: Int)
        /// A header the live answer has and the recording does not.
        case headerAdded(String)
        /// A header the recording has and the live answer does not.
        case headerRemoved(String)
        /// The media type of `Content-Type` (parameters such as `charset` aside).
        case contentType(recorded: String, live: String)
        /// A JSON field, at a key path (`album.tracks[].title`), the live answer has and the recording does not.
        case fieldAdded(path: String, type: String)
        /// A JSON field the recording has and the live answer does not.
        case fieldRemoved(path: String, type: String)
        /// A JSON field holding another kind of value (`number`, now `string`).
        case fieldRetyped(path: String, recorded: String, live: String)
        /// The recorded body was JSON; the live one is not (`live` describes it).
        case bodyNoLongerJSON(live: String)
        /// The live body is JSON; the recorded one was not.
        case bodyNowJSON
        /// A text body that is not JSON, with other lines: how many of the recorded lines are gone and how
        /// many live ones are new (a line diff), and the first line that differs.
        case textChanged(TextDifference)
        /// A binary body (or one that turned binary or text) with other bytes: each one's length and hash.
        case bytesChanged(recorded: BodyDigest, live: BodyDigest)
    }

    /// How a text body's lines changed (``Kind/textChanged(_:)``).
    public struct TextDifference: Sendable, Equatable {
        /// Recorded lines the live body does not have (by a longest common subsequence of lines).
        public var removed: Int
        /// Live lines the recorded body does not have.
        public var added: Int
        /// The recorded body's number of lines.
        public var recordedLines: Int
        /// The live body's number of lines.
        public var liveLines: Int
        /// The first line, counting from 1, where the two differ.
        public var firstLine: Int
        /// The recorded line there (shortened to 60 characters), or nil past its end.
        public var recordedLine: String?
        /// The live line there (shortened to 60 characters), or nil past its end.
        public var liveLine: String?

        /// The difference between two texts.
        public init(
            removed: Int, added: Int, recordedLines: Int, liveLines: Int, firstLine: Int, recordedLine: String?,
            liveLine: String?
        ) {
            self.removed = removed
            self.added = added
            self.recordedLines = recordedLines
            self.liveLines = liveLines
            self.firstLine = firstLine
            self.recordedLine = recordedLine
            self.liveLine = liveLine
        }
    }

    /// A body's length and a hash of its bytes (FNV-1a, 64 bits, in hexadecimal): enough to tell two apart.
    public struct BodyDigest: Sendable, Equatable, CustomStringConvertible {
        /// Whether it was read as text (UTF-8) or bytes.
        public var isText: Bool
        /// Its length in bytes.
        public var length: Int
        /// FNV-1a 64 of its bytes, 16 hexadecimal digits.
        public var hash: String

        /// The digest of `body`.
        public init(_ body: Data, isText: Bool) {
            self.isText = isText
            self.length = body.count
            self.hash = ContentHash.hex(body)
        }

        /// `binary, 1024 bytes, FNV-1a 64 0123456789abcdef`.
        public var description: String {
            "\(isText ? "text" : "binary"), \(length) \(length == 1 ? "byte" : "bytes"), FNV-1a 64 \(hash)"
        }
    }

    /// What changed.
    public let kind: Kind

    /// A change of `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// `status: 200, now 404`, `JSON field album.year: removed (was number)`.
    public var description: String {
        switch kind {
        case .status(let recorded, let live): "status: \(recorded), now \(live)"
        case .headerAdded(let name): "header \(name): added"
        case .headerRemoved(let name): "header \(name): removed"
        case .contentType(let recorded, let live): "header Content-Type: \(recorded), now \(live)"
        case .fieldAdded(let path, let type): "JSON field \(path): added (\(type))"
        case .fieldRemoved(let path, let type): "JSON field \(path): removed (was \(type))"
        case .fieldRetyped(let path, let recorded, let live): "JSON field \(path): \(recorded), now \(live)"
        case .bodyNoLongerJSON(let live): "body: JSON, now \(live)"
        case .bodyNowJSON: "body: not JSON, now JSON"
        case .textChanged(let text): Self.describe(text)
        case .bytesChanged(let recorded, let live): "body: \(recorded), now \(live)"
        }
    }

    /// Headers that differ from one answer to the next (dates, sizes, caches, tracing): never compared.
    public static let volatileHeaders: Set<String> = [
        "age", "alt-svc", "cf-ray", "connection", "content-encoding", "content-length", "date", "etag",
        "expires", "keep-alive", "last-modified", "nel", "report-to", "request-id", "server", "transfer-encoding",
        "via", "x-request-id", "x-runtime",
    ]

    /// How `live` differs from `recorded`: the status, headers added or removed (volatile ones aside), the
    /// media type, and the JSON body's fields added, removed or retyped. Empty when nothing changed.
    public static func changes(recorded: StubResponse, live: StubResponse) -> [HARChange] {
        var changes: [HARChange] = []
        if recorded.status != live.status {
            changes.append(HARChange(.status(recorded: recorded.status, live: live.status)))
        }
        let (old, new) = (headerNames(recorded), headerNames(live))
        for key in old.keys.sorted() where new[key] == nil { changes.append(HARChange(.headerRemoved(old[key]!))) }
        for key in new.keys.sorted() where old[key] == nil { changes.append(HARChange(.headerAdded(new[key]!))) }
        if let before = mediaType(recorded), let after = mediaType(live), before != after {
            changes.append(HARChange(.contentType(recorded: before, live: after)))
        }
        switch (JSONValue(recorded.body), JSONValue(live.body)) {
        case (let before?, let after?): changes += jsonChanges(recorded: before, live: after)
        case (.some, nil): changes.append(HARChange(.bodyNoLongerJSON(live: describe(live.body))))
        case (nil, .some) where !recorded.body.isEmpty: changes.append(HARChange(.bodyNowJSON))
        case (nil, nil) where recorded.body != live.body: changes.append(bodyChange(recorded: recorded, live: live))
        default: break
        }
        return changes
    }

    /// How two bodies that are not JSON, and not the same bytes, differ: by lines when both are text,
    /// else by length and hash.
    private static func bodyChange(recorded: StubResponse, live: StubResponse) -> HARChange {
        let (before, after) = (text(of: recorded), text(of: live))
        guard let before, let after else {
            return HARChange(
                .bytesChanged(
                    recorded: BodyDigest(recorded.body, isText: before != nil),
                    live: BodyDigest(live.body, isText: after != nil)))
        }
        return HARChange(.textChanged(lineDifference(before, after)))
    }

    /// The body as text: UTF-8 with a text media type, or, without one, UTF-8 holding no control
    /// characters but tabs and line ends. Nil for bytes.
    private static func text(of response: StubResponse) -> String? {
        guard let text = String(data: response.body, encoding: .utf8) else { return nil }
        if let type = mediaType(response),
            type.hasPrefix("text/")
                || ["xml", "javascript", "html", "csv", "yaml", "x-www-form-urlencoded"].contains(
                    where: { type.contains($0) })
        {
            return text
        }
        let isPlain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 || [0x09, 0x0A, 0x0D].contains($0.value) }
        return isPlain ? text : nil
    }

    /// The lines removed and added between two texts, by their longest common subsequence of lines (by
    /// counts alone past a million line pairs), and the first line that differs.
    static func lineDifference(_ recorded: String, _ live: String) -> TextDifference {
        let old = lines(recorded)
        let new = lines(live)
        let common: Int
        if old.count * new.count <= 1_000_000 {
            common = LineDiff.edits(old, new).filter { $0.mark == " " }.count
        } else {
            var counts: [Substring: Int] = [:]
            for line in old { counts[line, default: 0] += 1 }
            common = new.reduce(0) { found, line in
                guard let left = counts[line], left > 0 else { return found }
                counts[line] = left - 1
                return found + 1
            }
        }
        let first = zip(old, new).prefix { $0 == $1 }.count
        func shortened(_ lines: [Substring]) -> String? {
            guard first < lines.count else { return nil }
            let line = lines[first]
            return line.count > 60 ? line.prefix(59) + "…" : String(line)
        }
        return TextDifference(
            removed: old.count - common, added: new.count - common, recordedLines: old.count, liveLines: new.count,
            firstLine: first + 1, recordedLine: shortened(old), liveLine: shortened(new))
    }

    private static func lines(_ text: String) -> [Substring] {
        guard !text.isEmpty else { return [] }
        // "\r\n" is one Character in Swift: both line ends split the same way.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func describe(_ text: TextDifference) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        func quoted(_ line: String?) -> String { line.map { "\"\($0)\"" } ?? "(none)" }
        var summary = "text body: \(count(text.removed, "line")) removed, \(text.added) added "
        summary += "(\(count(text.recordedLines, "line")), now \(text.liveLines))"
        if text.removed == 0 && text.added == 0 {
            return "text body: the same lines, other line ends"
        }
        return summary + "; first at line \(text.firstLine): \(quoted(text.recordedLine)), now \(quoted(text.liveLine))"
    }

    /// The fields of `live` added, removed or retyped against `recorded`, by key path: object keys joined
    /// by dots, `[]` for an array's elements (compared pairwise, each path reported once).
    package static func jsonChanges(recorded: JSONValue, live: JSONValue) -> [HARChange] {
        var changes: [HARChange] = []
        var seen: Set<String> = []
        func add(_ change: HARChange) {
            if seen.insert(change.description).inserted { changes.append(change) }
        }
        func compare(_ before: JSONValue, _ after: JSONValue, _ path: String) {
            switch (before, after) {
            case (.object(let old), .object(let new)):
                for key in old.keys.sorted() {
                    let inner = path.isEmpty ? key : "\(path).\(key)"
                    if let value = new[key] {
                        compare(old[key]!, value, inner)
                    } else {
                        add(HARChange(.fieldRemoved(path: inner, type: typeName(old[key]!))))
                    }
                }
                for key in new.keys.sorted() where old[key] == nil {
                    add(HARChange(.fieldAdded(path: path.isEmpty ? key : "\(path).\(key)", type: typeName(new[key]!))))
                }
            case (.array(let old), .array(let new)):
                for (first, second) in zip(old, new) { compare(first, second, "\(path)[]") }
            default:
                let (oldType, newType) = (typeName(before), typeName(after))
                if oldType != newType {
                    add(
                        HARChange(
                            .fieldRetyped(path: path.isEmpty ? "(the body)" : path, recorded: oldType, live: newType)))
                }
            }
        }
        compare(recorded, live, "")
        return changes
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The header names of `response` that are compared, by their lower-cased name.
    private static func headerNames(_ response: StubResponse) -> [String: String] {
        var names: [String: String] = [:]
        for name in response.headers.keys where !volatileHeaders.contains(name.lowercased()) {
            names[name.lowercased()] = name
        }
        return names
    }

    private static func mediaType(_ response: StubResponse) -> String? {
        guard let value = response.headers.first(where: { $0.key.lowercased() == "content-type" })?.value else {
            return nil
        }
        return value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    private static func describe(_ body: Data) -> String {
        body.isEmpty ? "empty" : "not JSON (\(body.count) \(body.count == 1 ? "byte" : "bytes"))"
    }
}
