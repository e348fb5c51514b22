import SwiftSyntax

/// floatEquality: a value decoded from the bytes of its own IEEE 754 encoding, which the test wrote out
/// (Flight-School/MessagePack 1.2.4's `Data(bytes: [0xCA, 0x40, 0x48, 0xF5, 0xC3])` decoded as a `Float` and compared
/// with `3.14`, read false on first contact): a decoder that copies the bits gives exactly the literal's value, and
/// exact equality is what such a test means.
extension FloatComparison {
    /// The byte arrays the test writes: array literals of two or more hexadecimal literals, each 0 to 255
    /// (`[0xCA, 0x40, 0x48, 0xF5, 0xC3]`; decimal numbers, `[0, 0, 0, 64]`, are more likely counts than bytes).
    static func byteLiterals(_ test: ScannedTest) -> [[UInt8]] {
        test.all(ArrayExprSyntax.self).compactMap { array in
            let bytes = array.elements.compactMap { element -> UInt8? in
                guard let literal = element.expression.as(IntegerLiteralExprSyntax.self),
                    literal.literal.text.hasPrefix("0x")
                else { return nil }
                return UInt8(literal.literal.text.dropFirst(2).replacingOccurrences(of: "_", with: ""), radix: 16)
            }
            return bytes.count >= 2 && bytes.count == array.elements.count ? bytes : nil
        }
    }

    /// Whether the bits of the number `literal` is written with, as a `Float` or a `Double` (one the test does not
    /// also convert to the other), in either byte order,
    /// are one of `arrays`, alone or after one byte (MessagePack's type tag, `0xCA`): a run inside a longer array may
    /// be there by chance (`3F 80 00 00`, 1.0 as a `Float`, in an image's header).
    static func encodes(_ literal: ExprSyntax, in arrays: [[UInt8]], test: ScannedTest) -> Bool {
        guard !arrays.isEmpty else { return false }
        let text = literal.trimmedDescription.replacingOccurrences(of: "_", with: "")
        // A test that names the other width converts between the two, a rounding (Flight-School/MessagePack 1.2.4's
        // `testDecodeDoubleToFloat`: a Double's bytes decoded as a `Float`, read true).
        let names = Set(test.declaration.tokens(viewMode: .sourceAccurate).map(\.text))
        var encodings: [[UInt8]] = []
        if let float = Float(text), float != 0, names.isDisjoint(with: ["Double", "Float64"]) {
            encodings.append(bigEndian(UInt64(float.bitPattern), count: 4))
        }
        if let double = Double(text), double != 0, names.isDisjoint(with: ["Float", "Float32"]) {
            encodings.append(bigEndian(double.bitPattern, count: 8))
        }
        encodings += encodings.map { Array($0.reversed()) }
        return encodings.contains { encoding in
            arrays.contains { bytes in
                (encoding.count...(encoding.count + 1)).contains(bytes.count)
                    && bytes.suffix(encoding.count).elementsEqual(encoding)
            }
        }
    }

    /// The `count` low bytes of `value`, most significant first.
    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
