import Testing

@testable import LitmusAudit

/// Equality advice without the compiler's facts where the package's sources, or the value's shape, tell its type: a
/// member the package declares only as an optional (nerdishbynature/octokit.swift 0.14.0's `open var draft: Bool?`
/// and `open var description: String?`), a value an initializer of another type makes (mattpolzin/JSONAPI 5.3.1's
/// `Attribute<Bool>(value: false)`), a type's name and a nil check (JSONAPI's `String(describing: Int.self)`,
/// mattpolzin/Poly 2.8.0's `XCTAssertNotNil(e.debugDescription)`). Each read false on first contact.
@Suite("Equality advice: a member the package declares optional, another type's literal, a type's name")
struct DeclaredOptionalTests {
    /// The package's own source: `draft` is only ever optional, `merged` is a Bool, `description` of a status is
    /// a field, `title` is optional here and a String there.
    private static let package = """
        open class PullRequest {
            open var draft: Bool?
            open var merged: Bool = false
            open var title: String?
        }
        open class Status { open var description: String? }
        public struct Label { public var title: String }
        public struct Flag: ExpressibleByBooleanLiteral { public init(booleanLiteral value: Bool) {} }
        """

    /// The findings of `kind` among the tests of an XCTest class with `members`, by test name.
    private func findings(_ kind: FindingKind, _ members: String, package: String = Self.package) throws -> [String] {
        let file = """
            import XCTest
            final class PullRequestTests: XCTestCase {
            \(members)
            }
            """
        return try analyzeSources(["PullRequestTests.swift": file], packageSources: ["Model.swift": package])
            .findings.filter { $0.kind == kind }.compactMap(\.testName)
            .map { String($0.split(separator: ".").last!) }.sorted()
    }

    @Test("boolAssertEquality: a member the package declares only optional has no XCTAssertFalse; a Bool one has")
    func optionalMember() throws {
        // Given octokit's `XCTAssertEqual(pullRequest.draft, false)`, and near misses: a Bool member, a member of no
        // declaration, and a member declared optional in one type and not in another
        let members = """
                func testA() { XCTAssertEqual(pullRequest.draft, false) }
                func testB() { XCTAssertEqual(pullRequest.merged, false) }
                func testC() { XCTAssertEqual(pullRequest.locked, false) }
                func testD() { let view = UIView(); XCTAssertEqual(view.draft, false) }
            """
        // … and a member of the name on a value of a type the package does not declare (testD)
        #expect(try findings(.boolAssertEquality, members) == ["testB", "testC", "testD"])
        let mixed = Self.package + "\npublic struct Draft { public var draft: Bool }\n"
        #expect(
            try findings(.boolAssertEquality, "    func testA() { XCTAssertEqual(pr.draft, false) }", package: mixed)
                == ["testA"])
    }

    @Test(
        "boolAssertEquality: a member declared optional by the package type that made the value, though the tests declare a Bool of that name"
    )
    func optionalMemberOfMadeValue() throws {
        // Given mattt/swift-yyjson 0.5.0's `let value = try YYJSONValue(string: "true"); #expect(value.bool == true)`,
        // whose `YYJSONValue` declares `public var bool: Bool?` (in an `#if`) while a test's fixture struct declares
        // `let bool: Bool`;
        // near misses: the same member of the tests' own struct, and a value made by another type
        let package =
            Self.package
            + "\n#if !READER_DISABLED\npublic struct Value { public init(_ text: String) {}; public var bool: Bool? { nil } }\n#endif\n"
            + "public typealias JSONValue = Value\n"
        let members = """
                struct Fixture { let bool: Bool }
                func testE() { let value = Value("true"); XCTAssertEqual(value.bool, true) }
                func testE2() { let value = JSONValue("true"); XCTAssertEqual(value.bool, true) }
                func testF() { let fixture = Fixture(bool: true); XCTAssertEqual(fixture.bool, true) }
                func testG() { let value = Other("true"); XCTAssertEqual(value.bool, true) }
            """
        #expect(try findings(.boolAssertEquality, members, package: package) == ["testF", "testG"])
    }

    @Test("boolAssertEquality: a string literal's member an extension of the package declares only optional")
    func optionalMemberOfExtendedString() throws {
        // Given KituraContracts 1.2.201's `XCTAssertEqual("true".boolean, true)` of `extension String { public var
        // boolean: Bool? }`, and near misses: String's own Bool member, and an extension's member that is a Bool
        let package =
            Self.package
            + "\nextension String {\n public var boolean: Bool? { nil }\n public var flag: Bool { true }\n}\n"
        let members = """
                func testH() { XCTAssertEqual("true".boolean, true) }
                func testI() { XCTAssertEqual("".isEmpty, true) }
                func testJ() { XCTAssertEqual("x".flag, true) }
            """
        #expect(try findings(.boolAssertEquality, members, package: package) == ["testI", "testJ"])
    }

    @Test("boolAssertEquality: a method the package declares only returning an optional, for the labels called")
    func optionalResult() throws {
        // Given swhitty/KeyValueCoder 0.9.1's `try defaults.decode(Bool.self, forKey: "flag") == true` of `func
        // decode<T>(_ type: T.Type, forKey key: String) throws -> T?`, and near misses: another overload of the name
        // that returns a `T`, called with its own labels, and a method of no declaration
        let package =
            Self.package
            + "\nextension Store {\n func decode<T>(_ type: T.Type, forKey key: String) throws -> T? { nil }\n"
            + " func decode<T>(_ type: T.Type, from value: Any) throws -> T { fatalError() }\n}\n"
        let members = """
                func testK() throws { XCTAssertEqual(try store.decode(Bool.self, forKey: "flag"), true) }
                func testL() throws { XCTAssertEqual(try store.decode(Bool.self, from: "YES"), true) }
                func testM() throws { XCTAssertEqual(try store.isEnabled(forKey: "flag"), true) }
                func testN() throws { let other = Other(); XCTAssertEqual(try other.decode(Bool.self, forKey: "flag"), true) }
            """
        // … and the method of that name on a value another type made (testN: not the package's declaration)
        let found = try findings(.boolAssertEquality, members, package: package)
        #expect(found == ["testL", "testM", "testN"])
    }

    @Test("boolAssertEquality: a value a generic or a package type's initializer makes compares that type's literal")
    func anotherTypesLiteral() throws {
        // Given JSONAPI's `XCTAssertEqual(Attribute<Bool>(value: false), false)`, a package type, and near misses:
        // `Bool(truncating:)`, and a capitalized C function that returns a Bool
        let members = """
                func testA() { XCTAssertEqual(Attribute<Bool>(value: false), false) }
                func testB() { XCTAssertEqual(Flag(true), true) }
                func testC() { XCTAssertEqual(Bool(truncating: number), true) }
                func testD() { XCTAssertEqual(CFEqual(a, b), true) }
            """
        #expect(try findings(.boolAssertEquality, members) == ["testC", "testD"])
    }

    @Test("sensitiveEquality: a description the package declares only as an optional field is data; a rendering is not")
    func optionalDescriptionField() throws {
        // Given octokit's `XCTAssertEqual(status.description, "Build has completed successfully")`, and near misses:
        // String(describing:) of the same value, and a package whose other type renders a description
        let members = """
                func testA() { XCTAssertEqual(status.description, "Build has completed successfully") }
                func testB() { XCTAssertEqual(String(describing: status), "Status") }
                func testC() { XCTAssertEqual(Date(timeIntervalSince1970: 0).description, "1970-01-01 00:00:00 +0000") }
                func testD() { XCTAssertEqual(status.debugDescription, "Status") }
            """
        // … a value of a type the package does not declare (testC), and a debugDescription (testD)
        #expect(try findings(.sensitiveEquality, members) == ["testB", "testC", "testD"])
        let rendering =
            Self.package + "\nextension Label: CustomStringConvertible { public var description: String { title } }\n"
        #expect(
            try findings(
                .sensitiveEquality, "    func testA() { XCTAssertEqual(status.description, \"x\") }", package: rendering
            ) == ["testA"])
    }

    @Test("sensitiveEquality: the description of a value decoded as a package type that stores it as a text is data")
    func storedDescriptionField() throws {
        // Given apple/app-store-server-library-swift v6.0.0's models (false on first contact): `public var description:
        // String` decoded from the API's JSON, `let descriptors = try decoder.decode(Descriptors.self, from: json)` then
        // `XCTAssertEqual("description", descriptors.description)`, in a package that computes another type's
        // description; and near misses: a type that computes it, one that declares it `static`, one that types it
        // `Substring`, a value not decoded, and a decoded value's debugDescription
        let package = """
            public struct Descriptors: Codable { public var description: String; public var displayName: String }
            public struct Item: Codable { public let description: String? }
            public struct Rendered: Codable, CustomStringConvertible { public var description: String { "r" } }
            public struct Named: Codable { public static let description: String = "x" }
            public struct Sliced: Codable { public var description: Substring }
            struct ValidationError: Error, CustomStringConvertible { var description: String { "invalid" } }
            """
        let members = """
                func testA() throws { let descriptors = try decoder.decode(Descriptors.self, from: json); XCTAssertEqual("description", descriptors.description) }
                func testB() throws { let item = try JSONDecoder().decode(Item.self, from: json); XCTAssertEqual(item.description, "d") }
                func testC() throws { let value = try decoder.decode(Rendered.self, from: json); XCTAssertEqual(value.description, "r") }
                func testD() throws { let value = try decoder.decode(Named.self, from: json); XCTAssertEqual(value.description, "x") }
                func testE() throws { let value = try decoder.decode(Sliced.self, from: json); XCTAssertEqual(value.description, "s") }
                func testF() throws { let value = makeDescriptors(); XCTAssertEqual(value.description, "d") }
                func testG() throws { let value = try decoder.decode(Descriptors.self, from: json); XCTAssertEqual(value.debugDescription, "d") }
            """
        // Then the near misses only
        #expect(
            try findings(.sensitiveEquality, members, package: package) == [
                "testC", "testD", "testE", "testF", "testG",
            ])
        // … and so is a test model's own stored description (gonzalezreal/DefaultCodable 1.2.1's `Thing`, three read
        // false on first contact), not one it computes
        let tests = """
            import XCTest
            final class DefaultTests: XCTestCase {
                struct Thing: Codable { @Default<Empty> var description: String }
                struct Shown: Codable, CustomStringConvertible { var name: String; var description: String { name } }
                func testA() throws { let result = try JSONDecoder().decode(Thing.self, from: json); XCTAssertEqual("", result.description) }
                func testB() throws { let result = try JSONDecoder().decode(Shown.self, from: json); XCTAssertEqual("n", result.description) }
            }
            """
        let found = try analyzeSources(["DefaultTests.swift": tests], packageSources: ["Model.swift": package]).findings
            .filter { $0.kind == .sensitiveEquality }.compactMap(\.testName)
        #expect(found == ["DefaultTests.testB"], "\(found)")
    }

    @Test("sensitiveEquality: a type's name and a nil check of a description compare no value's rendering")
    func typeNameAndNilCheck() throws {
        // Given JSONAPI's expected type names and Poly's NotNil, and near misses: a value's description, in the same
        // shapes
        let members = """
                func testA() { XCTAssertEqual(error.expectedTypeName, String(describing: Int.self)) }
                func testB() { XCTAssertNotNil((error as? DecodeError).debugDescription) }
                func testC() { XCTAssertEqual(error.expectedTypeName, String(describing: value)) }
                func testD() { XCTAssertEqual((error as? DecodeError)?.debugDescription, "no match") }
                func testE() { XCTAssertNotNil(String(describing: cart).range(of: "3")) }
                func testF() { XCTAssertEqual(error.expectedTypeName, String(describing: value.self)) }
                func testG() { XCTAssertEqual(String(describing: type(of: error)), String(describing: Int.self)) }
            """
        // … and near misses: text made of a description (E) and a value's `.self` (F) count; a type's name compared with
        // another description (G) is two descriptions that change together, as before
        #expect(try findings(.sensitiveEquality, members) == ["testC", "testD", "testE", "testF"])
    }

    @Test("sensitiveEquality: a description compared with nil checks presence; compared with a text, not")
    func descriptionComparedWithNil() throws {
        // Given vapor/toolbox 20.0.0's `#expect(option.description == nil)` and `!= nil`, and a near miss: the same
        // description compared with a text
        let members = """
                func testH() { XCTAssert(option.description == nil) }
                func testI() { XCTAssert(option.description != nil) }
                func testJ() { XCTAssert(option.description == "DigitalOcean") }
            """
        let package = "public struct Option { public var name: String }\n"
        #expect(try findings(.sensitiveEquality, members, package: package) == ["testJ"])
    }
}
