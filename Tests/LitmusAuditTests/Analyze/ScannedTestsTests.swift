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
}
