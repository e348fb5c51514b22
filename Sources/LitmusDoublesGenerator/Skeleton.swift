import LitmusSupport

extension ModuleDoubles {
    /// A source file with the bodies the doubles cannot need blanked out, so that swift-syntax
    /// parses only what matters: the imports, the declarations around each `protocol` keyword and
    /// the protocols themselves.
    ///
    /// A brace body (of a function, type, extension, closure, accessor, statement) that holds no
    /// `protocol` keyword and is not a protocol's own body has every byte between its braces made a
    /// space, except line breaks, which are kept (see ``blank(_:of:)``). The text keeps its length, so every
    /// offset, line and column of what is kept is the same as in the file, and warnings point at
    /// the file's own lines.
    ///
    /// The skim reads LitmusSupport's ``SwiftLexer``'s tokens (so comments, string literals with
    /// their interpolations and backquoted names hide their braces) and follows the braces. It gives up, returning `nil`, on what it does not follow exactly: a regex
    /// literal, or what may be one; an unterminated literal or comment; unbalanced braces. Then the
    /// whole file is parsed, as it is when the skimmed text does not parse without errors.
    struct Skeleton {
        /// The file's UTF-8 bytes with the blanked bodies.
        let bytes: [UInt8]
        /// How many `protocol` keywords are in code (not in comments or strings).
        let protocolKeywords: Int

        /// The skeleton of `text`, or `nil` where the skim gives up.
        init?(of text: String) {
            var lexer = SkimLexer(Array(text.utf8))
            guard lexer.run() else { return nil }
            var bytes = lexer.bytes
            for range in lexer.blankRanges { Self.blank(range, of: &bytes) }
            self.bytes = bytes
            self.protocolKeywords = lexer.keywords
        }

        /// Makes `range` blank with its line breaks kept: as many `\n` as it has line breaks (a
        /// `\r\n` is one), ending where its last one ended, so that what follows keeps its line and
        /// column; spaces elsewhere. The parser lexes that as three pieces of trivia, not two per line.
        private static func blank(_ range: Range<Int>, of bytes: inout [UInt8]) {
            var lineBreaks = 0
            var lastBreakEnd = range.lowerBound
            var index = range.lowerBound
            while index < range.upperBound {
                switch bytes[index] {
                case UInt8(ascii: "\r"):
                    let isPair = index + 1 < range.upperBound && bytes[index + 1] == UInt8(ascii: "\n")
                    index += isPair ? 2 : 1
                    lineBreaks += 1
                    lastBreakEnd = index
                case UInt8(ascii: "\n"):
                    index += 1
                    lineBreaks += 1
                    lastBreakEnd = index
                default:
                    index += 1
                }
            }
            let newlines = (lastBreakEnd - lineBreaks)..<lastBreakEnd
            for index in range {
                bytes[index] = newlines.contains(index) ? UInt8(ascii: "\n") : UInt8(ascii: " ")
            }
        }
    }
}

/// What ``ModuleDoubles/Skeleton`` makes of LitmusSupport's ``SwiftLexer``'s tokens: the brace
/// bodies to blank.
private struct SkimLexer {
    let bytes: [UInt8]
    /// Half-open ranges of byte offsets to blank, in order, none inside another.
    var blankRanges: [Range<Int>] = []
    var keywords = 0

    /// An open brace: where it is, whether a `protocol` keyword is inside, whether it is a
    /// protocol's body.
    private struct OpenBrace {
        let offset: Int
        var holdsKeyword: Bool
        let isProtocolBody: Bool
    }

    private var open: [OpenBrace] = []
    /// How many open braces are protocol bodies: inside one, nothing is blanked.
    private var openProtocolBodies = 0
    /// The brace depth of the last `protocol` keyword whose body has not opened yet.
    private var pendingProtocolDepth: Int?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the whole file; `false` where the skim gives up: a lexing problem, a regex literal or
    /// what may be one, unbalanced braces. Braces in interpolations are not bodies of their own:
    /// the string they are in is kept or blanked whole.
    mutating func run() -> Bool {
        let lexed = SwiftLexer.tokens(of: bytes)
        guard lexed.problem == nil else { return false }
        for token in lexed.tokens {
            switch token.kind {
            case .regexLiteral:
                return false
            case .punctuation where bytes[token.range.lowerBound] == UInt8(ascii: "/"):
                guard !mayStartRegex(bytes, after: token.range.upperBound) else { return false }
            case .punctuation where token.interpolationDepth == 0:
                guard brace(at: token.range.lowerBound) else { return false }
            case .identifier where token.interpolationDepth == 0:
                countKeyword(token.range)
            default:
                break
            }
        }
        return open.isEmpty
    }

    /// Opens or closes a body at `offset` if a brace is there; `false` on a `}` that closes nothing.
    private mutating func brace(at offset: Int) -> Bool {
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            let isProtocolBody = pendingProtocolDepth == open.count
            if isProtocolBody {
                pendingProtocolDepth = nil
                openProtocolBodies += 1
            }
            open.append(OpenBrace(offset: offset, holdsKeyword: false, isProtocolBody: isProtocolBody))
        case UInt8(ascii: "}"):
            guard let brace = open.popLast() else { return false }
            if pendingProtocolDepth == open.count + 1 { pendingProtocolDepth = nil }
            if brace.isProtocolBody { openProtocolBodies -= 1 }
            if brace.holdsKeyword || brace.isProtocolBody {
                if !open.isEmpty { open[open.count - 1].holdsKeyword = true }
            } else if openProtocolBodies == 0, offset > brace.offset + 1 {
                // Bodies blanked inside this one are covered by it.
                while let last = blankRanges.last, last.lowerBound > brace.offset { blankRanges.removeLast() }
                blankRanges.append((brace.offset + 1)..<offset)
            }
        default:
            break
        }
        return true
    }

    /// Counts the word in `range` if it is the keyword `protocol` of a declaration.
    private mutating func countKeyword(_ range: Range<Int>) {
        guard range.count == 8, bytes[range.lowerBound] == UInt8(ascii: "p"),
            bytes[range].elementsEqual("protocol".utf8)
        else { return }
        // `request.protocol` is a member and `protocol:` a label; neither declares anything.
        let previous = range.lowerBound > 0 ? bytes[range.lowerBound - 1] : 0
        let next = range.upperBound < bytes.count ? bytes[range.upperBound] : UInt8(ascii: " ")
        guard previous != UInt8(ascii: "."), ModuleDoubles.mayFollowKeyword(next) else { return }
        keywords += 1
        pendingProtocolDepth = open.count
        for position in open.indices { open[position].holdsKeyword = true }
    }
}

extension MadeValues {
    /// A file's text with every body blanked that is not a type's or an extension's (function,
    /// initializer, accessor and closure bodies), keeping its length, lines and columns: what
    /// ``MadeValues`` reads (types, their `init()`s, static members and enum cases) parses in a
    /// fraction of the time. `nil` where the skim cannot be sure (as ``ModuleDoubles/Skeleton``):
    /// the file is then parsed whole.
    static func typeSkeleton(of text: String) -> String? {
        let bytes = Array(text.utf8)
        let lexed = SwiftLexer.tokens(of: bytes)
        guard lexed.problem == nil else { return nil }
        let typeKeywords: [[UInt8]] = ["struct", "class", "enum", "actor", "extension"].map { Array($0.utf8) }
        // Each open brace: whether it opens a type's body.
        var open: [Bool] = []
        var pendingTypeDepth: Int?
        var blankRanges: [Range<Int>] = []
        var openOffsets: [Int] = []
        for token in lexed.tokens where token.interpolationDepth == 0 {
            let first = bytes[token.range.lowerBound]
            switch token.kind {
            case .regexLiteral:
                return nil
            case .identifier:
                let previous = token.range.lowerBound > 0 ? bytes[token.range.lowerBound - 1] : 0
                if previous != UInt8(ascii: "."),
                    typeKeywords.contains(where: { $0.elementsEqual(bytes[token.range]) })
                {
                    pendingTypeDepth = open.count
                }
            case .punctuation where first == UInt8(ascii: "/"):
                if mayStartRegex(bytes, after: token.range.upperBound) { return nil }
            case .punctuation where first == UInt8(ascii: "{"):
                open.append(pendingTypeDepth == open.count)
                openOffsets.append(token.range.lowerBound)
                pendingTypeDepth = nil
            case .punctuation where first == UInt8(ascii: "}"):
                guard let isTypeBody = open.popLast(), let start = openOffsets.popLast() else { return nil }
                // The outermost body that is not a type's is blanked, the ones inside it with it.
                if !isTypeBody, !open.contains(false), token.range.lowerBound > start + 1 {
                    while let last = blankRanges.last, last.lowerBound > start { blankRanges.removeLast() }
                    blankRanges.append((start + 1)..<token.range.lowerBound)
                }
            default:
                break
            }
        }
        guard open.isEmpty else { return nil }
        var skeleton = bytes
        for range in blankRanges {
            for index in range where skeleton[index] != UInt8(ascii: "\n") && skeleton[index] != UInt8(ascii: "\r") {
                skeleton[index] = UInt8(ascii: " ")
            }
        }
        return String(decoding: skeleton, as: UTF8.self)
    }
}

/// Whether the `/` before `offset` (no comment) may start a bare regex literal, which starts with no blank
/// and ends on the same line (another `/` later on it); a lone division (or `/=`, `a / b`) may not. The
/// skim's and the skeleton's one rule.
private func mayStartRegex(_ bytes: [UInt8], after offset: Int) -> Bool {
    let next = offset < bytes.count ? bytes[offset] : 0
    switch next {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "="), 0:
        return false
    default:
        var scan = offset
        while scan < bytes.count, bytes[scan] != UInt8(ascii: "\n"), bytes[scan] != UInt8(ascii: "\r") {
            if bytes[scan] == UInt8(ascii: "/") { return true }
            scan += 1
        }
        return false
    }
}
