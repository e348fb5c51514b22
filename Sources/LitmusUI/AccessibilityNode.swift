import LitmusJSON

/// A node of the page's accessibility tree as an accessibility snapshot shows it: Chromium's own tree
/// (`Accessibility.getFullAXTree`), with what assistive technology skips left out.
///
/// A node has its role (`button`, `main`, `heading`, … as Chromium names them), its accessible name, its
/// states and value (`checked`, `disabled`, `level`, …), and its children; text is a node of role `text`
/// whose name is the text. Ignored nodes, unnamed `generic` and `none` nodes are replaced by their
/// children; adjacent texts are one text; the text of a node that only repeats its name is left out
/// (`button "7"` has no text `7` under it).
struct AccessibilityNode: Sendable, Equatable {
    /// The role; `text` for text.
    var role: String
    /// The accessible name (the text, for text), white space collapsed.
    var name: String
    /// States and value, by name: `checked`, `disabled`, `expanded`, `level`, `pressed`, `selected`,
    /// `required`, `invalid`, `readonly`, `value`. A state that is simply on reads `true`.
    var attributes: [String: String] = [:]
    var children: [AccessibilityNode] = []

    /// The order attributes are written in.
    static let attributeOrder = [
        "level", "checked", "pressed", "selected", "expanded", "disabled", "required", "readonly", "invalid", "value",
    ]

    /// The text directly under the node: its text children, joined (nil when it has none).
    var text: String? {
        let texts = children.filter { $0.role == "text" }.map(\.name)
        return texts.isEmpty ? nil : texts.joined(separator: " ")
    }

    /// The tree an `Accessibility.getFullAXTree` answer describes: its root (the document, role
    /// `document`, named by its title), or nil when the answer has no nodes.
    static func tree(fromFullAXTree answer: JSONValue) -> AccessibilityNode? {
        let nodes = answer["nodes"].array ?? []
        var byID: [String: JSONValue] = [:]
        for node in nodes {
            if let id = node["nodeId"].string { byID[id] = node }
        }
        guard let root = nodes.first(where: { $0["parentId"] == .null }) ?? nodes.first else { return nil }
        var document = AccessibilityNode(role: "document", name: collapsed(root["name"]["value"].string ?? ""))
        document.children = merged(children(of: root, in: byID))
        return document
    }

    private static func children(of node: JSONValue, in byID: [String: JSONValue]) -> [AccessibilityNode] {
        (node["childIds"].array ?? []).compactMap { $0.string.flatMap { byID[$0] } }.flatMap { converted($0, byID) }
    }

    /// Roles that carry nothing of their own: their children take their place.
    private static let transparentRoles: Set = ["none", "generic", "presentation", "LineBreak"]

    /// The snapshot nodes one of Chromium's nodes becomes: itself, its children (when it is ignored or
    /// transparent), or nothing (an inline text box, an empty text).
    private static func converted(_ node: JSONValue, _ byID: [String: JSONValue]) -> [AccessibilityNode] {
        let role = node["role"]["value"].string ?? "none"
        let name = collapsed(node["name"]["value"].string ?? "")
        // A list's bullet or number, and the boxes a text is laid out in, say nothing the tree does not.
        if role == "InlineTextBox" || role == "ListMarker" { return [] }
        if role == "StaticText" { return name.isEmpty ? [] : [AccessibilityNode(role: "text", name: name)] }
        if node["ignored"].bool == true || (transparentRoles.contains(role) && name.isEmpty) {
            return children(of: node, in: byID)
        }
        var converted = AccessibilityNode(role: role, name: name, attributes: attributes(of: node))
        converted.children = merged(children(of: node, in: byID))
        if !name.isEmpty, converted.children.allSatisfy({ $0.role == "text" }), converted.text == name {
            converted.children = []
        }
        if let value = converted.attributes["value"], converted.text == value { converted.attributes["value"] = nil }
        return [converted]
    }

    /// The states and value worth a snapshot: those that change what a person can do or perceive.
    private static func attributes(of node: JSONValue) -> [String: String] {
        var attributes: [String: String] = [:]
        for property in node["properties"].array ?? [] {
            guard let name = property["name"].string else { continue }
            let value = text(of: property["value"]["value"])
            switch name {
            case "checked", "pressed", "selected", "disabled", "required", "readonly":
                if value != "false" { attributes[name] = value }
            case "expanded", "level":
                attributes[name] = value
            case "invalid":
                if value != "false" { attributes[name] = value }
            default:
                continue
            }
        }
        if let value = node["value"]["value"].string, !value.isEmpty { attributes["value"] = collapsed(value) }
        return attributes
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .bool(let bool): String(bool)
        case .number(let number): number.rounded() == number ? String(Int(number)) : String(number)
        default: "\(value)"
        }
    }

    /// `nodes` with adjacent texts made one.
    private static func merged(_ nodes: [AccessibilityNode]) -> [AccessibilityNode] {
        var result: [AccessibilityNode] = []
        for node in nodes {
            if node.role == "text", let last = result.last, last.role == "text" {
                result[result.count - 1].name = collapsed(last.name + " " + node.name)
            } else {
                result.append(node)
            }
        }
        return result
    }

    /// `text` with every run of white space made one space, and none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The snapshot text of the node's children, one node a line (`- role "name" [state]: "text"`),
    /// children indented by two spaces under their parent's line, which ends with a colon.
    var snapshot: String {
        children.map { $0.lines(depth: 0) }.joined(separator: "\n")
    }

    /// The node's own line in a snapshot, with its text when that is all it holds: `- button "7" [disabled]`,
    /// `- status: "8"`, `- text: "Total"`.
    var line: String {
        if role == "text" { return "- text: " + Self.quoted(name) }
        var line = "- " + role + (name.isEmpty ? "" : " " + Self.quoted(name))
        for key in Self.attributeOrder {
            guard let value = attributes[key] else { continue }
            line +=
                value == "true" ? " [\(key)]" : key == "value" ? " [value=\(Self.quoted(value))]" : " [\(key)=\(value)]"
        }
        if children.count == 1, let only = children.first, only.role == "text" { line += ": " + Self.quoted(only.name) }
        return line
    }

    private func lines(depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth)
        if role == "text" || children.isEmpty || (children.count == 1 && children[0].role == "text") {
            return indent + line
        }
        return ([indent + line + ":"] + children.map { $0.lines(depth: depth + 1) }).joined(separator: "\n")
    }

    /// `text` in double quotes, with `"` and `\` escaped, as the snapshot writes names and texts.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
