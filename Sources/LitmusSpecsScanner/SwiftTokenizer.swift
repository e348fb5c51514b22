import LitmusSupport

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

/// Swift source text as ``SwiftToken``s: the tokens of LitmusSupport's ``SwiftLexer`` that the
/// scanner reads (words, punctuation, directives), without comments and literals.
enum SwiftTokenizer {
    /// The tokens of `text`, and the problem that stopped the reading early (an unterminated comment or
    /// literal), if any.
    static func tokenize(_ text: String) -> (tokens: [SwiftToken], problem: SwiftLexer.Problem?) {
        let bytes = Array(text.utf8)
        let lexed = SwiftLexer.tokens(of: bytes)
        let tokens = lexed.tokens.compactMap { token -> SwiftToken? in
            guard token.interpolationDepth == 0 else { return nil }
            let text = SwiftLexer.text(token.range, of: bytes)
            switch token.kind {
            case .identifier, .number:
                return SwiftToken(kind: .word(isEscaped: false), text: text, line: token.line)
            case .escapedIdentifier:
                return SwiftToken(
                    kind: .word(isEscaped: true), text: String(text.dropFirst().dropLast()), line: token.line)
            case .punctuation:
                return SwiftToken(kind: .punctuation, text: text, line: token.line)
            case .directive:
                let directive = text.dropFirst().prefix(while: \.isLetter)
                let condition = String(text.dropFirst(1 + directive.count)).trimmingSpaces()
                return SwiftToken(kind: .directive(condition: condition), text: String(directive), line: token.line)
            case .stringLiteral, .regexLiteral, .comment:
                return nil
            }
        }
        return (tokens, lexed.problem)
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
