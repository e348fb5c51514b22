import Foundation

/// A recursive-descent reader of JSON text (RFC 8259: any value at the top, white space around it) over
/// its UTF-8 bytes, for ``JSONValue/init(_:)``: the values `JSONDecoder` gives (`JSONValue`'s `Codable`
/// conformance, which tries each kind of value in turn at every node, a thrown error per miss) about ten
/// times faster. The HTTP stubs' JSON matchers read every request's body with it, and WebDriver's answers
/// come through it. Nesting deeper than ``maximumDepth`` is refused rather than exhausting the stack.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The one value of the text, or nil when the text is not exactly one JSON value.
    mutating func document() -> JSONValue? {
        skipSpace()
        guard let value = value() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func value() -> JSONValue? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object() -> JSONValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let member = value() else { return nil }
            if members[key] == nil { members[key] = member }  // the first of a repeated key, as JSONDecoder
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        }
    }

    private mutating func array() -> JSONValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipSpace()
            guard let element = value() else { return nil }
            elements.append(element)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? .array(elements) : nil
        }
    }

    /// A string, the opening quote at `index`; nil for a control character, a bad escape or no end.
    private mutating func string() -> String? {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `u` read), joining a surrogate pair written as two escapes.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        switch unit {
        case 0xD800..<0xDC00:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00..<0xE000:
            return nil
        default:
            return Unicode.Scalar(unit)
        }
    }

    /// Four hexadecimal digits as a number.
    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }

    /// A number as RFC 8259 writes one: `-`, an integer part without leading zeros, a fraction, an exponent.
    private mutating func number() -> JSONValue? {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // no more digits in the integer part
        } else {
            guard digits() > 0 else { return nil }
        }
        if take(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
        }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self), let number = Double(text),
            number.isFinite
        else { return nil }
        return .number(number)
    }

    /// How many decimal digits were read.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let expected = word.utf8
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { return nil }
        index += expected.count
        return value
    }

    private mutating func enter() -> Bool {
        depth += 1
        return depth <= Self.maximumDepth
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
