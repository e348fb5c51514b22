import Foundation

/// Finding a piece of text in UTF-8 bytes: `memchr` to each place its first byte is, `memcmp` there (`memmem` is a
/// GNU extension the C library's module does not declare). Foundation's `String.range(of:)` goes through
/// CFStringFind and UTF-16 on Linux: the analysis spent a quarter of its time there, asking whether a file
/// declares a name.
package enum ByteSearch {
    /// Whether `accept` accepts one of the places `part` occurs in `bytes` (its start and end), tried in order.
    package static func occurrences(
        of part: String, in bytes: UnsafeBufferPointer<UInt8>, _ accept: (_ start: Int, _ end: Int) -> Bool
    ) -> Bool {
        var part = part
        return part.withUTF8 { occurrences(ofBytes: $0, in: bytes, accept) }
    }

    /// Whether `text` holds `part`, compared on the UTF-8 bytes.
    package static func contains(_ part: some StringProtocol, in text: some StringProtocol) -> Bool {
        var text = String(text)
        return text.withUTF8 { bytes in occurrences(of: String(part), in: bytes) { _, _ in true } }
    }

    /// The index in `bytes` where `marker` first starts, if it occurs.
    package static func firstIndex(of marker: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var first: Int?
        _ = marker.withUnsafeBufferPointer { marker in
            occurrences(ofBytes: marker, in: bytes) { start, _ in
                first = start
                return true
            }
        }
        return first
    }

    /// ``occurrences(of:in:_:)`` of bytes: `memchr` to each place the first byte is, `memcmp` there. An empty
    /// `part` is offered once, at the start.
    private static func occurrences(
        ofBytes part: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
        _ accept: (_ start: Int, _ end: Int) -> Bool
    ) -> Bool {
        guard let first = part.first else { return accept(0, 0) }
        guard bytes.count >= part.count, let base = bytes.baseAddress, let wanted = part.baseAddress else {
            return false
        }
        var start = 0
        let end = bytes.count - part.count + 1  // one past the last place `part` may start
        while start < end, let found = memchr(base + start, Int32(first), end - start) {
            let index = UnsafeRawPointer(base).distance(to: found)
            if memcmp(base + index, wanted, part.count) == 0, accept(index, index + part.count) { return true }
            start = index + 1
        }
        return false
    }

    /// Whether `text` holds `phrase` followed by a character that ends a name (not a letter, digit or `_`; the
    /// text's end too): `class Cache` in `final class Cache {`, not in `class CacheTests`.
    package static func holdsName(_ phrase: String, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            occurrences(of: phrase, in: bytes) { _, end in
                guard end < bytes.count else { return true }
                let next = bytes[end]
                guard next >= 0x80 else {
                    return !(SwiftLexer.isIdentifierByte(next) && next != UInt8(ascii: "$"))
                }
                // A non-ASCII character: a letter or digit of any script continues the name.
                let rest = UnsafeBufferPointer(rebasing: bytes[end..<min(bytes.count, end + 8)])
                guard let character = String(decoding: rest, as: UTF8.self).first else { return true }
                return !(character.isLetter || character.isNumber)
            }
        }
    }
}
