import Foundation
import Shapes
import XCTest

/// trapInTest: an unwrap of a failable initializer given a literal that parses cannot fail, nor a Swift
/// string's data in a Unicode encoding; a literal that does not parse, or a value, still can.
final class TrapTests: XCTestCase {
    func testParsedLiterals() {
        let price = Decimal(string: "1.5")!
        let bytes = Data(base64Encoded: "aGVsbG8=")!
        let count = Int("42")!
        XCTAssertEqual(bytes.count + count, 47)
        XCTAssertEqual(price, Decimal(15) / 10)
    }

    func testUnicodeData() {
        let text = "caf\u{e9}"
        for encoding in [String.Encoding.utf8, .utf16] {
            XCTAssertFalse(text.data(using: encoding)!.isEmpty)
        }
        XCTAssertEqual(text.data(using: .utf8)!.count, 5)
    }

    func testInterpolatedUnicodeData() {
        // An interpolated literal is a Swift string like any other: its UTF-8 is never nil (a route's body in
        // swhitty/FlyingFox 0.27.1's tests), in a closure or not.
        let body: (Int) -> Data = { id in "Hello \(id)".data(using: .utf8)! }
        XCTAssertEqual(body(7).count, 7)
        XCTAssertFalse("\(body(7).count) bytes".data(using: .utf16)!.isEmpty)
    }

    func testInterpolatedASCIIData() {
        // Never called: the fixture's tests run in an audit, and this unwrap traps for an `é`, which has no ASCII
        // byte.
        let make: (String) -> Data = { accent in "caf\(accent)".data(using: .ascii)! }
        XCTAssertNotNil(make as Any)
    }

    func testLiteralThatDoesNotParse() {
        // Never called: the fixture's tests run in an audit, and this unwrap traps.
        let parse = { Decimal(string: "one")! }
        XCTAssertNotNil(parse as Any)
    }

    func testEncodedLiteralsOfALocalFunction() {
        // Foundation's JSONEncoder encodes the texts each call gives: set-up, whatever `encode(to:)` the package
        // declares (attaswift/BigInt 6.0.1's `decodableStringError`).
        func check(_ text: String, _ expected: Int) {
            XCTAssertEqual(try! JSONEncoder().encode(text).count, expected)
        }
        check("a", 3)
        check("bc", 4)
    }

    func testEncodedPackageValueOfALocalFunction() {
        // The package's `encode(to:)` runs here: when it regresses to throwing, the unwrap ends the process.
        func check(_ amount: Amount) -> Data { try! JSONEncoder().encode(amount) }
        XCTAssertEqual(check(Amount(cents: 150)).count, 3)
    }

    func testValueFromOutside() {
        let input = ProcessInfo.processInfo.environment["INPUT"] ?? ""
        XCTAssertGreaterThanOrEqual(Data(base64Encoded: input)!.count, 0)
    }

    func testImplicitURLOfALiteral() {
        let request = Request(url: .init(string: "https://apple.com/")!)
        XCTAssertEqual(request.url.host, "apple.com")
    }

    func testImplicitURLThatDoesNotParse() {
        // Never called: the fixture's tests run in an audit, and this unwrap traps.
        let make = { Request(url: .init(string: "")!) }
        XCTAssertNotNil(make as Any)
    }

    func testASCIIData() {
        // Not ASCII: `é` has no ASCII byte, so the data is nil and the unwrap traps.
        let text = "café"
        XCTAssertFalse(text.data(using: .ascii)!.isEmpty)
    }
}

/// A request made with an implicit member: `.init(string:)` is `URL(string:)`.
struct Request {
    var url: URL
}
