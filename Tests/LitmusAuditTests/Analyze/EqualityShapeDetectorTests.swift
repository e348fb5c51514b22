import Foundation
import Testing

@testable import LitmusAudit

/// The checks of an equality's shape (EqualityShapeDetector): here, what sensitiveEquality reads as a
/// description.
@Suite("sensitiveEquality: a text's description is the text; any other value's is a rendering")
struct EqualityShapeDetectorTests {
    @Test(
        "A string literal cast to NSString or String is checked as text; a number's or a String's debugDescription is not"
    )
    func textDescription() throws {
        // Given Quick/Nimble 14.0.0's shape, with no compiler facts
        let methods = """
            func testA() { XCTAssertEqual(("foobar" as NSString).description, "foobar") }
            func testB() { XCTAssertTrue(("foobar" as String).description.hasPrefix("foo")) }
            func testC() { XCTAssertEqual((1 as NSNumber).description, "1") }
            func testD() { XCTAssertEqual(("foobar" as String).debugDescription, "\\"foobar\\"") }
            func testE() { XCTAssertEqual((name as NSString).description, "foobar") }
            func testF() { XCTAssertEqual(("foobar" as? NSString)?.description, "foobar") }
            func testG() { XCTAssertEqual(("\\(cart)" as NSString).description, "Cart") }
            func testH() { XCTAssertEqual(("a" as Character).description, "a") }
            """
        // Then the number, the quoted text and the casts the syntax cannot vouch for are descriptions
        #expect(
            try xctestFindings(.sensitiveEquality, methods) == ["testC:5", "testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test(
        "An integer's description is its digits, not a rendering: a literal's or a count's; a float's or an unknown value's is one"
    )
    func integerDescription() throws {
        // Given swift-openapi-hummingbird 2.1.0's shape, with no compiler facts, and its near misses
        let methods = """
            func testA() { XCTAssertEqual(response.headers[.contentLength], "👋".utf8.count.description) }
            func testB() { XCTAssertEqual(42.description, "42") }
            func testC() { XCTAssertEqual((items.count).description, "3") }
            func testD() { XCTAssertEqual(1.5.description, "1.5") }
            func testE() { XCTAssertEqual(size.description, "3") }
            func testF() { XCTAssertEqual(url.description, "https://shop.example") }
            func testG() { XCTAssertEqual(items.first.description, "Optional(3)") }
            """
        // Then the renderings of a float, of values of unknown types and of an optional are descriptions
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testD:6", "testE:7", "testF:8", "testG:9"])
    }

    @Test(
        "A description read through a cast to the protocol that declares it checks the conformance; through another cast it is a rendering"
    )
    func conformanceDescription() throws {
        // Given OpenCombine 0.14.0's shape (its subscribers describe themselves as Apple's Combine does), with no
        // compiler facts, and its near misses
        let methods = """
            func testA() { XCTAssertEqual((inner as? CustomStringConvertible)?.description, "FlatMap") }
            func testB() { XCTAssertEqual((Subscriptions.empty as! CustomStringConvertible).description, "Empty") }
            func testC() { XCTAssertEqual((failure as? CustomDebugStringConvertible)?.debugDescription, "Failure") }
            func testD() { XCTAssertEqual((inner as? Named)?.description, "FlatMap") }
            func testE() { XCTAssertEqual((inner as? CustomStringConvertible)?.debugDescription, "FlatMap") }
            func testF() { XCTAssertEqual(inner.description, "FlatMap") }
            func testG() { XCTAssertEqual((inner as? CustomStringConvertible)?.description, tracking.description) }
            """
        // Then a cast to another protocol, the other protocol's member and no cast are descriptions; one compared
        // with another description is still a pair that changes together
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testD:6", "testE:7", "testF:8"])
    }

    @Test("A method named as a description is the package's own rendering API; the property is a rendering")
    func descriptionMethod() throws {
        // Given swift-markdown's tree dump `document.debugDescription()` (read false on first contact), and near misses
        let methods = """
            func testA() { XCTAssertEqual(document.debugDescription(), expectedDump) }
            func testB() { XCTAssertEqual(expectedDump, document.root.debugDescription(options: .printSourceLocations)) }
            func testC() { XCTAssertEqual(document.debugDescription, expectedDump) }
            func testD() { XCTAssertEqual(document.children.first?.description, "Text") }
            func testE() { XCTAssertEqual(date.description(with: nil), "2001-01-01 00:00:00 +0000") }
            func testF() { XCTAssertEqual(number.description(withLocale: locale), "1,5") }
            """
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testC:5", "testD:6", "testE:7", "testF:8"])
    }

    @Test("A description checked after the same value's fields, in the same block, is the rendering checked besides")
    func fieldsCheckedFirst() throws {
        // Given GRDB 7.10.0's shape (an error's code, message and SQL checked, then its description), with no
        // compiler facts, and its near misses
        let methods = #"""
            func testA() { do { try run() } catch let error as DatabaseError { XCTAssertEqual(error.resultCode, 1); XCTAssertEqual(error.sql, "SELECT"); XCTAssertEqual(error.description, "SQLite error 1") } }
            func testB() { do { try run() } catch let error as DatabaseError { XCTAssertEqual(error.description, "SQLite error 1") } }
            func testC() { do { try run() } catch let error as DatabaseError { XCTAssertEqual(error.description, "SQLite error 1"); XCTAssertEqual(error.resultCode, 1) } }
            func testD() { do { try run() } catch let error as DatabaseError { XCTAssertEqual(error.resultCode, 1) }; do { try run() } catch let error as DatabaseError { XCTAssertEqual(error.description, "SQLite error 1") } }
            func testE() { let error = make(); XCTAssertEqual(other.resultCode, 1); XCTAssertEqual(String(describing: error), "SQLite error 1") }
            func testF() { let error = make(); XCTAssertEqual(error.resultCode, 1); XCTAssertEqual(String(describing: error), "SQLite error 1") }
            func testG() { let error = make(); XCTAssertEqual(n, 1, "code \(error.code)"); XCTAssertEqual(error.description, "SQLite error 1") }
            func testH() { let error = make(); XCTAssertEqual(error.localizedDescription, "boom"); XCTAssertEqual(error.description, "SQLite error 1") }
            func testI() { var error = make(); XCTAssertEqual(error.code, 1); error = other(); XCTAssertEqual(error.description, "SQLite error 1") }
            func testJ() { let error = make(); XCTAssertEqual(errors.map { error in error.code }, [1]); XCTAssertEqual(error.description, "SQLite error 1") }
            """#
        // Then a description checked alone, before the fields, after another block's, after another value's, after
        // a member read in a message, another rendering, the name bound again, or a closure's own name is still one
        #expect(
            try xctestFindings(.sensitiveEquality, methods) == [
                "testB:4", "testC:5", "testD:6", "testE:7", "testG:9", "testH:10", "testI:11", "testJ:12",
            ])
    }
    @Test("Whether a description is empty compares no text; what is made of it, or its text, is still compared")
    func descriptionEmptiness() throws {
        // Given Citadel 0.11.1's check that every key type describes itself, with no compiler facts, and near misses
        let methods = """
            func testA() { for keyType in KeyType.allCases { XCTAssertFalse(keyType.description.isEmpty) } }
            func testB() { XCTAssertTrue(!(error.debugDescription).isEmpty) }
            func testC() { XCTAssertEqual(String(describing: value).isEmpty, false) }
            func testD() { XCTAssertTrue(keyType.description.hasPrefix("R")) }
            func testE() { XCTAssertTrue(keyType.description.isEmpty || keyType.description == "RSA") }
            func testF() { XCTAssertEqual(keyType.description.count, 3) }
            """
        // Then only the checks that read more than emptiness are descriptions compared
        #expect(try xctestFindings(.sensitiveEquality, methods) == ["testD:6", "testE:7", "testF:8"])
    }
}
