import Testing

@testable import LitmusAudit

/// sensitiveEquality without the compiler's facts: a description a type of the package declares for itself, read
/// from a value the test makes with that type's initializer (stephencelis/SQLite.swift 0.16.0's `Connection`, read
/// false on first contact), and a test named in snake case for the description it checks.
@Suite("sensitiveEquality: a description the package declares, and snake-cased test names")
struct PackageDescriptionTests {
    /// The package's own source: `Connection` describes itself; `Row` does not.
    private static let package = """
        public final class Connection: CustomStringConvertible {
            public init(_ path: String) {}
            public var description: String { "" }
        }
        public struct Row { public init() {} }
        public extension Row { var count: Int { 0 } }
        """

    /// The tests of an XCTest class with `members` that report a sensitiveEquality.
    private func descriptions(_ members: String) throws -> [String] {
        let file = """
            import XCTest
            final class ConnectionTests: XCTestCase {
            \(members)
            }
            """
        return try analyzeSources(["ConnectionTests.swift": file], packageSources: ["Connection.swift": Self.package])
            .findings.filter { $0.kind == .sensitiveEquality }.compactMap(\.testName)
            .map { String($0.split(separator: ".").last!) }
    }

    @Test("A description the package's type declares, of a value made by its initializer, is the package's text")
    func declaredByPackage() throws {
        // Given SQLite.swift's `let db = try Connection(.inMemory); XCTAssertEqual("", db.description)`, and the call
        // written in place
        let members = """
                func testA() throws { let db = try Connection(":memory:"); XCTAssertEqual("", db.description) }
                func testB() { XCTAssertEqual(Connection("a").description, "") }
            """
        #expect(try descriptions(members) == [])
    }

    @Test("A type without its own description, a value from elsewhere, or another type's description still count")
    func notDeclaredByPackage() throws {
        // Given near misses: a package type without a description, a value a function returns, a Foundation type
        let members = """
                func testC() { let row = Row(); XCTAssertEqual(row.description, "Row()") }
                func testD() { let db = open(); XCTAssertEqual(db.description, "") }
                func testE() { let date = Date(timeIntervalSince1970: 0); XCTAssertEqual(date.description, "1970-01-01 00:00:00 +0000") }
            """
        #expect(try descriptions(members) == ["testC", "testD", "testE"])
    }

    @Test("A snake-cased test name that names string conversion says the description is what it tests")
    func snakeCasedNames() throws {
        // Given SQLite.swift's `test_expression_custom_string_convertible` and XcodeProj's `encode_to_string`
        let members = """
                func test_expression_custom_string_convertible() { XCTAssertEqual(make().description, "x") }
                func test_settings_encode_to_string() { XCTAssertEqual(make().description, "one") }
                func test_settings_encode() { XCTAssertEqual(make().description, "one") }
            """
        #expect(try descriptions(members) == ["test_settings_encode"])
    }
}
