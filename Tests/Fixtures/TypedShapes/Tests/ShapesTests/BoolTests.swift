import Shapes
import Testing
import XCTest

/// boolAssertEquality: advice only where its rewrite compiles: not for a `Bool?`, a type expressible by a
/// Boolean literal, or tuples; for a `Bool` and an `Equatable` value it stands.
struct BoolTests {
    @Test func optionalFlag() {
        #expect(Settings().isEnabled("dark") == true)
    }

    @Test func answerLiteral() {
        let answer: Answer = true
        #expect(answer == true)
    }

    @Test func optionalChain() {
        let settings: Settings? = Settings()
        #expect(settings?.isLoaded == true)
    }

    @Test func loadedFlag() {
        #expect(Settings().isLoaded == true)
    }

    @Test func awaitedOptionalFlag() async throws {
        #expect(try await Settings().fetch("dark") == true)
    }

    @Test func awaitedLoadedFlag() async throws {
        #expect(try await Settings().fetchLoaded() == true)
    }
}

final class BoolEqualityTests: XCTestCase {
    func testPairs() {
        XCTAssertTrue((sum([1]), sum([2])) == (1, 2))
    }

    func testMoney() {
        XCTAssertTrue(Money(cents: sum([1, 2])) == Money(cents: 3))
    }

    func testTagAgainstBytes() {
        XCTAssertTrue(Tag(bytes: [1, 2]) == [UInt8]([1, 2]))
    }

    func testWordAgainstLiteral() {
        // A literal takes the other side's type: `XCTAssertEqual(words[0], "GET")` compiles, though the compiler
        // typed the literal `String` against the `Substring`.
        let words = "GET /".split(separator: " ")
        XCTAssertTrue(words[0] == "GET")
    }
}
