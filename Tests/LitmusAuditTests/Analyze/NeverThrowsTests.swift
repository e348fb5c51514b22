import Testing

@testable import LitmusAudit

/// trapInTest: a `try!` of a function declared `throws` whose body cannot throw is no trap (OpenAPIKit 6.4.0's
/// `JSONSchema.with(example:)`, which only calls `with(examples:)`, whose body only returns).
@Suite("trapInTest: a try! of a function whose body cannot throw")
struct NeverThrowsTests {
    /// The package: functions declared `throws` that cannot throw, and near misses of each (a `throw`, a call of a
    /// function that throws, a library's call, a requirement, a closure the function is handed).
    private static let package = """
        import Foundation
        public struct ParseError: Error {}
        public struct Schema {
            public init() {}
            public static func make() -> Schema { Schema() }
            public func with(example: String) throws -> Schema { return try with(examples: [example]) }
            public func with(examples: [String]) throws -> Schema { return self }
            public func parsed(_ text: String) throws -> Schema {
                if text.isEmpty { throw ParseError() }
                return self
            }
            public func forwarded(_ text: String) throws -> Schema { try parsed(text) }
            public func decoded(_ data: Data) throws -> Int { try JSONDecoder().decode(Int.self, from: data) }
            public func each(_ body: () throws -> Void) rethrows { try body() }
        }
        public protocol Fetching { func fetch() throws -> Int }
        public struct Fetcher: Fetching {
            public init() {}
            public func fetch() throws -> Int { 1 }
        }
        public final class Lock {
            public init() {}
            public func withLock<T>(_ body: () throws -> T) rethrows -> T { try body() }
        }
        public final class Counter {
            let lock = Lock()
            public init() {}
            public func load(key: String) throws -> Int { lock.withLock { key.count } }
        }
        public func handler() throws -> Int { 0 }
        public enum Event { case connect, disconnect }
        public protocol Fixture: Decodable {}
        extension Fixture {
            public init(fixture: String) throws { self = try JSONDecoder().decode(Self.self, from: Data(fixture.utf8)) }
        }
        public struct User: Fixture { public let id: Int }
        public struct Total {
            public init() {}
            public var value: Int { get throws { 1 } }
            public func sum() throws -> Int { try base() + value }
            public func base() throws -> Int { 1 }
        }
        public struct Table {
            public init() {}
            public subscript(key: String) -> Int { get throws { 1 } }
            public func row(_ key: String) throws -> Int { try self[key] }
        }
        """

    private static let methods = """
        func testWithExample() { XCTAssertNotNil(try! Schema.make().with(example: "a")) }
        func testWithExamples() { XCTAssertNotNil(try! Schema.make().with(examples: ["a"])) }
        func testLoad() { XCTAssertEqual(try! Counter().load(key: "ab"), 2) }
        func testHelper() { XCTAssertEqual(try! fixturePath(), "fixture.json") }
        func testParsed() { XCTAssertNotNil(try! Schema.make().parsed("")) }
        func testForwarded() { XCTAssertNotNil(try! Schema.make().forwarded("x")) }
        func testDecoded() { XCTAssertEqual(try! Schema.make().decoded(Data("1".utf8)), 1) }
        func testRequirement() { XCTAssertEqual(try! Fetcher().fetch(), 1) }
        func testEach() { try! Schema.make().each { throw ParseError() } }
        func testLocalValue() {
            let handler: () throws -> Int = { throw ParseError() }
            XCTAssertEqual(try! handler(), 0)
        }
        func testLibraryNamesake() { let socket = Socket(); XCTAssertNotNil(try! socket.connect(host: "db")) }
        func testProtocolInit() { XCTAssertEqual(try! User(fixture: "{}").id, 1) }
        func testGetter() { XCTAssertEqual(try! Total().sum(), 2) }
        func testSubscript() { XCTAssertEqual(try! Table().row("a"), 1) }
        func fixturePath() throws -> String { return "fixture" + ".json" }
        """

    @Test("A try! of functions whose bodies cannot throw is no trap; of one that may throw it is")
    func bodiesThatCannotThrow() throws {
        // Given the package and the tests above

        // When
        let found = try xctestTestNames(.trapInTest, Self.methods, package: ["Schema.swift": Self.package])

        // Then
        #expect(
            found == [
                "T.testDecoded", "T.testEach", "T.testForwarded", "T.testGetter", "T.testLibraryNamesake",
                "T.testLocalValue", "T.testParsed", "T.testProtocolInit", "T.testRequirement",
                "T.testSubscript",
            ])
    }
}
