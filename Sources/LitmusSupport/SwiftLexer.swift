/// The one lexer of Swift source text that Litmus writes by hand (Foundation only, no swift-syntax),
/// for the tools that must stay light: the specs scanner (finding Quick specs for the build plugin)
/// and the doubles' skeletons (blanking bodies before swift-syntax parses what is left).
///
/// It splits UTF-8 bytes into ``Token``s: words (identifiers, keywords, numbers, backquoted names),
/// punctuation (one byte each; `/` included where it is no comment), string literals (multiline and
/// raw ones, with interpolations), `#/…/#` regex literals, comments (nested block comments too) and
/// the `#if`/`#elseif`/`#else`/`#endif` directives that start a line. The code of an interpolation
/// is lexed too: its tokens follow their string literal's token, one ``Token/interpolationDepth``
/// deeper. Each token knows its byte range, line and column; every byte outside them is whitespace.
/// It stops at the first ``Problem``: a comment, literal or backquoted name that does not end.
package struct SwiftLexer {
    package struct Token: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            /// An identifier or keyword (``SwiftLexer/isKeyword(_:)`` tells them apart).
            case identifier
            /// A name in backquotes; the range includes them.
            case escapedIdentifier
            /// A word that starts with a digit (`1`, `0x1F`; `1.5` is a number, `.` and a number).
            case number
            /// One byte of punctuation or an operator.
            case punctuation
            /// A whole string literal, from its first `#` or `"` to its last.
            case stringLiteral
            /// A whole `#/…/#` regex literal (a bare `/…/` one is punctuation and words).
            case regexLiteral
            /// A `//` comment (up to its line break) or a `/* */` one.
            case comment
            /// `#if`, `#elseif`, `#else` or `#endif` and its condition, up to a comment or line break.
            case directive
        }

        package let kind: Kind
        /// Byte offsets in the UTF-8 text.
        package let range: Range<Int>
        /// The 1-based line and column (in bytes) where the token starts.
        package let line: Int
        package let column: Int
        /// 0 for code, 1 inside an interpolation of a string literal, 2 inside one in that…
        package let interpolationDepth: Int
    }

    /// What stopped the lexing before the end of the text.
    package struct Problem: Equatable, Sendable {
        package let line: Int
        package let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var tokens: [Token] = []
    private var problem: Problem?

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tokens of `bytes` (UTF-8 Swift source), and the problem that stopped the lexing early.
    package static func tokens(of bytes: [UInt8]) -> (tokens: [Token], problem: Problem?) {
        var lexer = SwiftLexer(bytes)
        lexer.lexCode()
        return (lexer.tokens, lexer.problem)
    }

    /// The text of `range` in `bytes`.
    package static func text(_ range: Range<Int>, of bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// An ASCII letter, digit, `_` or `$`, or any byte of a non-ASCII character: a byte of a word.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// Swift's reserved words and the contextual keywords of declarations.
    package static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "final", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal",
        "is", "let", "nil", "open", "operator", "package", "private", "protocol", "public", "repeat",
        "rethrows", "return", "self", "Self", "some", "static", "struct", "subscript", "super", "switch",
        "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// Whether `token` (of `bytes`) is an unescaped keyword.
    package static func isKeyword(_ token: Token, of bytes: [UInt8]) -> Bool {
        token.kind == .identifier && keywords.contains(text(token.range, of: bytes))
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func append(_ kind: Token.Kind, from start: Int, line startLine: Int, column: Int) {
        tokens.append(
            Token(kind: kind, range: start..<index, line: startLine, column: column, interpolationDepth: depth)
        )
    }

    private mutating func newLine() {
        line += 1
        lineStart = index + 1
    }

    /// Lexes code up to the end of the text, or (in an interpolation, `depth` > 0) up to the `)`
    /// that closes it, which it consumes without a token.
    private mutating func lexCode() {
        var parentheses = 0
        while index < bytes.count, problem == nil {
            let start = index
            let startLine = line
            let column = index - lineStart + 1
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\n"):
                newLine()
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                index += 1
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                skipLineComment()
                append(.comment, from: start, line: startLine, column: column)
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
                append(.comment, from: start, line: startLine, column: column)
            case UInt8(ascii: "\""):
                lexString(hashes: 0, from: start, line: startLine, column: column)
            case UInt8(ascii: "#"):
                lexHash(from: start, line: startLine, column: column)
            case UInt8(ascii: "`"):
                skipEscapedIdentifier()
                append(.escapedIdentifier, from: start, line: startLine, column: column)
            case UInt8(ascii: ")") where depth > 0 && parentheses == 0:
                index += 1
                return
            default:
                if Self.isIdentifierByte(current) {
                    while let next = byte(at: index), Self.isIdentifierByte(next) { index += 1 }
                    let isNumber = current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9")
                    append(isNumber ? .number : .identifier, from: start, line: startLine, column: column)
                } else {
                    if current == UInt8(ascii: "(") { parentheses += 1 }
                    if current == UInt8(ascii: ")") { parentheses -= 1 }
                    index += 1
                    append(.punctuation, from: start, line: startLine, column: column)
                }
            }
        }
        if depth > 0, problem == nil { fail("an interpolation is never closed") }
    }

    private mutating func fail(_ message: String, line problemLine: Int? = nil) {
        if problem == nil { problem = Problem(line: problemLine ?? line, message: message) }
    }

    private mutating func skipLineComment() {
        while let next = byte(at: index), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { index += 1 }
    }

    private mutating func skipBlockComment() {
        let startLine = line
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { newLine() }
                index += 1
            }
        }
        fail("a /* comment is never closed", line: startLine)
    }

    /// Skips a backquoted name, which ends on its line.
    private mutating func skipEscapedIdentifier() {
        index += 1
        while let next = byte(at: index), next != UInt8(ascii: "`") {
            if next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { break }
            index += 1
        }
        guard byte(at: index) == UInt8(ascii: "`") else { return fail("a backquoted name is never closed") }
        index += 1
    }

    /// `#` starts a raw string (`#"…"#`), a regex literal (`#/…/#`), a directive (`#if`, at the
    /// start of a line, in code) or is punctuation (`#available`, `#selector`).
    private mutating func lexHash(from start: Int, line startLine: Int, column: Int) {
        var hashes = 0
        while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        let after = byte(at: index + hashes)
        if after == UInt8(ascii: "\"") {
            index += hashes
            lexString(hashes: hashes, from: start, line: startLine, column: column)
        } else if after == UInt8(ascii: "/") {
            skipRegexLiteral(hashes: hashes)
            append(.regexLiteral, from: start, line: startLine, column: column)
        } else if hashes == 1, depth == 0, isAtLineStart, isDirective {
            skipDirective()
            append(.directive, from: start, line: startLine, column: column)
        } else {
            index += 1
            append(.punctuation, from: start, line: startLine, column: column)
        }
    }

    private var isAtLineStart: Bool {
        var back = index - 1
        while back >= 0, bytes[back] == UInt8(ascii: " ") || bytes[back] == UInt8(ascii: "\t") { back -= 1 }
        return back < 0 || bytes[back] == UInt8(ascii: "\n") || bytes[back] == UInt8(ascii: "\r")
    }

    private var isDirective: Bool {
        var end = index + 1
        while let next = byte(at: end), Self.isIdentifierByte(next) { end += 1 }
        return ["if", "elseif", "else", "endif"].contains(Self.text((index + 1)..<end, of: bytes))
    }

    /// Skips a directive and its condition, up to a comment or the end of the line, trailing blanks left out.
    private mutating func skipDirective() {
        var end = index
        while let next = byte(at: index), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") {
            if next == UInt8(ascii: "/"),
                byte(at: index + 1) == UInt8(ascii: "/") || byte(at: index + 1) == UInt8(ascii: "*")
            {
                break
            }
            index += 1
            if next != UInt8(ascii: " "), next != UInt8(ascii: "\t") { end = index }
        }
        index = end
    }

    private mutating func skipRegexLiteral(hashes: Int) {
        let startLine = line
        index += hashes + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\n") { newLine() }
            if bytes[index] == UInt8(ascii: "/"), closes(hashes: hashes, after: index + 1) {
                index += 1 + hashes
                return
            }
            index += 1
        }
        fail("a #/ regex literal is never closed", line: startLine)
    }

    private func closes(hashes: Int, after offset: Int) -> Bool {
        (0..<hashes).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
    }

    /// Lexes a string literal whose opening quote is at `index`, after `hashes` `#` (a raw string):
    /// its token, then the tokens of its interpolations, one level deeper.
    private mutating func lexString(hashes: Int, from start: Int, line startLine: Int, column: Int) {
        let position = tokens.count
        append(.stringLiteral, from: start, line: startLine, column: column)
        let isMultiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        let quoteCount = isMultiline ? 3 : 1
        index += quoteCount
        while index < bytes.count, problem == nil {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), closes(hashes: hashes, after: index + 1) {
                index += 1 + hashes
                if byte(at: index) == UInt8(ascii: "(") {
                    index += 1
                    depth += 1
                    lexCode()
                    depth -= 1
                } else {
                    if byte(at: index) == UInt8(ascii: "\n") { newLine() }
                    index += 1
                }
                continue
            }
            if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                if !isMultiline { break }
                if current == UInt8(ascii: "\n") { newLine() }
            }
            if current == UInt8(ascii: "\""),
                (0..<quoteCount).allSatisfy({ byte(at: index + $0) == UInt8(ascii: "\"") }),
                closes(hashes: hashes, after: index + quoteCount)
            {
                index += quoteCount + hashes
                tokens[position] = Token(
                    kind: .stringLiteral, range: start..<index, line: startLine, column: column,
                    interpolationDepth: depth
                )
                return
            }
            index += 1
        }
        fail("a string literal is never closed", line: startLine)
    }
}
