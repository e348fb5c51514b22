import Foundation
import Testing

@testable import LitmusJSON

/// `JSONValue(_:)`'s parser (``JSONParser``), held to `JSONDecoder` through `JSONValue`'s `Codable`
/// conformance, which it replaced: the same value for every JSON text, nil for every text that is not JSON.
@Suite("The HTTP stubs' JSON parser")
struct JSONParserTests {
    static let valid = [
        #"{"user": {"name": "ann", "roles": ["dev", "ops"], "id": 42, "active": true}, "token": null}"#,
        #"[]"#, #"{}"#, #" [ 1 , 2 ] "#, "\n\t{\r\n\"a\" : [ ] }\n",
        #"0"#, #"-0"#, #"12.5"#, #"-1.5e3"#, #"1E-2"#, #"2e+10"#, #"123456789012"#,
        #"true"#, #"false"#, #"null"#, #""text""#,
        #""quote \" backslash \\ slash \/ controls \b\f\n\r\t""#,
        #""\u00e9 \u20AC \ud83d\ude00""#, #""é € 😀""#,
        #"{"a": 1, "a": 2}"#, #"[[[[[]]]]]"#, #"{"nested": {"deeper": {"deepest": [{"x": -0.25}]}}}"#,
    ]

    static let invalid = [
        "", "   ", "[1,]", "{\"a\": 1,}", "01", "[01]", "1.", ".5", "-", "1e", "+1", "'single'", "tru", "nul",
        "{\"a\" 1}", "{a: 1}", "1 2", "[1 2]", "\"unterminated", "\"tab\there\"", "\"\\x\"", "\"\\u12\"",
        "\"\\ud83d\"", "\"\\ude00\"", "[", "{", "]", "1e400", "NaN", "Infinity",
    ]

    @Test("A JSON text reads as the decoder reads it", arguments: valid)
    func sameAsTheDecoder(text: String) throws {
        let parsed = try #require(JSONValue(Data(text.utf8)))
        #expect(parsed == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
    }

    @Test("A text that is not JSON is refused", arguments: invalid)
    func refused(text: String) {
        #expect(JSONValue(Data(text.utf8)) == nil)
    }

    @Test("Values read as written: numbers, booleans, null, escapes and a surrogate pair")
    func values() {
        let text = #"{"n": [1, -2.5, 3e2], "b": [true, false], "z": null, "s": "a\"\u00e9\ud83d\ude00"}"#
        let expected: JSONValue = ["n": [1, .number(-2.5), 300], "b": [true, false], "z": .null, "s": "a\"é😀"]
        #expect(JSONValue(Data(text.utf8)) == expected)
    }

    @Test("Nesting is read to 512 levels and refused beyond, instead of exhausting the stack")
    func depth() {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(JSONValue(Data(deepest.utf8)) != nil)
        #expect(JSONValue(Data(deeper.utf8)) == nil)
    }

    @Test("Bytes that are not UTF-8 inside a string are refused")
    func invalidUTF8() {
        #expect(JSONValue(Data([0x22, 0xFF, 0xFE, 0x22])) == nil)
    }
}
