import Foundation
import LitmusJSON

/// How ``RequestMatcher/jsonBody(containing:arrays:)`` compares an expected array with the body's.
public enum JSONArrayMatching: Sendable {
    /// Element `i` of the expected array is contained in element `i` of the body's; the body may have
    /// more elements after them.
    case byPosition
    /// Every expected element is contained in a different element of the body's array, in any order.
    case subset
}

extension RequestMatcher {
    /// The body is JSON containing `json`: every field of `json` is present with the same value, at any
    /// depth; fields the stub does not name are ignored. Arrays compare as `arrays` says.
    ///
    /// ```swift
    /// stubs.stub(.method("POST") && .jsonBody(containing: #"{"user": {"name": "ann"}}"#)) { .status(201) }
    /// ```
    ///
    /// An unmatched request names the first field that differed:
    ///
    /// ```
    /// body field `user.name`: expected "ann", got "bob"
    /// ```
    public static func jsonBody(containing json: String, arrays: JSONArrayMatching = .byPosition) -> RequestMatcher {
        let shown = arrays == .subset ? "\(json) (arrays as subsets)" : json
        return Self.json(
            json, description: "JSON body contains \(shown)", expecting: "JSON containing \(json)",
            fix: "fix the stub's jsonBody(containing:)"
        ) { expected, actual, _ in
            JSONContainment(arrays: arrays).difference(expected: expected, actual: actual, at: [])
        }
    }

    /// The JSON body holds `json` at `keyPath`: object keys and array indexes separated by dots
    /// (`user.name`, `items.0.id`). The value compares by containment, as in
    /// ``jsonBody(containing:arrays:)``, so an object there may have more fields.
    ///
    /// ```swift
    /// stubs.stub(.jsonValue(at: "user.name", #""ann""#)) { .status(200) }
    /// ```
    public static func jsonValue(at keyPath: String, _ json: String) -> RequestMatcher {
        let path = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return Self.json(
            json, description: "JSON body at \(keyPath) is \(json)", expecting: "\(json) at \(keyPath)",
            fix: #"write a JSON literal such as "ann", 42 or true in the stub's jsonValue(at:_:)"#,
            shownAs: "\(json) at \(keyPath)"
        ) { expected, body, _ in
            var actual = body
            for (depth, component) in path.enumerated() {
                switch actual {
                case .object(let members) where members[component] != nil:
                    actual = members[component]!
                case .array(let elements) where Int(component).map(elements.indices.contains) == true:
                    actual = elements[Int(component)!]
                default:
                    let field = path[...depth].joined(separator: ".")
                    return "body field `\(field)`: missing, expected \(json) at \(keyPath)"
                }
            }
            return JSONContainment(arrays: .byPosition).difference(expected: expected, actual: actual, at: path)
        }
    }

    /// A matcher comparing the body, read as JSON, with `json` through `difference` (the expected value,
    /// the body's, the body's bytes), described as `description`. A `json` that is no JSON makes a stub
    /// that never matches, each request's difference naming the stub's mistake (`shownAs` and `fix`); a
    /// body that is no JSON differs, naming what was `expecting`.
    static func json(
        _ json: String, description: String, expecting: String, fix: String, shownAs: String? = nil,
        difference: @escaping @Sendable (JSONValue, JSONValue, Data) -> String?
    ) -> RequestMatcher {
        guard let expected = JSONValue(Data(json.utf8)) else {
            return RequestMatcher(description: "\(description) (not valid JSON)") { _ in
                "the expected JSON \(shownAs ?? json) is not valid JSON: \(fix)"
            }
        }
        return RequestMatcher(description: description) { request in
            guard let actual = JSONValue(request.body) else {
                return "body is \(Self.preview(request.body)), which is not JSON; expected \(expecting)"
            }
            return difference(expected, actual, request.body)
        }
    }
}

/// Finds the first field where a JSON value does not contain an expected one.
struct JSONContainment {
    var arrays: JSONArrayMatching

    /// nil when `actual` contains `expected`; else the first difference, naming its key path.
    func difference(expected: JSONValue, actual: JSONValue, at path: [String]) -> String? {
        switch (expected, actual) {
        case (.object(let wanted), .object(let members)):
            for key in wanted.keys.sorted() {
                guard let member = members[key] else {
                    return "\(Self.field(path + [key])): missing, expected \(Self.render(wanted[key]!))"
                }
                if let difference = difference(expected: wanted[key]!, actual: member, at: path + [key]) {
                    return difference
                }
            }
            return nil
        case (.array(let wanted), .array(let elements)):
            return arrays == .subset
                ? subsetDifference(wanted, elements, at: path) : positionalDifference(wanted, elements, at: path)
        default:
            return expected == actual
                ? nil : "\(Self.field(path)): expected \(Self.render(expected)), got \(Self.render(actual))"
        }
    }

    private func positionalDifference(_ wanted: [JSONValue], _ elements: [JSONValue], at path: [String]) -> String? {
        for (index, element) in wanted.enumerated() {
            guard index < elements.count else {
                return "\(Self.field(path)): expected at least \(wanted.count) elements, got \(elements.count)"
            }
            if let difference = difference(expected: element, actual: elements[index], at: path + ["\(index)"]) {
                return difference
            }
        }
        return nil
    }

    private func subsetDifference(_ wanted: [JSONValue], _ elements: [JSONValue], at path: [String]) -> String? {
        var remaining = elements
        for element in wanted {
            guard let index = remaining.firstIndex(where: { difference(expected: element, actual: $0, at: []) == nil })
            else {
                return "\(Self.field(path)): no element contains \(Self.render(element)) "
                    + "(got \(Self.render(.array(elements))))"
            }
            remaining.remove(at: index)
        }
        return nil
    }

    static func field(_ path: [String]) -> String {
        path.isEmpty ? "JSON body" : "body field `\(path.joined(separator: "."))`"
    }

    private static func stringEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }

    /// Compact JSON text, keys sorted, whole numbers without a fraction.
    static func render(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text):
            (try? stringEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\(text)\""
        case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.keys.sorted().map { render(.string($0)) + ":" + render(members[$0]!) }
                .joined(separator: ",") + "}"
        }
    }
}
