/// Whether a page's accessibility tree matches what a snapshot expects, and if not, where it first
/// differs.
///
/// The snapshot's top nodes must be, in order, among the children of one node of the page (the document
/// or any node in it); a node matches one of the page's of its role whose name matches (a snapshot node
/// without a name matches any), that has every state it lists, whose text matches its text, and whose
/// children include its children in order. What the snapshot leaves out is not checked: a snapshot can
/// be cut down to what matters.
struct AccessibilityMatch {
    /// Where the page first differs from the snapshot.
    struct Difference: Sendable, Equatable {
        /// The snapshot's line that found no match.
        let line: Int
        /// That line's node, as written.
        let expected: String
        /// Why: what the page has there instead.
        let reason: String
        /// The page's node whose children were searched (`- main "Calculator"`), or nil for the document.
        let parent: String?
    }

    let template: AccessibilityTemplate
    let page: AccessibilityNode

    /// Nil when the page matches; else the first difference, searched under the node of the page that
    /// matched most of the snapshot's top nodes, and of those, one with a node of the role of the first
    /// top node it missed (the first in the page's order, on a tie).
    var difference: Difference? {
        var best: (score: [Int], node: AccessibilityNode, isPage: Bool)?
        for (index, node) in ([page] + Self.descendants(of: page)).enumerated() {
            let matched = Self.prefixMatched(template.nodes, in: node.children)
            if matched == template.nodes.count { return nil }
            let missed = template.nodes[matched].role
            let score = [matched, node.children.contains { $0.role == missed } ? 1 : 0]
            if best == nil || score.lexicographicallyPrecedes(best!.score) == false && score != best!.score {
                best = (score, node, index == 0)
            }
        }
        guard let best else { return nil }
        return Self.explain(template.nodes, in: best.node.children, parent: best.isPage ? nil : best.node)
    }

    private static func descendants(of node: AccessibilityNode) -> [AccessibilityNode] {
        node.children.flatMap { [$0] + descendants(of: $0) }
    }

    /// How many of `expected`, in order, are found in `nodes` (each after the one before).
    private static func prefixMatched(_ expected: [AccessibilityTemplate.Node], in nodes: [AccessibilityNode]) -> Int {
        var next = 0
        for (index, node) in expected.enumerated() {
            guard let found = nodes[next...].firstIndex(where: { matches(node, $0) }) else { return index }
            next = found + 1
        }
        return expected.count
    }

    static func matches(_ expected: AccessibilityTemplate.Node, _ node: AccessibilityNode) -> Bool {
        mismatch(expected, node) == nil
            && prefixMatched(expected.children, in: node.children) == expected.children.count
    }

    /// Why `node` is not `expected`, looking at the node itself (its role, name, states and text), not its
    /// children; nil when it is.
    private static func mismatch(_ expected: AccessibilityTemplate.Node, _ node: AccessibilityNode) -> String? {
        guard expected.role == node.role else { return "its role is \(node.role), not \(expected.role)" }
        if expected.role == "text" {
            guard let text = expected.text, text.matches(node.name) else {
                return "its text is \(AccessibilityNode.quoted(node.name)), expected \(expected.text!)"
            }
            return nil
        }
        if let name = expected.name, !name.matches(node.name) {
            return "its name is \(AccessibilityNode.quoted(node.name)), expected \(name)"
        }
        for (key, value) in expected.attributes {
            let actual = node.attributes[key] ?? "false"
            if !value.matches(actual) {
                return node.attributes[key] == nil
                    ? "it is not [\(key)]" : "its [\(key)] is \(actual), expected \(value)"
            }
        }
        if let text = expected.text {
            let actual = node.text ?? (node.attributes["value"] ?? "")
            if !text.matches(actual) { return "its text is \(AccessibilityNode.quoted(actual)), expected \(text)" }
        }
        return nil
    }

    /// The first of `expected` not found in order in `nodes` (the children of `parent`), and why: the next
    /// node of its role, if any, says how it differs (recursing into its children when it differs there).
    private static func explain(
        _ expected: [AccessibilityTemplate.Node], in nodes: [AccessibilityNode], parent: AccessibilityNode?
    ) -> Difference? {
        var next = 0
        var previous: AccessibilityNode?
        for node in expected {
            if let found = nodes[next...].firstIndex(where: { matches(node, $0) }) {
                next = found + 1
                previous = nodes[found]
                continue
            }
            let place = previous.map { "after \($0.line)" } ?? "at the start"
            guard let candidate = nodes[next...].first(where: { $0.role == node.role }) else {
                let there = nodes[next...].prefix(3).map(\.line).joined(separator: ", ")
                return Difference(
                    line: node.line, expected: node.source,
                    reason: "no \(node.role) follows \(place)" + (there.isEmpty ? "" : "; there: \(there)"),
                    parent: parent?.line)
            }
            if let reason = mismatch(node, candidate) {
                return Difference(
                    line: node.line, expected: node.source, reason: "the \(node.role) \(place) differs: \(reason)",
                    parent: parent?.line)
            }
            return explain(node.children, in: candidate.children, parent: candidate)
                ?? Difference(line: node.line, expected: node.source, reason: "not found", parent: parent?.line)
        }
        return nil
    }
}
