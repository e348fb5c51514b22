import Testing

@testable import LitmusAudit

@Suite("Which classes hold XCTest tests", .tags(.parsing))
struct ScannedTestsTests {
    @Test("A class that lists a protocol first has no superclass: its test() is no test; a class of another base is")
    func protocolFirstIsNoTestClass() throws {
        // Given hmlongco/Factory 2.5.3's helper classes (`class ProtocolClassP: ProtocolP` with a `func test() ->
        // String?`, `ResolvingContainer: SharedContainer` of the package's own protocol), and near misses: a class of
        // a base the package does not declare, and an XCTestCase
        let tests = """
            import XCTest
            protocol ProtocolP: AnyObject { func test() -> String? }
            class ProtocolClassP: ProtocolP { func test() -> String? { nil } }
            final class ResolvingContainer: SharedContainer { func test() { _ = resolve() } }
            final class Counter: Sendable { func testValue() { _ = 1 } }
            class HelperTests: BaseTestCase { func testHelper() { _ = 1 } }
            final class CartTests: XCTestCase { func testEmpty() { _ = Cart() } }
            """
        let package = "public protocol SharedContainer { }\nopen class Base { }\n"
        // When
        let findings = try analyzeSources(["FactoryTests.swift": tests], packageSources: ["Container.swift": package])
            .findings.filter { $0.kind == .noAssertion }.compactMap(\.testName)
        // Then only the classes that may inherit XCTestCase hold tests
        #expect(findings.sorted() == ["CartTests.testEmpty", "HelperTests.testHelper"], "\(findings)")
    }

    @Test("A protocol nested in a type, or named in a comment, does not hide a class of that name's tests")
    func nestedProtocolIsNoBase() throws {
        // Given a base class and a protocol of the same name nested in an enum, and a comment naming a protocol
        let tests = """
            import XCTest
            class TestCase: XCTestCase {}
            enum Table { protocol TestCase {} }
            final class FooTests: TestCase { func testNothing() { _ = 1 + 1 } }
            final class BarTests: Fixture { func testNothing() { _ = 1 + 1 } }
            """
        let package = "/// Adopts the protocol Fixture of the tests.\npublic struct Kit {}\n"
        let findings = try analyzeSources(["FooTests.swift": tests], packageSources: ["Kit.swift": package])
            .findings.filter { $0.kind == .noAssertion }.compactMap(\.testName)
        #expect(findings.sorted() == ["BarTests.testNothing", "FooTests.testNothing"], "\(findings)")
    }
}
