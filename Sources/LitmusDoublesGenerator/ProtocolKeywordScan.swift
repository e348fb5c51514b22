import LitmusSupport

extension ModuleDoubles {
    /// Whether `text` may declare a protocol: whether it holds the keyword `protocol` where a
    /// declaration could start. A file without one cannot declare a protocol, so it need not be
    /// parsed: it adds no protocol to inherit from, no warning and no import.
    ///
    /// The scan errs one way only: a file it keeps may hold no protocol (it is parsed for nothing),
    /// a file it skips holds none. It ignores the word `protocol`
    /// - inside a longer identifier (`protocols`, `myprotocol`) or after a `.` (`request.protocol`);
    /// - followed by anything but whitespace, a comment or a backquoted name (`protocol:` as a label);
    /// - on a line that starts with `//` (a comment, or the inside of a multiline string or block
    ///   comment), unless a comment, string or regex literal may close before it on that line.
    public static func mayDeclareProtocol(_ text: String) -> Bool {
        protocolKeywordCount(in: text, stopAtFirst: true) > 0
    }

    /// How many times `text` holds the keyword `protocol` where a declaration could start (see
    /// ``mayDeclareProtocol(_:)``): at least once per protocol the file declares.
    static func protocolKeywordCount(in text: String, stopAtFirst: Bool = false) -> Int {
        if let count = text.utf8.withContiguousStorageIfAvailable({ keywordCount(in: $0, stopAtFirst: stopAtFirst) }) {
            return count
        }
        return Array(text.utf8).withUnsafeBufferPointer { keywordCount(in: $0, stopAtFirst: stopAtFirst) }
    }

    private static func keywordCount(in bytes: UnsafeBufferPointer<UInt8>, stopAtFirst: Bool) -> Int {
        let keyword = "protocol".utf8
        guard bytes.count >= keyword.count, let base = bytes.baseAddress else { return 0 }
        // The keyword's eight bytes as one little-endian number, compared with eight bytes at once.
        let pattern = keyword.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let last = bytes.count - keyword.count
        var count = 0
        func isKeyword(at index: Int) -> Bool {
            UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) == pattern
                && (index == 0 || mayPrecedeKeyword(base[index - 1]))
                && (index == last || mayFollowKeyword(base[index + keyword.count]))
                && !isInLineComment(UnsafeBufferPointer(start: base, count: index))
        }
        var index = 0
        // Sixteen bytes at a time, looking closer only where one of them is a "p".
        let p = SIMD16<UInt8>(repeating: UInt8(ascii: "p"))
        while index + 16 <= last + 1 {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let matches = chunk .== p
            if any(matches) {
                for offset in 0..<16 where matches[offset] && isKeyword(at: index + offset) {
                    count += 1
                    if stopAtFirst { return count }
                }
            }
            index += 16
        }
        while index <= last {
            if base[index] == UInt8(ascii: "p"), isKeyword(at: index) {
                count += 1
                if stopAtFirst { return count }
            }
            index += 1
        }
        return count
    }

    /// Anything but an ASCII letter, digit, `_`, `$` (the keyword would be part of an identifier)
    /// or `.` (a member named `protocol`).
    private static func mayPrecedeKeyword(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: ".") && (byte >= 0x80 || !SwiftLexer.isIdentifierByte(byte))
    }

    /// Whitespace (form feed, vertical tab and NUL included, as Swift has them), the `/` of a
    /// comment, the backquote of a name, or any non-ASCII byte: what may follow the keyword
    /// `protocol` of a declaration. The skeleton's lexer uses the same rule.
    static func mayFollowKeyword(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0,
            UInt8(ascii: "/"), UInt8(ascii: "`"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// Whether the line ending at the end of `prefix` starts with `//` (after blanks) and holds no
    /// `*/`, `/#` or `"""` that could end a block comment, regex or multiline string on it: then
    /// whatever follows on that line is a comment or literal text.
    private static func isInLineComment(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = prefix.count
        while start > 0, prefix[start - 1] != UInt8(ascii: "\n"), prefix[start - 1] != UInt8(ascii: "\r") {
            start -= 1
        }
        while start < prefix.count, prefix[start] == UInt8(ascii: " ") || prefix[start] == UInt8(ascii: "\t") {
            start += 1
        }
        guard start + 1 < prefix.count, prefix[start] == UInt8(ascii: "/"), prefix[start + 1] == UInt8(ascii: "/")
        else { return false }
        var previous: UInt8 = 0
        var quotes = 0
        for byte in prefix[(start + 2)...] {
            if previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/")
                || previous == UInt8(ascii: "/") && byte == UInt8(ascii: "#")
            {
                return false
            }
            quotes = byte == UInt8(ascii: "\"") ? quotes + 1 : 0
            if quotes == 3 { return false }
            previous = byte
        }
        return true
    }
}
