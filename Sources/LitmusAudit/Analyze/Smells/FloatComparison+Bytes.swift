import SwiftSyntax

/// floatEquality: a value decoded from the bytes of its own IEEE 754 encoding, which the test wrote out
/// (Flight-School/MessagePack 1.2.4's `Data(bytes: [0xCA, 0x40, 0x48, 0xF5, 0xC3])` decoded as a `Float` and compared
/// with `3.14`, read false on first contact): a decoder that copies the bits gives exactly the literal's value, and
/// exact equality is what such a test means.
extension FloatComparison {
    /// The byte arrays the test writes: array literals of two or more integer literals, each 0 to 255.
    static func byteLiterals(_ test: ScannedTest) -> [[UInt8]] {
        test.all(ArrayExprSyntax.self).compactMap { array in
            let bytes = array.elements.compactMap { byte($0.expression) }
            return bytes.count >= 2 && bytes.count == array.elements.count ? bytes : nil
        }
    }

    /// Whether the bits of the number `literal` is written with, as a `Float` or a `Double`, in either byte order,
    /// are a run of one of `arrays`.
    static func encodes(_ literal: ExprSyntax, in arrays: [[UInt8]]) -> Bool {
        guard !arrays.isEmpty else { return false }
        let text = literal.trimmedDescription.replacingOccurrences(of: "_", with: "")
        var encodings: [[UInt8]] = []
        if let float = Float(text), float != 0 { encodings.append(bigEndian(UInt64(float.bitPattern), count: 4)) }
        if let double = Double(text), double != 0 { encodings.append(bigEndian(double.bitPattern, count: 8)) }
        encodings += encodings.map { Array($0.reversed()) }
        return encodings.contains { encoding in arrays.contains { contains($0, run: encoding) } }
    }

    /// The integer literal `expression` is, when it is 0 to 255 (`0xCA`, `64`, `0b1`).
    private static func byte(_ expression: ExprSyntax) -> UInt8? {
        guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
        let text = literal.literal.text.replacingOccurrences(of: "_", with: "")
        let prefixes: [(String, Int)] = [("0x", 16), ("0o", 8), ("0b", 2)]
        for (prefix, radix) in prefixes where text.hasPrefix(prefix) {
            return UInt8(text.dropFirst(2), radix: radix)
        }
        return UInt8(text)
    }

    /// The `count` low bytes of `value`, most significant first.
    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// Whether `run` appears in `bytes`, its bytes next to each other.
    private static func contains(_ bytes: [UInt8], run: [UInt8]) -> Bool {
        guard bytes.count >= run.count else { return false }
        return (0...(bytes.count - run.count)).contains { start in bytes[start..<(start + run.count)].elementsEqual(run)
        }
    }
}
