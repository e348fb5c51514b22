/// FNV-1a, 64 bits: a stable hash of bytes (Swift's `Hasher` is seeded per process), for cache keys.
package enum ContentHash {
    /// The hash of `bytes`.
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 as 16 hex digits.
    package static func hex(_ text: String) -> String { hex(text.utf8) }

    /// The hash of `bytes` as 16 hex digits.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(fnv1a(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
