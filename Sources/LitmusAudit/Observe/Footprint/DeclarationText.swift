/// What the text of a declaration says that its typed AST's fact does not (``StaticFootprints``): its name, past its
/// modifiers, and whether it is `static` or `class`. A fact's span starts at the declaration's first modifier.
enum DeclarationText {
    /// Words a declaration may start with before the one that says what it is.
    private static let modifiers: Set<String> = [
        "static", "class", "final", "override", "public", "private", "fileprivate", "internal", "open", "package",
        "mutating", "nonmutating", "required", "convenience", "dynamic", "lazy", "weak", "unowned", "nonisolated",
        "indirect", "optional", "distributed", "isolated", "consuming", "borrowing", "__consuming",
    ]

    /// The words that say what a declaration is, after which its name comes.
    private static let introducers: Set<String> = [
        "func", "var", "let", "case", "subscript", "protocol", "class", "struct", "enum",
    ]

    private static let separators: Set<UInt8> = Set(" \t\n\r(<:{=,;)[]".utf8)

    /// The name a declaration starting at `start` declares: the word after `func`, `var`, `let`, `case` (past its
    /// modifiers: `static func make` is `make`), or the first word (`init`, a variable's name, an accessor's `get`).
    static func name(at start: Int, in bytes: [UInt8]) -> String {
        guard start >= 0, start < bytes.count else { return "" }
        var (current, end) = word(from: start, in: bytes)
        while isModifier(current) { (current, end) = word(from: end, in: bytes) }
        return introducers.contains(current) ? word(from: end, in: bytes).text : current
    }

    /// Whether the declaration starting at `start` is `static` or `class` (among its modifiers: `class Name` declares
    /// a type, `class func` a type's function).
    static func isTypeLevel(at start: Int, in bytes: [UInt8]) -> Bool {
        guard start >= 0, start < bytes.count else { return false }
        var (current, end) = word(from: start, in: bytes)
        var typeLevel = false
        while isModifier(current) {
            let next = word(from: end, in: bytes)
            if current == "static" || (current == "class" && (isModifier(next.text) || introducers.contains(next.text)))
            {
                typeLevel = true
            }
            (current, end) = next
        }
        return typeLevel
    }

    private static func isModifier(_ word: String) -> Bool {
        modifiers.contains(word) || word.hasPrefix("nonisolated(")
    }

    /// The word at `index` (past the spaces before it), up to a separator, and where it ends.
    private static func word(from index: Int, in bytes: [UInt8]) -> (text: String, end: Int) {
        var begin = index
        while begin < bytes.count, bytes[begin] == 0x20 || bytes[begin] == 0x0A || bytes[begin] == 0x09 { begin += 1 }
        var end = begin
        while end < bytes.count, !separators.contains(bytes[end]) { end += 1 }
        return (String(decoding: bytes[begin..<end], as: UTF8.self), end)
    }
}
