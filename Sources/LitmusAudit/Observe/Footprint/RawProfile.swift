import Foundation

/// The functions of an LLVM raw profile (`.profraw`, the format versions 9 and 10 that Swift 6.2 and 6.3 write):
/// for each instrumented function of the binary, the hash of its name and the indices of its counters, in
/// the order of the binary's counters section. The footprint observer names counters by those indices.
struct RawProfile: Sendable, Hashable {
    /// One instrumented function.
    struct Function: Sendable, Hashable {
        /// The low 64 bits of the MD5 of its profile name (``NameHash``).
        var nameHash: UInt64
        /// The indices of its counters.
        var counters: Range<Int>
    }

    /// How many counters the binary has.
    var counterCount: Int
    /// Its functions.
    var functions: [Function]
    /// The file's bytes, and where its parts lie in them: what ``trimmed(to:growth:)`` writes a test's profile from.
    var bytes: [UInt8] = []
    /// The header's length in 8-byte words.
    var headerWords = 0
    /// Where the function records start.
    var recordsStart = 0
    /// Where the function names start, and their length.
    var names: Range<Int> = 0..<0

    /// Why a profile cannot be read.
    struct Unreadable: Error, Sendable, Hashable {
        var reason: String
    }

    /// A 64-bit raw profile's magic number.
    static let magic: UInt64 = 0xff6c_7072_6f66_7281

    /// Reads a raw profile's header and function records.
    static func read(_ data: Data) throws(Unreadable) -> RawProfile {
        let bytes = [UInt8](data)
        func word(_ offset: Int) throws(Unreadable) -> UInt64 {
            guard offset >= 0, offset + 8 <= bytes.count else { throw Unreadable(reason: "it is cut short") }
            return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        guard try word(0) == magic else { throw Unreadable(reason: "it is not a 64-bit LLVM raw profile") }
        let versionWord = try word(8)
        let version = versionWord & 0xffff_ffff
        // The variant flags of a profile whose counters are single bytes, or whose records live in the binary's
        // debug information instead.
        guard versionWord & (1 << 60) == 0, versionWord & (1 << 59) == 0 else {
            throw Unreadable(reason: "its counters are not the 8-byte counters of `-profile-generate`")
        }
        let headerWords: Int
        switch version {
        case 9: headerWords = 14
        case 10: headerWords = 16
        default: throw Unreadable(reason: "its format version \(version) is not 9 or 10, the ones the audit reads")
        }
        let binaryIDs = Int(try word(16))
        let dataCount = Int(try word(24))
        let counterCount = Int(try word(40))
        let countersDelta = Int(Int64(bitPattern: try word(80)))
        let recordSize = Self.recordSize
        let start = headerWords * 8 + binaryIDs
        let countersStart = start + dataCount * recordSize + Int(try word(32))
        let namesStart =
            countersStart + counterCount * 8 + Int(try word(48)) + Int(try word(56)) + Int(try word(64))
        let namesEnd = namesStart + Int(try word(72))
        guard namesEnd <= bytes.count else { throw Unreadable(reason: "it is cut short") }
        guard dataCount > 0 else { throw Unreadable(reason: "it holds no function records") }
        var functions: [Function] = []
        functions.reserveCapacity(dataCount)
        for index in 0..<dataCount {
            let record = start + index * recordSize
            let name = try word(record)
            let counterOffset = Int(Int64(bitPattern: try word(record + 16)))
            let count = Int(try word(record + 48) & 0xffff_ffff)
            let byte = index * recordSize + counterOffset - countersDelta
            guard byte % 8 == 0, byte >= 0, byte / 8 + count <= counterCount else {
                throw Unreadable(reason: "a function's counters lie outside the counters section")
            }
            functions.append(Function(nameHash: name, counters: (byte / 8)..<(byte / 8 + count)))
        }
        return RawProfile(
            counterCount: counterCount, functions: functions, bytes: bytes, headerWords: headerWords,
            recordsStart: start, names: namesStart..<namesEnd)
    }

    /// A function record's length.
    static let recordSize = 64

    /// A raw profile of the same binary holding only the functions `kept` (indices into ``functions``), their
    /// counters set to `growth` (by the binary's counter index): one test's own profile, from what the footprint
    /// observer saw it execute, for llvm-profdata and llvm-cov as if the test had run alone. Value profiles and
    /// MC/DC bitmaps are left out (Swift's coverage writes neither).
    func trimmed(to kept: [Int], growth: (Int) -> UInt64) -> Data {
        var out: [UInt8] = []
        func put(_ value: UInt64, at offset: Int) {
            for byte in 0..<8 { out[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
        }
        let recordSize = Self.recordSize
        let counters = kept.reduce(0) { $0 + functions[$1].counters.count }
        out += bytes[0..<recordsStart]
        // NumData, PaddingBytesBeforeCounters, NumCounters, PaddingBytesAfterCounters, NumBitmapBytes,
        // PaddingBytesAfterBitmapBytes, then CountersDelta: the counters follow the records at once.
        for (offset, value) in [
            (24, kept.count), (32, 0), (40, counters), (48, 0), (56, 0), (64, 0), (80, kept.count * recordSize),
        ] {
            put(UInt64(value), at: offset)
        }
        // Version 10's NumVTables and VNamesSize: no virtual tables follow.
        if headerWords == 16 { for offset in [104, 112] { put(0, at: offset) } }
        var first = 0
        for (index, function) in kept.enumerated() {
            let record = out.count
            out += bytes[(recordsStart + function * recordSize)..<(recordsStart + (function + 1) * recordSize)]
            put(UInt64(bitPattern: Int64(kept.count * recordSize + first * 8 - index * recordSize)), at: record + 16)
            // No bitmap, no value profile data: BitmapPtr, Values, NumValueSites and NumBitmapBytes are zero.
            for offset in [24, 40, 52, 56] { put(0, at: record + offset) }
            first += functions[function].counters.count
        }
        for function in kept {
            for counter in functions[function].counters {
                let value = growth(counter)
                out += (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
            }
        }
        out += bytes[names]
        out += [UInt8](repeating: 0, count: (8 - names.count % 8) % 8)
        return Data(out)
    }
}

/// The hash LLVM names a function by in a raw profile: the low 64 bits (little-endian) of the MD5 digest of
/// its profile name.
enum NameHash {
    /// The hash of `name`.
    static func of(_ name: String) -> UInt64 {
        let digest = MD5.digest(Array(name.utf8))
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(digest[$1]) << (8 * UInt64($1)) }
    }
}

/// MD5 (RFC 1321), only to compute ``NameHash``: not for security.
enum MD5 {
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
        14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10,
        15, 21, 6, 10, 15, 21,
    ]
    private static let constants: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    /// The 16-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var bytes = message
        let length = UInt64(message.count) &* 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            let words = (0..<16).map { index in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[chunk + index * 4 + $1]) << (8 * UInt32($1)) }
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for round in 0..<64 {
                let (mixed, index): (UInt32, Int) =
                    switch round / 16 {
                    case 0: ((b & c) | (~b & d), round)
                    case 1: ((d & b) | (~d & c), (5 * round + 1) % 16)
                    case 2: (b ^ c ^ d, (3 * round + 5) % 16)
                    default: (c ^ (b | ~d), (7 * round) % 16)
                    }
                let sum = a &+ mixed &+ constants[round] &+ words[index]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shifts[round] | sum >> (32 - shifts[round]))
            }
            state = [state[0] &+ a, state[1] &+ b, state[2] &+ c, state[3] &+ d]
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }
}
