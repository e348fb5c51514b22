import Testing

@testable import LitmusAudit

/// trapInTest: an optional the package types as such but whose every declaration returns a literal on every path is
/// never `nil` (swift-sh 2.5.0's `EjectError.notScript.errorDescription!`).
@Suite("trapInTest: a member whose every declaration returns a literal is never nil")
struct LiteralResultsTests {
    /// The package: members that return literals on every path, and near misses of each (a `nil` path, a stored
    /// property, a method with a `return nil`, a name another type computes: read on that type, or on a value whose
    /// type the test does not write).
    private static let package = """
        import Foundation
        public enum EjectError: LocalizedError {
            case notScript, tooBig
            public var errorDescription: String? {
                switch self {
                case .notScript: return "cannot eject"
                case .tooBig: return "too big"
                }
            }
            public var hint: String? { "try --force" }
            public func summary() -> String? { return "ejecting failed" }
            public var reason: String? { self == .notScript ? nil : "big" }
            public var cached: String?
            public func detail() -> String? {
                guard self == .notScript else { return nil }
                return "not a script"
            }
            public var label: String? { "eject" }
        }
        public struct Other {
            public var label: String? { makeLabel() }
            public var errorDescription: String? { makeLabel() }
            func makeLabel() -> String? { nil }
        }
        """

    private static let methods = """
        func testA() { XCTAssertEqual(EjectError.notScript.errorDescription!, "cannot eject") }
        func testB() { XCTAssertEqual(EjectError.tooBig.hint!, "try --force") }
        func testC() { XCTAssertEqual(EjectError.tooBig.summary()!, "ejecting failed") }
        func testD() { XCTAssertEqual(EjectError.tooBig.reason!, "big") }
        func testE() { XCTAssertEqual(EjectError.tooBig.cached!, "big") }
        func testF() { XCTAssertEqual(EjectError.notScript.detail()!, "not a script") }
        func testG() { XCTAssertEqual(Other().label!, "eject") }
        func testH() { let error = EjectError.notScript; XCTAssertEqual(error.errorDescription!, "cannot eject") }
        """

    @Test("An unwrap of a member that returns only literals is no trap; of one with another way out it is")
    func literalResults() throws {
        // Given
        let file = "import XCTest\nfinal class T: XCTestCase {\n" + Self.methods + "\n}\n"

        // When
        let found = try analyzeSources(["T.swift": file], packageSources: ["Eject.swift": Self.package]).findings
            .filter { $0.kind == .trapInTest }.compactMap(\.testName)

        // Then
        #expect(found.sorted() == ["T.testD", "T.testE", "T.testF", "T.testG", "T.testH"])
    }
}
