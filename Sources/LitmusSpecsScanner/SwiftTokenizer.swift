/// A token of Swift source text, as far as finding class declarations needs: words, punctuation
/// and conditional-compilation directives. Comments, string literals and regex literals are
/// skipped, so nothing inside them is mistaken for a declaration.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        /// An identifier or keyword; `isEscaped` when written in backticks (`` `class` ``).
        case word(isEscaped: Bool)
        /// One character of punctuation or an operator.
        case punctuation
        /// `#if`, `#elseif`, `#else` or `#endif`; `text` is the directive, `condition` its condition.
        case directive(condition: String)
    }

    let kind: Kind
    let text: String
    /// The 1-based line the token starts on.
    let line: Int

    var isWord: Bool {
        if case .word = kind { return true }
        return false
    }
}

/// What went wrong reading a file to its end: an unterminated comment or literal.
struct TokenizerProblem: Equatable {
    let line: Int
    let message: String
}

/// Splits Swift source text into ``SwiftToken``s; see its `tokenize(_:)`.
struct SwiftTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [SwiftToken] = []
    private var problems: [TokenizerProblem] = []

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The tokens of `text`, and the problems that stopped the reading early.
    static func tokenize(_ text: String) -> (tokens: [SwiftToken], problems: [TokenizerProblem]) {
        var tokenizer = SwiftTokenizer(text)
        tokenizer.run()
        return (tokenizer.tokens, tokenizer.problems)
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private var isAtLineStart: Bool {
        var back = index - 1
        while back >= 0, bytes[back] == UInt8(ascii: " ") || bytes[back] == UInt8(ascii: "\t") { back -= 1 }
        return back < 0 || bytes[back] == UInt8(ascii: "\n")
    }

    private mutating func run() {
        while index < bytes.count, problems.isEmpty {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipStringLiteral(hashes: 0)
            case UInt8(ascii: "#"):
                readHash()
            case UInt8(ascii: "`"):
                readEscapedWord()
            default:
                if Self.isWordByte(current) {
                    readWord()
                } else {
                    tokens.append(SwiftToken(kind: .punctuation, text: String(UnicodeScalar(current)), line: line))
                    index += 1
                }
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private mutating func readWord() {
        let start = index
        while let next = byte(at: index), Self.isWordByte(next) { index += 1 }
        tokens.append(SwiftToken(kind: .word(isEscaped: false), text: text(start..<index), line: line))
    }

    private mutating func readEscapedWord() {
        let start = index + 1
        index += 1
        while let next = byte(at: index), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
        tokens.append(SwiftToken(kind: .word(isEscaped: true), text: text(start..<index), line: line))
        index += 1
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private mutating func skipLineComment() {
        while let next = byte(at: index), next != UInt8(ascii: "\n") { index += 1 }
    }

    private mutating func skipBlockComment() {
        let startLine = line
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        problems.append(TokenizerProblem(line: startLine, message: "a /* comment is never closed"))
    }

    /// `#` starts a raw string (`#"…"#`), an extended regex literal (`#/…/#`), a directive
    /// (`#if`, at the start of a line) or another `#` word (`#available`, `#selector`).
    private mutating func readHash() {
        var hashes = 0
        while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        let after = byte(at: index + hashes)
        if after == UInt8(ascii: "\"") {
            index += hashes
            skipStringLiteral(hashes: hashes)
        } else if after == UInt8(ascii: "/") {
            skipRegexLiteral(hashes: hashes)
        } else if hashes == 1, isAtLineStart, let directive = directiveWord() {
            readDirective(directive)
        } else {
            tokens.append(SwiftToken(kind: .punctuation, text: "#", line: line))
            index += 1
        }
    }

    private func directiveWord() -> String? {
        var end = index + 1
        while let next = byte(at: end), Self.isWordByte(next) { end += 1 }
        let word = text((index + 1)..<end)
        return ["if", "elseif", "else", "endif"].contains(word) ? word : nil
    }

    private mutating func readDirective(_ directive: String) {
        let directiveLine = line
        index += 1 + directive.utf8.count
        let start = index
        while let next = byte(at: index), next != UInt8(ascii: "\n") {
            if next == UInt8(ascii: "/"),
                byte(at: index + 1) == UInt8(ascii: "/") || byte(at: index + 1) == UInt8(ascii: "*")
            {
                break
            }
            index += 1
        }
        let condition = text(start..<index).trimmingSpaces()
        skipLineComment()
        tokens.append(SwiftToken(kind: .directive(condition: condition), text: directive, line: directiveLine))
    }

    private mutating func skipRegexLiteral(hashes: Int) {
        let startLine = line
        index += hashes + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            if bytes[index] == UInt8(ascii: "/"), closes(hashes: hashes, after: index + 1) {
                index += 1 + hashes
                return
            }
            index += 1
        }
        problems.append(TokenizerProblem(line: startLine, message: "a #/ regex literal is never closed"))
    }

    private func closes(hashes: Int, after offset: Int) -> Bool {
        (0..<hashes).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
    }

    /// Skips a string literal whose opening quote is at `index`, `hashes` being the number of `#`
    /// before it (a raw string). Handles `"""` literals, escapes, and interpolations, which may
    /// hold string literals of their own.
    private mutating func skipStringLiteral(hashes: Int) {
        let startLine = line
        let isMultiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        let quoteCount = isMultiline ? 3 : 1
        index += quoteCount
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), closes(hashes: hashes, after: index + 1) {
                index += 1 + hashes
                if byte(at: index) == UInt8(ascii: "(") {
                    skipInterpolation()
                } else {
                    if byte(at: index) == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                continue
            }
            if current == UInt8(ascii: "\n") {
                if !isMultiline { break }
                line += 1
            }
            if current == UInt8(ascii: "\""),
                (0..<quoteCount).allSatisfy({ byte(at: index + $0) == UInt8(ascii: "\"") }),
                closes(hashes: hashes, after: index + quoteCount)
            {
                index += quoteCount + hashes
                return
            }
            index += 1
        }
        problems.append(TokenizerProblem(line: startLine, message: "a string literal is never closed"))
    }

    /// Skips `(…)` after a backslash in a string literal, with the literals and comments inside it.
    private mutating func skipInterpolation() {
        var depth = 0
        while index < bytes.count, problems.isEmpty {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                skipStringLiteral(hashes: 0)
            case UInt8(ascii: "#")
            where byte(at: index + 1) == UInt8(ascii: "\"") || byte(at: index + 1) == UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                index += hashes
                if byte(at: index) == UInt8(ascii: "\"") { skipStringLiteral(hashes: hashes) }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            default:
                index += 1
            }
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
