import Foundation
import LitmusJSON

/// One way a live service's answer differs from the recorded one (`litmus-har verify`): the status, a
/// header, or the shape of the JSON body by key path. Values that merely differ (another album's title)
/// are not changes; a field that appeared, disappeared or holds another kind of value is.
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
        default: break
        }
        return changes
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
