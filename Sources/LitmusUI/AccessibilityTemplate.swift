import Foundation

/// What an accessibility snapshot expects of the page: the snapshot text (``AccessibilityNode/snapshot``),
/// possibly cut down by hand to what matters, with regular expressions where text changes.
///
/// ```
/// - main "Calculator":
///   - status: /\d+/
///   - button "7"
///   - checkbox "Dark Mode" [checked]
/// ```
///
/// One node a line, `- ` after two spaces per level: a role, then optionally its name (`"…"`, or `/…/` to
/// search the name with a regular expression), states in brackets (`[checked]`, `[level=2]`,
/// `[value="3"]`, `[checked=false]`), and after a colon either its text (`"…"` or `/…/`) or, on the
/// lines below, its children; `- text: "…"` is text. A line starting with `#` is a comment.
struct AccessibilityTemplate: Sendable {
    /// A text the page must have: exactly (white space collapsed), or a regular expression found in it.
    enum TextMatcher: Sendable, CustomStringConvertible {
        case exact(String)
        case pattern(String)

        func matches(_ text: String) -> Bool {
            switch self {
            case .exact(let expected): AccessibilityNode.collapsed(expected) == text
            case .pattern(let pattern): (try? Regex(pattern)).map { text.contains($0) } ?? false
            }
        }

        var description: String {
            switch self {
            case .exact(let text): AccessibilityNode.quoted(text)
            case .pattern(let pattern): "/\(pattern)/"
            }
        }
    }

    /// One expected node, with the line it was written on.
    struct Node: Sendable {
        let line: Int
        let source: String
        let role: String
        let name: TextMatcher?
        let attributes: [(key: String, value: TextMatcher)]
        let text: TextMatcher?
        var children: [Node] = []
    }

    /// The expected nodes at the top: children, in order, of one node of the page.
    let nodes: [Node]

    /// Parses `text`; throws ``AccessibilitySnapshotError/invalidSnapshot(path:line:reason:)`` naming the
    /// line and what is wrong with it (`path` names the file in that error).
    init(_ text: String, path: String) throws(AccessibilitySnapshotError) {
        var stack: [(indent: Int, node: Node)] = []
        var top: [Node] = []
        func close(downTo indent: Int) {
            while let last = stack.last, last.indent >= indent {
                stack.removeLast()
                if stack.isEmpty {
                    top.append(last.node)
                } else {
                    stack[stack.count - 1].node.children.append(last.node)
                }
            }
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            let indent = line.count - content.count
            let number = index + 1
            guard indent % 2 == 0, content.hasPrefix("- ") else {
                throw .invalidSnapshot(
                    path: path, line: number,
                    reason:
                        "each line is \"- \" after two spaces per level, as `- button \"OK\"`; this one is `\(line)`")
            }
            if let parent = stack.last(where: { $0.indent < indent }), indent > parent.indent + 2 {
                throw .invalidSnapshot(
                    path: path, line: number, reason: "it is indented more than one level below its parent")
            }
            if stack.isEmpty && top.isEmpty && indent != 0 {
                throw .invalidSnapshot(path: path, line: number, reason: "the first node must not be indented")
            }
            close(downTo: indent)
            var scanner = LineScanner(String(content.dropFirst(2)), line: number, path: path)
            stack.append((indent, try scanner.node(source: String(content))))
        }
        close(downTo: 0)
        nodes = top
    }
}

/// Reads one line of a snapshot: `role "name" [state=value]: "text"`.
private struct LineScanner {
    private var rest: Substring
    private let line: Int
    private let path: String

    init(_ text: String, line: Int, path: String) {
        rest = Substring(text)
        self.line = line
        self.path = path
    }

    mutating func node(source: String) throws(AccessibilitySnapshotError) -> AccessibilityTemplate.Node {
        let role = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        guard !role.isEmpty else { throw failure("a node starts with its role (`button`, `text`, …)") }
        rest = rest.dropFirst(role.count)
        skipSpaces()
        var name: AccessibilityTemplate.TextMatcher?
        if rest.first == "\"" || rest.first == "/" { name = try matcher() }
        var attributes: [(key: String, value: AccessibilityTemplate.TextMatcher)] = []
        skipSpaces()
        while rest.first == "[" {
            rest = rest.dropFirst()
            let key = String(rest.prefix { $0.isLetter })
            guard !key.isEmpty else { throw failure("a state in brackets is a name, as `[checked]` or `[level=2]`") }
            rest = rest.dropFirst(key.count)
            var value = AccessibilityTemplate.TextMatcher.exact("true")
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" || rest.first == "/" {
                    value = try matcher()
                } else {
                    let word = rest.prefix { $0 != "]" }
                    value = .exact(String(word))
                    rest = rest.dropFirst(word.count)
                }
            }
            guard rest.first == "]" else { throw failure("the state `\(key)` is not closed with `]`") }
            rest = rest.dropFirst()
            attributes.append((key, value))
            skipSpaces()
        }
        var text: AccessibilityTemplate.TextMatcher?
        if rest.first == ":" {
            rest = rest.dropFirst()
            skipSpaces()
            if !rest.isEmpty { text = try matcher() }
        }
        skipSpaces()
        guard rest.isEmpty else { throw failure("`\(rest)` is left over at the end of the line") }
        if role == "text" {
            guard let text else { throw failure("a text node says its text: `- text: \"…\"`") }
            return .init(line: line, source: source, role: role, name: nil, attributes: [], text: text)
        }
        return .init(line: line, source: source, role: role, name: name, attributes: attributes, text: text)
    }

    private mutating func skipSpaces() {
        rest = rest.drop { $0 == " " }
    }

    /// A quoted text (`\"` and `\\` escaped) or a regular expression between slashes (`\/` escaped).
    private mutating func matcher() throws(AccessibilitySnapshotError) -> AccessibilityTemplate.TextMatcher {
        guard let quote = rest.first else { throw failure("a text or a /regular expression/ is missing") }
        guard quote == "\"" || quote == "/" else {
            throw failure("a text is written in double quotes, or /as a regular expression/")
        }
        rest = rest.dropFirst()
        var value = ""
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "\\", let next = rest.first {
                rest = rest.dropFirst()
                // In a pattern, only an escaped slash loses its backslash; the others belong to the pattern.
                value += quote == "/" && next != "/" ? "\\\(next)" : String(next)
            } else if character == quote {
                if quote == "\"" { return .exact(value) }
                guard (try? Regex(value)) != nil else { throw failure("/\(value)/ is not a valid regular expression") }
                return .pattern(value)
            } else {
                value.append(character)
            }
        }
        throw failure("\(quote)\(value) is not closed with \(quote)")
    }

    private func failure(_ reason: String) -> AccessibilitySnapshotError {
        .invalidSnapshot(path: path, line: line, reason: reason)
    }
}
