import Testing

@testable import LitmusAudit

/// trapInTest: a function of the package whose only `nil` is a failed parse of its parameter, given a literal that
/// parses, is never `nil` (pkl-swift 0.10.0's `ModuleSource.uri("birds:/dir1/dir2/dir3/Bird.pkl")!`).
@Suite("trapInTest: a package function nil only where its parameter's parse fails, given a literal that parses")
struct GuardedParsesTests {
    /// The package: functions `nil` only where `URL(string:)` or `Int(_:)` of a parameter fails, and near misses (a
    /// `return nil` of another condition, a type with a failable initializer, a parameter rebound, a parse of no
    /// parameter, a declaration of the same name elsewhere that can be `nil`).
    private static let package = """
        import Foundation
        public struct ModuleSource {
            let uri: URL
            let port: Int?
            public static func uri(_ string: String) -> ModuleSource? {
                guard let url = URL(string: string) else { return nil }
                return ModuleSource(uri: url, port: nil)
            }
            public static func at(_ string: String, port text: String) -> ModuleSource? {
                guard let url = URL(string: string), let port = Int(text) else { return nil }
                return .init(uri: url, port: port)
            }
            public static func checked(_ string: String) -> ModuleSource? {
                guard let url = URL(string: string) else { return nil }
                guard url.scheme == "https" else { return nil }
                return ModuleSource(uri: url, port: nil)
            }
            public static func rebound(_ string: String) -> ModuleSource? {
                let string = string.isEmpty ? "%" : string
                guard let url = URL(string: string) else { return nil }
                return ModuleSource(uri: url, port: nil)
            }
            public static func fixed(_ string: String) -> ModuleSource? {
                guard let url = URL(string: "a b") else { return nil }
                return ModuleSource(uri: url, port: nil)
            }
        }
        public struct Strict {
            init?(url: URL) { if url.isFileURL { return nil } }
            public static func uri(_ string: String) -> Strict? {
                guard let url = URL(string: string) else { return nil }
                return Strict(url: url)
            }
        }
        """

    private static let methods = """
        func testA() { XCTAssertNotNil(ModuleSource.uri("birds:/dir1/Bird.pkl")!.uri) }
        func testB() { XCTAssertNotNil(ModuleSource.at("https://a.b", port: "80")!.port) }
        func testC() { XCTAssertNotNil(ModuleSource.uri("")!.uri) }
        func testD() { XCTAssertNotNil(ModuleSource.at("https://a.b", port: "eighty")!.port) }
        func testE() { XCTAssertNotNil(ModuleSource.checked("https://a.b")!.uri) }
        func testF() { XCTAssertNotNil(ModuleSource.rebound("https://a.b")!.uri) }
        func testG() { XCTAssertNotNil(ModuleSource.fixed("https://a.b")!.uri) }
        func testH() { XCTAssertNotNil(Strict.uri("https://a.b")!) }
        func testI() { XCTAssertNotNil(ModuleSource.uri(address)!.uri) }
        """

    @Test("An unwrap of a parse the package guards, of a literal that parses, is no trap; any other way to nil is one")
    func guardedParses() throws {
        // Given
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + Self.methods + "\n}\n"

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Source.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["T.testC", "T.testD", "T.testE", "T.testF", "T.testG", "T.testH", "T.testI"])
    }

    @Test("An initializer the package declares failable that never returns nil is no trap; one that may, is")
    func failableInitializerThatNeverFails() throws {
        // Given swift-extras-json 0.6.0's `ArrayKey(intValue: 2)!`, whose `init?(intValue:)` only stores, and a test's own
        // coding key; near misses: an init? that returns nil, one that hands over to another initializer, other labels
        // than the declared ones, an enum's init?(rawValue:) the compiler writes, and Swift-BigInt's `BInt(text)!`,
        // whose labels name a plain init(_:) and an init?(_:radix:) with a default that returns nil
        let package = """
            struct ArrayKey: CodingKey {
                init?(intValue: Int) { self.intValue = intValue }
                init(_ index: Int) { self.intValue = index }
                init?(_ text: String, radix: Int = 10) { if radix < 2 { return nil }; self.intValue = Int(text) }
                init?(stringValue: String) { return nil }
                init?(index: Int) { self.init(intValue: index) }
                var intValue: Int?
                var stringValue: String { "" }
            }
            enum Kind: String { case a }
            """
        let file = """
            import XCTest
            private struct TestKey: CodingKey {
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { return nil }
                var stringValue: String
                var intValue: Int? { nil }
            }
            final class T: XCTestCase {
                func testA() { XCTAssertNotNil(ArrayKey(intValue: 2)!.intValue) }
                func testB() { XCTAssertNotNil(TestKey(stringValue: "k")!.stringValue) }
                func testC() { XCTAssertNotNil(ArrayKey(stringValue: "k")!.intValue) }
                func testD() { XCTAssertNotNil(ArrayKey(index: 1)!.intValue) }
                func testE() { XCTAssertNotNil(TestKey(intValue: 1)!.stringValue) }
                func testF() { XCTAssertNotNil(ArrayKey(position: 1)!.intValue) }
                func testG() { XCTAssertNotNil(Kind(rawValue: "a")!) }
                func testH() { XCTAssertNotNil(ArrayKey("7")!.intValue) }
            }
            """

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Key.swift": package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["T.testC", "T.testD", "T.testE", "T.testF", "T.testG", "T.testH"])
    }
}
