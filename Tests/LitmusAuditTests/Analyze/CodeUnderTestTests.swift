import Foundation
import SwiftParser
import Testing

@testable import LitmusAudit

@Suite("Checks the package under test declares: a testing library's own tests exercise them")
struct CodeUnderTestTests {
    /// A package whose target `Matching` holds `matcher` and a test that compares 1 with itself through it,
    /// and `Support`, a second target, holding `support`.
    private func package(matcher: String, support: String? = nil) -> [String: String] {
        var files = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Matching", targets: [
                .target(name: "Matching"), .target(name: "Support", dependencies: ["Matching"]),
                .testTarget(name: "MatchingTests", dependencies: ["Matching", "Support"]),
            ])
            // Quick/Nimble 14.0.0's shape: an Objective-C target, no Swift in it, on macOS alone; and a C one.
            #if os(macOS)
            package.targets.append(.target(name: "MatchingObjectiveC", dependencies: ["Matching"]))
            #endif
            package.targets.append(.target(name: "CMatching"))
            """,
            "Sources/Matching/Matching.swift": matcher,
            "Sources/MatchingObjectiveC/Stringify.m": "int stringify(void) { return 0; }\n",
            "Sources/CMatching/shim.c": "int shim(void) { return 0; }\n",
            // Like Nimble's NimbleSharedTestHelpers: every target imports XCTest, so none is test support.
            "Sources/Support/Support.swift": support ?? "import XCTest\npublic func failsWith() { XCTFail() }\n",
            "Tests/MatchingTests/EqualTests.swift": """
            import Matching
            import XCTest
            final class EqualTests: XCTestCase {
                func testEqualValuesMatch() { expect(1).to(equal(1)) }
            }
            """,
        ]
        files["Sources/Matching/Handler.swift"] = "import XCTest\nfunc fail(_ message: String) { XCTFail(message) }\n"
        return files
    }

    private let matcher = """
        public struct Matcher<T> { let matches: (T) -> Bool }
        public struct Expectation<T> {
            let value: T
            public func to(_ matcher: Matcher<T>) { if !matcher.matches(value) { fail("no match") } }
        }
        public func expect<T>(_ value: T) -> Expectation<T> { Expectation(value: value) }
        #if os(Linux) || os(macOS)
        public func equal<T: Equatable>(_ expected: T) -> Matcher<T> { Matcher { $0 == expected } }
        #endif
        """

    /// The tautologies `litmus smells` finds in the package made of `files`.
    private func tautologies(_ files: [String: String]) throws -> [String] {
        let root = try temporaryFolder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        return try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .tautology }.map(\.message)
    }

    @Test("A testing library's own matcher on equal values is its test, not a tautology (Quick/Nimble 14.0.0)")
    func ownMatcher() throws {
        #expect(try tautologies(package(matcher: matcher)) == [])
    }

    @Test("The same check with a matcher of a test-support target, or of no package, is a tautology")
    func supportOrLooseMatcher() throws {
        // Given: `equal` in Support, the one target importing XCTest, so test support; Matching imports none
        let inSupport = package(
            matcher: matcher.replacingOccurrences(of: "public func equal", with: "func equalNot"),
            support: "import Matching\nimport XCTest\n"
                + "public func equal<T: Equatable>(_ expected: T) -> Matcher<T> { fatalError() }\n")
        var files = inSupport
        files["Sources/Matching/Handler.swift"] = "func fail(_ message: String) { fatalError(message) }\n"
        // Then
        #expect(try tautologies(files).count == 1)
        // And loose test files: no package, so no code under test
        let folder = try temporaryFolder([
            "EqualTests.swift": package(matcher: matcher)["Tests/MatchingTests/EqualTests.swift"]!
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loose = try SmellsReport.make(paths: [folder.path], options: AuditOptions()).findings
        #expect(loose.filter { $0.kind == .tautology }.count == 1)
    }

    @Test("A method named like the matcher is not the one a test calls unqualified: still a tautology")
    func methodOfTheSameName() throws {
        let methods = matcher.replacingOccurrences(of: "#if os(Linux) || os(macOS)", with: "extension Matcher {")
            .replacingOccurrences(of: "#endif", with: "}")
            .replacingOccurrences(of: "public func equal<T: Equatable>", with: "public func equal<U: Equatable>")
            .replacingOccurrences(of: "Matcher<T> { Matcher { $0 == expected } }", with: "Bool { true }")
            .replacingOccurrences(of: "(_ expected: T)", with: "(_ expected: U)")
        #expect(try tautologies(package(matcher: methods)).count == 1)
    }

    @Test("A function named like a check is not the macro, and one of another arity is not the matcher called")
    func otherKindOrArity() throws {
        // Given: the code under test declares `func expect` and a two-argument `equal`, no `macro expect`
        var files = package(
            matcher: matcher.replacingOccurrences(
                of: "public func equal<T: Equatable>(_ expected: T) -> Matcher<T> { Matcher { $0 == expected } }",
                with: "public func equal(_ a: Double, _ b: Double) -> Bool { a == b }"))
        files["Tests/MatchingTests/MacroTests.swift"] = """
            import Testing
            @Test func same() { #expect(1 == 1) }
            """
        // Then: both checks are still tautologies
        #expect(try tautologies(files).count == 2)
    }

    @Test("Top-level declarations are read inside #if clauses, not inside types, and not private ones")
    func topLevelDeclarations() {
        let tree = Parser.parse(
            source: """
                func a(_ x: Int, _ y: Int = 0) {}
                #if DEBUG
                macro b() = #externalMacro(module: "M", type: "B")
                #else
                func c(_ values: Int...) {}
                #endif
                struct S { func d() {} }
                private func e() {}
                """)
        #expect(
            CodeUnderTest.topLevelDeclarations(in: tree) == [
                .init(name: "a", isMacro: false, fewest: 1, most: 2),
                .init(name: "b", isMacro: true, fewest: 0, most: Int.max),
                .init(name: "c", isMacro: false, fewest: 0, most: Int.max),
            ])
    }

    @Test("Folders under Tests/ are never code under test")
    func testsFoldersAreNot() {
        let sut = CodeUnderTest(package: URL(fileURLWithPath: "/p"), folders: ["Sources/A-B", "Tests/Support"])
        #expect(sut.modules == ["A_B"])
    }
}
