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
    /// The skim is a lexer of the parts of Swift that decide where a body ends: comments (nested
    /// block comments included), string literals (multiline, raw, with interpolations), backquoted
    /// names and braces. It gives up, returning `nil`, on what it does not follow exactly: a regex
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

/// The lexer behind ``ModuleDoubles/Skeleton``: finds the brace bodies to blank.
private struct SkimLexer {
    let bytes: [UInt8]
    /// Half-open ranges of byte offsets to blank, in order, none inside another.
    var blankRanges: [Range<Int>] = []
    var keywords = 0
    private var index = 0

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

    /// Lexes the whole file; `false` where the skim gives up.
    mutating func run() -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                let isProtocolBody = pendingProtocolDepth == open.count
                if isProtocolBody {
                    pendingProtocolDepth = nil
                    openProtocolBodies += 1
                }
                open.append(OpenBrace(offset: index, holdsKeyword: false, isProtocolBody: isProtocolBody))
                index += 1
            case UInt8(ascii: "}"):
                guard let brace = open.popLast() else { return false }
                if pendingProtocolDepth == open.count + 1 { pendingProtocolDepth = nil }
                if brace.isProtocolBody { openProtocolBodies -= 1 }
                if brace.holdsKeyword || brace.isProtocolBody {
                    if !open.isEmpty { open[open.count - 1].holdsKeyword = true }
                } else if openProtocolBodies == 0, index > brace.offset + 1 {
                    // Bodies blanked inside this one are covered by it.
                    while let last = blankRanges.last, last.lowerBound > brace.offset { blankRanges.removeLast() }
                    blankRanges.append((brace.offset + 1)..<index)
                }
                index += 1
            default:
                if let skipped = skipLiteralOrComment() {
                    guard skipped else { return false }
                } else if ModuleDoubles.isIdentifierByte(byte) {
                    skipWord()
                } else {
                    index += 1
                }
            }
        }
        return open.isEmpty
    }

    /// Skips an identifier, keyword or number, counting the keyword `protocol`.
    private mutating func skipWord() {
        let start = index
        while index < bytes.count, ModuleDoubles.isIdentifierByte(bytes[index]) { index += 1 }
        guard index - start == 8, bytes[start] == UInt8(ascii: "p"),
            bytes[start..<index].elementsEqual("protocol".utf8)
        else { return }
        // `request.protocol` is a member and `protocol:` a label; neither declares anything.
        let previous = start > 0 ? bytes[start - 1] : 0
        let next = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
        guard previous != UInt8(ascii: "."), ModuleDoubles.mayFollowKeyword(next) else { return }
        keywords += 1
        pendingProtocolDepth = open.count
        for position in open.indices { open[position].holdsKeyword = true }
    }

    /// Skips a comment or a division operator; `false` on what may be a regex literal or an
    /// unterminated block comment.
    private mutating func skipSlash() -> Bool {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                index += 1
            }
            return true
        }
        if next == UInt8(ascii: "*") {
            var depth = 0
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return true }
                } else {
                    index += 1
                }
            }
            return false
        }
        // A bare regex literal starts with no blank and ends on the same line; a `/` that could
        // start one is given up on, a lone division (or `/=`, `a / b`) is skipped.
        index += 1
        switch next {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "="), 0:
            return true
        default:
            var scan = index
            while scan < bytes.count, bytes[scan] != UInt8(ascii: "\n"), bytes[scan] != UInt8(ascii: "\r") {
                if bytes[scan] == UInt8(ascii: "/") { return false }
                scan += 1
            }
            return true
        }
    }

    /// Skips a string literal whose opening `"` is at `index`, after `hashes` `#`; `false` if it
    /// does not end.
    private mutating func skipString(hashes: Int) -> Bool {
        let isMultiline =
            index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"")
            && bytes[index + 2] == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hasHashes(hashes, at: index + 1) {
                index += 1 + hashes
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "(") {
                    index += 1
                    guard skipInterpolation() else { return false }
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\"") {
                if isMultiline {
                    if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\""),
                        bytes[index + 2] == UInt8(ascii: "\""), hasHashes(hashes, at: index + 3)
                    {
                        index += 3 + hashes
                        return true
                    }
                    index += 1
                } else if hasHashes(hashes, at: index + 1) {
                    index += 1 + hashes
                    return true
                } else {
                    index += 1
                }
            } else if !isMultiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                return false
            } else {
                index += 1
            }
        }
        return false
    }

    private func hasHashes(_ count: Int, at offset: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        for position in offset..<(offset + count) where bytes[position] != UInt8(ascii: "#") { return false }
        return true
    }

    /// Skips the code of an interpolation up to its closing `)`, which `index` is after when it
    /// returns `true`. Braces there are not bodies of their own: the string they are in is kept or
    /// blanked whole.
    private mutating func skipInterpolation() -> Bool {
        var depth = 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return true }
            default:
                if let skipped = skipLiteralOrComment() {
                    guard skipped else { return false }
                } else {
                    index += 1
                }
            }
        }
        return false
    }

    /// Skips the comment, string literal, `#` word or backquoted name that starts at `index`:
    /// `nil` if none starts there, `false` where the skim gives up (a regex literal, or what may
    /// be one; anything unterminated).
    private mutating func skipLiteralOrComment() -> Bool? {
        switch bytes[index] {
        case UInt8(ascii: "/"):
            return skipSlash()
        case UInt8(ascii: "\""):
            return skipString(hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
            let next = index + hashes < bytes.count ? bytes[index + hashes] : 0
            if next == UInt8(ascii: "/") { return false }  // an extended regex literal
            index += hashes
            return next == UInt8(ascii: "\"") ? skipString(hashes: hashes) : true
        case UInt8(ascii: "`"):
            return skipBackquotedName()
        default:
            return nil
        }
    }

    /// Skips a backquoted name, which ends on its line.
    private mutating func skipBackquotedName() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "`"):
                index += 1
                return true
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return false
            default:
                index += 1
            }
        }
        return false
    }
}
