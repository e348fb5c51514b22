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
            public init?(validating path: String) {}
            public var description: String { "" }
        }
        public struct Row { public init() {} }
        open class Node: CustomStringConvertible { public var description: String { "" } }
        public final class Paragraph: Node { public init(text: String) {} }
        open class Other {}
        public final class Sub: Other { public init() {} }
        public extension Row { var count: Int { 0 } }
        public final class Expression {
            public static func parse(_ text: String) -> Parsed { Parsed() }
            public static func parse(_ text: inout Substring, upTo: String...) -> Parsed { Parsed() }
            public static func evaluate(_ text: String) -> Row { Row() }
            public static func maybe(_ text: String) -> Parsed? { nil }
            public func parse(_ text: String) -> Parsed { Parsed() }
        }
        public struct Parsed: CustomStringConvertible { public var description: String { "" } }
        public protocol Path: CustomStringConvertible {}
        extension Path { public var description: String { "" } }
        public protocol Shape {}
        public final class PathCompiler {
            public class func compile(query: String) -> Path? { nil }
            public class func shape(query: String) -> Shape? { nil }
            public class func route(query: String) -> Route? { nil }
        }
        #if canImport(Foundation)
        public protocol Route: CustomStringConvertible {}
        extension Route { public var description: String { "" } }
        #endif
        public enum ReplayError: Error { case notConfigured; case noMatchingEntry(method: String) }
        extension ReplayError: CustomStringConvertible { public var description: String { "" } }
        public struct Gated: CustomStringConvertible {
            public init() {}
            #if os(Linux)
            public var description: String { "linux" }
            #else
            public var description: String { "other" }
            #endif
        }
        public enum Plain { case one }
        public enum ASN1 { public enum Tag: UInt8 { case boolean = 1 } }
        extension ASN1.Tag: CustomStringConvertible { public var description: String { "" } }
        public struct Schema { public enum Size { case `is`(Int) } }
        extension Schema.Size: CustomStringConvertible { public var description: String { "" } }
        public enum Wire { public enum Kind { case plain } }
        public enum Inline: CustomStringConvertible { case a; public var description: String { "" } }
        struct ArgumentError: Error, CustomStringConvertible {
            let errormessage: String
            var description: String { errormessage }
            static func unknown(_ names: [String]) -> ArgumentError { ArgumentError(errormessage: "Unknown arguments: \\(names)") }
        }
        public struct ChannelIdentifier: RawRepresentable, CustomStringConvertible, ExpressibleByIntegerLiteral {
            public let rawValue: UInt16
            public init(rawValue: UInt16) { self.rawValue = rawValue }
            public init(integerLiteral value: UInt16) { rawValue = value }
            public var description: String { "" }
        }
        extension ChannelIdentifier {
            public static let att: ChannelIdentifier = 4
            public static var signaling: Self { ChannelIdentifier(rawValue: 5) }
            public static let le = ChannelIdentifier(rawValue: 6)
            public static let raw: UInt16 = 7
        }
        public struct Bare { public static let one: Bare = Bare() }
        public struct Timeout: Equatable {
            public init(rounding amount: Int, unit: Int) {}
            public var description: String { "" }
        }
        extension Timeout: CustomStringConvertible {}
        public struct Uncomformed { public init() {}; public var description: String { "" } }
        open class Described: Swift.CustomStringConvertible { public var description: String { "" } }
        public final class Derived: Described { public init() {} }
        struct CString<Unit> { init(_ string: String) {} }
        extension CString where Unit == CChar { var description: String { "" } }
        typealias POSIXBinaryString = CString<CChar>
        typealias Rows = Row
        #if os(Windows)
        typealias NativeString = CString<UInt16>
        #else
        typealias NativeString = Row
        #endif
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

    @Test("A description a package class inherits, of a value made by or cast to its type; near misses are read")
    func inheritedOrCast() throws {
        // Given SwiftDocOrg/CommonMark 0.5.1's `Paragraph`, whose `description` its superclass `Node` declares, made by
        // its initializer or cast to from a document's children (false on first contact), and near misses: a class
        // whose superclass declares none, a cast to it, a cast to a struct that declares none
        let members = """
                func testA() { let p = Paragraph(text: "a"); XCTAssertEqual(p.description, "a") }
                func testB() { let p = document.children[0] as! Paragraph; XCTAssert(p.description.starts(with: "A")) }
                func testC() { let p = node as? Paragraph; XCTAssertEqual(p?.description, "a") }
                func testD() { let s = Sub(); XCTAssertEqual(s.description, "x") }
                func testE() { let s = value as! Sub; XCTAssertEqual(s.description, "x") }
                func testF() { let r = value as! Row; XCTAssertEqual(r.description, "x") }
            """
        #expect(try descriptions(members) == ["testD", "testE", "testF"])
    }

    @Test("A description the package's type declares, of a value a static function of a package type returns")
    func madeByStaticFunction() throws {
        // Given nicklockwood/Expression 0.13.9's `let expression = Expression.parse("a+ b", usingCache: false)` then
        // `XCTAssertEqual(expression.description, "a + b")` (both its `parse` functions return `ParsedExpression`), one
        // returning an optional read through `!` or `?`, a protocol's among them (KittyMac/Sextant 0.4.40's
        // `PathCompiler.compile(query: "$")?.description`, twelve read false on first contact: Optional has no
        // `description`, so the read is the package type's, and `Path`'s extension and conformers give it; a protocol
        // declared in an `#if` too), and near
        // misses: a static function returning a type without a description, or a protocol without one, a method, a type
        // the package does not declare, and `String(describing:)` of the optional, which the standard library renders
        let members = """
                func testF() { let expression = Expression.parse("a+ b"); XCTAssertEqual(expression.description, "a + b") }
                func testG() { XCTAssertEqual(Expression.parse("1+ 2").description, "1 + 2") }
                func testH() { XCTAssertEqual(Expression.evaluate("1").description, "Row()") }
                func testI() { XCTAssertEqual(Expression.maybe("1")!.description, "") }
                func testJ() { XCTAssertEqual(expression.parse("1").description, "") }
                func testK() { XCTAssertEqual(Unknown.parse("1").description, "") }
                func testL() { XCTAssertEqual(Expression.maybe("1")?.description, "") }
                func testM() { XCTAssertEqual(String(describing: Expression.maybe("1")), "Optional()") }
                func testN() { XCTAssertEqual(PathCompiler.compile(query: "$")?.description, "$") }
                func testO() { XCTAssertEqual(PathCompiler.shape(query: "$")?.description, "$") }
                func testP() { XCTAssertEqual(PathCompiler.route(query: "$")?.description, "$") }
            """
        #expect(try descriptions(members) == ["testH", "testJ", "testK", "testM", "testO"])
    }

    @Test("String(describing:) of a value of a package type that conforms to CustomStringConvertible is its own text")
    func describingConformingType() throws {
        // Given grpc/grpc-swift 1.26.1's `let timeout = GRPCTimeout(rounding: -10, unit: .seconds)` then
        // `XCTAssertEqual(String(describing: timeout), "0S")` (the conformance in an extension, seven read false on first
        // contact), in place and through a superclass's qualified conformance; and near misses: a type that declares a
        // `description` without the conformance (`String(describing:)` reflects its fields), one without a description,
        // `String(reflecting:)`, and a value from elsewhere
        let members = """
                func testA() { let timeout = Timeout(rounding: -10, unit: 1); XCTAssertEqual(String(describing: timeout), "0S") }
                func testB() { XCTAssertEqual(String(describing: Timeout(rounding: 1, unit: 2)), "1S") }
                func testC() { XCTAssertEqual(String(describing: Derived()), "d") }
                func testD() { let u = Uncomformed(); XCTAssertEqual(String(describing: u), "Uncomformed()") }
                func testE() { XCTAssertEqual(String(describing: Row()), "Row()") }
                func testF() { let t = Timeout(rounding: 1, unit: 2); XCTAssertEqual(String(reflecting: t), "1S") }
                func testG() { XCTAssertEqual(String(describing: made()), "1S") }
                func testH() { let t = Timeout(rounding: 1, unit: 2); XCTAssertEqual(String(describing: t) + String(describing: [t]), "") }
            """
        #expect(try descriptions(members) == ["testD", "testE", "testF", "testG", "testH"])
    }

    @Test("A description the package's type declares, read through `?` or `!` of its failable initializer")
    func throughOptional() throws {
        // Given Kitura 3.0.1's `let textMediaType = MediaType("text")` then `textMediaType?.description`, written in
        // place and force-unwrapped too, and a near miss: a package type without a description, read through `?`
        let members = """
                func testQ() { let db = Connection(validating: "a"); XCTAssertEqual(db?.description, "a") }
                func testR() { XCTAssertEqual(Connection(validating: "a")!.description, "a") }
                func testS() { let row = Optional(Row()); XCTAssertEqual(row?.description, "Row()") }
            """
        #expect(try descriptions(members) == ["testS"])
    }

    @Test("A description the package's type declares inside an #if of its body is the package's text")
    func declaredInsideIf() throws {
        // Given a member only one platform's clause declares, and a near miss: a type without one
        let members = """
                func testV() { XCTAssertEqual(Gated().description, "linux") }
                func testW() { XCTAssertEqual(Row().description, "Row()") }
            """
        #expect(try descriptions(members) == ["testW"])
    }

    @Test("A closure given to a checking helper compares nothing itself: its own checks are judged where they are")
    func closureOfAHelper() throws {
        // Given Kitura 3.0.1's `performServerTest(router, asyncTasks: { … }, { … })`, whose closures' messages say
        // `String(describing:)`, and a near miss: a closure's check that compares a description
        let members = """
                func serve(_ value: Int, first: () -> Void, _ then: () -> Void) { first(); then(); XCTAssertTrue(value > 0) }
                func testT() {
                    serve(1, first: { XCTAssertEqual(code(), 200, "was \\(String(describing: code()))") }, {
                        XCTAssertEqual(code(), 200, "was \\(String(describing: code()))")
                    })
                }
                func testU() { serve(1, first: {}, { XCTAssertEqual(String(describing: code()), "200") }) }
            """
        #expect(try descriptions(members) == ["testU"])
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

    @Test("A type alias of the package is read as the type it names; one of two types, or of a type without it, is not")
    func typeAlias() throws {
        // Given Pathos 0.4.2's `XCTAssertEqual(POSIXBinaryString(content).description, content)`, `typealias
        // POSIXBinaryString = CString<CChar>`, and near misses: an alias of a type without a description, and an alias
        // declared twice for two types
        let members = """
                func testM() { XCTAssertEqual(POSIXBinaryString("a").description, "a") }
                func testN() { XCTAssertEqual(Rows().description, "Row()") }
                func testO() { XCTAssertEqual(NativeString("a").description, "a") }
            """
        #expect(try descriptions(members) == ["testN", "testO"])
    }

    @Test(
        "A case of the package's enum that declares a description, in its body or an extension, is the package's text; of an enum without one, not"
    )
    func enumCase() throws {
        // Given mattt/Replay 0.4.0's `let error = ReplayError.notConfigured; #expect(error.description.contains(…))`, and
        // near misses: an enum without a description, and a case the enum does not have
        let members = """
                func testP() { let error = ReplayError.notConfigured; XCTAssertTrue(error.description.contains("not configured")) }
                func testQ() { XCTAssertEqual(ReplayError.noMatchingEntry(method: "GET").description, "GET") }
                func testR() { XCTAssertEqual(Plain.one.description, "one") }
                func testS() { XCTAssertEqual(ReplayError.other.description, "") }
                func testT() { XCTAssertEqual(Inline.a.description, "") }
            """
        #expect(try descriptions(members) == ["testR", "testS"])
    }

    @Test(
        "A case of a nested enum written with its outer type's name, described in an extension, is the package's text"
    )
    func qualifiedNestedEnumCase() throws {
        // Given outfoxx/PotentCodables 3.5.2's `ASN1.Tag.boolean.description` and `Schema.Size.is(2).description`,
        // each enum described in `extension ASN1.Tag: CustomStringConvertible`, and near misses: a nested enum without
        // a description, and a lower-case name in the chain (a value, not a type)
        let members = """
                func testA() { XCTAssertEqual(ASN1.Tag.boolean.description, "BOOLEAN") }
                func testB() { XCTAssertEqual(Schema.Size.is(2).description, "2") }
                func testC() { XCTAssertEqual(Wire.Kind.plain.description, "plain") }
                func testD() { XCTAssertEqual(asn1.Tag.boolean.description, "BOOLEAN") }
            """
        #expect(try descriptions(members) == ["testC", "testD"])
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

    @Test("An enum the tests declare of the package enum's name shadows it: its case's description still counts")
    func enumShadowedByTests() throws {
        let file = """
            import XCTest
            enum ReplayError { case notConfigured }
            final class ConnectionTests: XCTestCase {
                func testU() { XCTAssertEqual(ReplayError.notConfigured.description, "notConfigured") }
            }
            """
        let found = try analyzeSources(
            ["ConnectionTests.swift": file], packageSources: ["Connection.swift": Self.package]
        )
        .findings.filter { $0.kind == .sensitiveEquality }.compactMap(\.testName)
        #expect(found.map { String($0.split(separator: ".").last!) } == ["testU"])
    }

    @Test("An overload of the static function in the tests, of another type, leaves the description counted")
    func overloadInTests() throws {
        let file = """
            import XCTest
            extension Expression { static func parse(_ s: String, trace: Bool) -> [Int] { [1, 2] } }
            final class ConnectionTests: XCTestCase {
                func testL() { XCTAssertEqual(Expression.parse("a", trace: true).description, "[1, 2]") }
            }
            """
        let found = try analyzeSources(
            ["ConnectionTests.swift": file], packageSources: ["Connection.swift": Self.package]
        )
        .findings.filter { $0.kind == .sensitiveEquality }.compactMap(\.testName)
        #expect(found.map { String($0.split(separator: ".").last!) } == ["testL"])
    }

    @Test("A description searched for a text the test wrote into the input, or a part of one the package writes")
    func searchedForGivenText() throws {
        // Given kareman/Moderator 0.5.1's parser tests, which look for the option they passed, or for the package's
        // own message, in the error's description; and near misses
        let found = try descriptions(
            """
                func testA() { let arguments = ["--verbose", "--alpha"]; XCTAssertThrowsError(try m.parse(arguments)) { error in XCTAssertTrue(String(describing: error).contains("--alpha")) } }
                func testB() { XCTAssertThrowsError(try m.parse(["-x"])) { error in XCTAssertTrue(String(describing: error).contains("Unknown arguments")) } }
                func testC() { XCTAssertThrowsError(try m.parse(["-x"])) { error in XCTAssertTrue(String(describing: error).contains("Invalid option")) } }
                func testD() { XCTAssertThrowsError(try m.parse(["-x"])) { error in XCTAssertTrue(String(describing: error).contains("--alpha")) } }
                func testE() { XCTAssertThrowsError(try m.parse(["-x"])) { error in XCTAssertTrue(String(describing: error).contains("arguments")) } }
                func testF() { let order = Order(quantity: 3, note: "gift wrap"); XCTAssertTrue(String(describing: order).contains("gift wrap")) }
                func testG() { let client = Client(); XCTAssertTrue(String(describing: client).contains("Unknown arguments")) }
                func testH() { let arguments = ["--alpha"]; XCTAssertThrowsError(try m.parse(arguments)) { error in XCTAssertFalse(String(describing: error).contains("--alpha")) } }
                func testI() { let arguments = ["--alpha"]; do { try m.parse(arguments) } catch { XCTAssertTrue(String(describing: error).contains("--alpha")) } }
            """)
        // Then a text neither wrote (testC, testD), a fragment too short to be the package's (testE), a value's
        // rendering rather than a caught error's message (testF, testG), and a check that passes when the text is
        // absent (testH) still count; a `catch`'s error is as good as XCTAssertThrowsError's (testI)
        #expect(found == ["testC", "testD", "testE", "testF", "testG", "testH"])
    }

    @Test("A named constant of a package struct that describes itself is its text; another type's constant is not")
    func staticConstant() throws {
        // Given PureSwift/Bluetooth 8.1.0's `ChannelIdentifier.att.description == "4"` and `let company:
        // CompanyIdentifier = 76` (read false on first contact), and near misses: a static of another type (D), a type
        // without a description (E), a binding typed with a type the package does not declare (F), a `var` the test
        // changes (I, Alamofire's headers)
        let members = """
                func testA() { XCTAssertEqual(ChannelIdentifier.att.description, "4") }
                func testB() { XCTAssertEqual(ChannelIdentifier.signaling.description, "5") }
                func testC() { let id = ChannelIdentifier.le; XCTAssertEqual(id.description, "6") }
                func testD() { XCTAssertEqual(ChannelIdentifier.raw.description, "7") }
                func testE() { XCTAssertEqual(Bare.one.description, "Bare()") }
                func testF() { let when: Date = Date(timeIntervalSince1970: 0); XCTAssertEqual(when.description, "1970") }
                func testG() { let id: ChannelIdentifier = 4; XCTAssertEqual(id.description, "4") }
                func testH() { XCTAssertEqual(Kit.ChannelIdentifier(rawValue: 4).description, "4") }
                func testI() { var id: ChannelIdentifier = 4; id = next(); XCTAssertEqual(id.description, "5") }
            """
        // Then the near misses only; a binding typed with the package's type (G) and its initializer qualified by its
        // module (H) are its text
        #expect(try descriptions(members) == ["testD", "testE", "testF", "testI"])
    }
}
