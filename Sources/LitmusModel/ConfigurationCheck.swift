import Foundation
import LitmusJSON

/// One thing wrong in a configuration file: the key path where it is (`thresholds.maxFast`,
/// `budgets.tags.endToEnd`, `extraHints[1]`) and what is wrong there, in a sentence that says what was
/// expected.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The key path.
    public var path: String
    /// What is wrong, after the path: `must be a whole number (it is 1.5)`.
    public var reason: String

    /// `` `runs` must be a whole number (it is 1.5) ``; `the file must be …` for the whole file.
    public var description: String { path.isEmpty ? "the file \(reason)" : "`\(path)` \(reason)" }
}

/// Checks a configuration file's JSON against the shape its settings declare (``ConfigurationShape``):
/// every key it does not know (with the nearest known key), every value of the wrong kind, each named by
/// its key path. Unknown keys are found from the declared settings themselves, so a new setting is known
/// as soon as it is declared.
enum ConfigurationCheck {
    /// Every problem of `value` against `shape`, in key order.
    static func problems(in value: JSONValue, shape: ConfigurationShape) -> [ConfigurationProblem] {
        guard case .object = value else {
            return [ConfigurationProblem(path: "", reason: "must be \(shape.expected) (it is \(shown(value)))")]
        }
        var problems: [ConfigurationProblem] = []
        check(value, against: shape, at: [], root: shape, into: &problems)
        return problems
    }

    private static func check(
        _ value: JSONValue, against shape: ConfigurationShape, at path: [String], root: ConfigurationShape,
        into problems: inout [ConfigurationProblem]
    ) {
        switch (shape, value) {
        case (.wholeNumber, .number(let number)) where number == number.rounded() && abs(number) < 9e15: return
        case (.number, .number), (.boolean, .bool), (.text, .string): return
        case (.oneOf(let choices), .string(let text)) where choices.contains(text): return
        case (.list(let element), .array(let items)):
            for (index, item) in items.enumerated() {
                let itemPath = path.dropLast() + ["\(path.last ?? "")[\(index)]"]
                check(item, against: element, at: Array(itemPath), root: root, into: &problems)
            }
        case (.map(let valueShape), .object(let members)):
            for key in members.keys.sorted() {
                check(members[key]!, against: valueShape, at: path + [key], root: root, into: &problems)
            }
        case (.object(let known), .object(let members)):
            for key in members.keys.sorted() {
                guard let member = known.first(where: { $0.key == key }) else {
                    problems.append(unknown(key, at: path, among: known, root: root))
                    continue
                }
                // `null` is a missing key: the default holds, as the decoder reads it.
                if members[key] == .null { continue }
                check(members[key]!, against: member.shape, at: path + [key], root: root, into: &problems)
            }
        default:
            problems.append(
                ConfigurationProblem(
                    path: path.joined(separator: "."), reason: "must be \(shape.expected) (it is \(shown(value)))"))
        }
    }

    /// The problem of a key `key` that the object at `path` does not declare: the declared key whose flag
    /// it is (`timeout`), else the nearest declared key there, else where a key of that name belongs, else
    /// the keys it takes.
    private static func unknown(
        _ key: String, at path: [String], among known: [ConfigurationShape.Member], root: ConfigurationShape
    ) -> ConfigurationProblem {
        let full = (path + [key]).joined(separator: ".")
        let what = path.isEmpty ? "is not a setting" : "is not a key of `\(path.joined(separator: "."))`"
        if let nearest = known.first(where: { $0.flag.map(plain) == plain(key) })?.key
            ?? nearest(to: key, among: known.map(\.key))
        {
            return ConfigurationProblem(path: full, reason: "\(what): did you mean `\(nearest)`?")
        }
        if let elsewhere = place(of: key, in: root, at: []), elsewhere != path + [key] {
            let place = elsewhere.joined(separator: ".")
            return ConfigurationProblem(path: full, reason: "\(what): did you mean `\(place)`?")
        }
        let keys = known.map { "`\($0.key)`" }.joined(separator: ", ")
        return ConfigurationProblem(path: full, reason: "\(what) (the keys here: \(keys))")
    }

    /// The declared key nearest `key` by edit distance (letter case aside), when near enough to be a typo:
    /// at most one edit in four letters, and at least one.
    static func nearest(to key: String, among keys: [String]) -> String? {
        let scored = keys.map { ($0, distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, min(key.count, best.0.count) / 4) ? best.0 : nil
    }

    /// A key or flag without case, dashes and underscores: `budget-ms` and `budgetMs` are one.
    private static func plain(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" }
    }

    /// The key path of a declared object key named `key`, anywhere in `shape`.
    private static func place(of key: String, in shape: ConfigurationShape, at path: [String]) -> [String]? {
        guard case .object(let members) = shape else { return nil }
        if members.contains(where: { $0.key == key }) { return path + [key] }
        for member in members {
            if let found = place(of: key, in: member.shape, at: path + [member.key]) { return found }
        }
        return nil
    }

    /// Levenshtein distance.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A value as an error shows it: `1.5`, `"fast"`, `a list`.
    private static func shown(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .string(let text): "\"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
        case .array: "a list"
        case .object: "an object"
        }
    }
}
