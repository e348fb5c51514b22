import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusModel

@Suite("Uncovered source files that no test here needs: other platforms' code, test support, deprecated code")
struct UncoveredFileReasonsTests {
    /// Quick 7.6.2's `Sources/Quick/URL+FileName.swift`.
    let fileName = """
        import Foundation

        extension URL {
            var fileName: String {
                return self.deletingPathExtension().lastPathComponent
            }
        }
        """

    /// A caller of `fileName`, inside `#if canImport(Darwin)` or not.
    func caller(darwinOnly: Bool) -> String {
        let call = "func currentTestBundle(_ url: URL) -> String { url.fileName }"
        return darwinOnly ? "#if canImport(Darwin)\n\(call)\n#endif\n" : call + "\n"
    }

    @Test("A file whose only caller is in an #if this build does not compile is named with that caller")
    func onlyDarwinCaller() {
        let user = UncoveredFileReasons.user(
            of: fileName,
            siblings: [
                ("Sources/Quick/NSBundle+CurrentTestBundle.swift", caller(darwinOnly: true)),
                ("Sources/Quick/World.swift", "final class World { var count = 0 }\n"),
            ])
        #if os(Linux)
            #expect(user == "Sources/Quick/NSBundle+CurrentTestBundle.swift")
        #else
            #expect(user == nil)
        #endif
    }

    @Test("A caller this build compiles, beside one it does not, leaves the file an uncovered file")
    func compiledCaller() {
        let user = UncoveredFileReasons.user(
            of: fileName,
            siblings: [
                ("Sources/Quick/A.swift", caller(darwinOnly: true)),
                ("Sources/Quick/B.swift", caller(darwinOnly: false)),
            ])
        #expect(user == nil)
    }

    @Test("A file nothing uses is left an uncovered file: dead code everywhere")
    func unused() {
        #expect(
            UncoveredFileReasons.user(of: fileName, siblings: [("Sources/Quick/World.swift", "let x = 1\n")]) == nil)
    }

    @Test("The names looked for are the file's functions, properties and types, not their locals")
    func names() {
        let tree = """
            struct Box { var width = 1; func area() -> Int { let local = width; return local } }
            typealias Size = Int
            extension Box { static let empty = Box() }
            """
        #expect(
            UncoveredFileReasons.declaredNames(.init(stringLiteral: tree))
                == ["Box", "width", "area", "Size", "empty"])
    }

    @Test("The thorough judge makes such a file a note, and keeps the others as findings")
    func judgedAsNote() {
        // Given: two files no test executes, the first used only by code this build does not compile
        var platformOnly = FileCoverage(
            file: "Sources/Quick/URL+FileName.swift", coveredLines: 0, lines: 3, coveredRegions: 0, regions: 1)
        platformOnly.usedOnlyOnOtherPlatformsBy = "Sources/Quick/NSBundle+CurrentTestBundle.swift"
        let dead = FileCoverage(
            file: "Sources/Quick/Dead.swift", coveredLines: 0, lines: 4, coveredRegions: 0, regions: 1)
        var context = JudgingContext(options: AuditOptions(), seed: 1)
        context.coverage = CoverageReport(linePercent: 0, regionPercent: 0, files: [platformOnly, dead])
        // When
        let judged = ThoroughJudge.judged(context)
        // Then
        #expect(judged.findings.map(\.file) == ["Sources/Quick/Dead.swift"])
        #expect(
            judged.notes.map(\.message) == [
                "Sources/Quick/URL+FileName.swift is never executed here, and cannot be: only "
                    + "Sources/Quick/NSBundle+CurrentTestBundle.swift uses it, in code this platform's build does "
                    + "not compile (an #if)"
            ])
    }

    /// A coverage report in which each of `files` has five lines, none executed.
    private func uncovered(_ files: [String]) -> CoverageReport {
        CoverageReport(
            linePercent: 0, regionPercent: 0,
            files: files.map { FileCoverage(file: $0, coveredLines: 0, lines: 5, coveredRegions: 0, regions: 1) })
    }

    @Test("A file only tests this build does not compile use is named with that test (swift-clocks' Darwin tests)")
    func onlyUncompiledTests() throws {
        let root = try temporaryFolder([
            "Sources/Clocks/UnimplementedClock.swift":
                "public struct UnimplementedClock { public init() {}\n public var now: Int { 0 } }\n",
            // A sibling's `now` is its own member: no use of UnimplementedClock.
            "Sources/Clocks/TestClock.swift":
                "public struct TestClock { public init() {}\n public var now: Int { 1 } }\n",
            "Tests/ClocksTests/UnimplementedClockTests.swift":
                "#if DEBUG && canImport(Darwin)\nfunc testIt() { _ = UnimplementedClock().now }\n#endif\n",
            // A compiled test's `now` is another clock's: a member's name is no use of this file.
            "Tests/ClocksTests/TestClockTests.swift": "func testIt() { _ = TestClock().now }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let marked = UncoveredFileReasons.marked(
            uncovered(["Sources/Clocks/UnimplementedClock.swift", "Sources/Clocks/TestClock.swift"]), package: root,
            sourceFolders: ["Sources/Clocks"], testFolders: ["Tests/ClocksTests"])
        #if os(Linux)
            #expect(marked.files[0].usedOnlyOnOtherPlatformsBy == "Tests/ClocksTests/UnimplementedClockTests.swift")
        #endif
        // A test this build compiles uses TestClock: never executed, it stays a finding.
        #expect(marked.files[1].usedOnlyOnOtherPlatformsBy == nil && marked.files[1].needsNoTest == nil)
    }

    @Test("An extension's member only uncompiled tests use is looked for by name, not by its nested type's members")
    func extensionMembers() {
        // Given swift-dependencies' NotificationCenter.swift: a property in an extension and a private key type
        let file = """
            #if canImport(Foundation)
            extension DependencyValues {
                public var notificationCenter: NotificationCenter { self[Key.self] }
                private enum Key: DependencyKey { static let liveValue = NotificationCenter.default }
            }
            #endif
            """
        // And a sibling that declares another key's `liveValue`, a compiled use of that word
        let sibling = ("Sources/Dependencies/UUID.swift", "enum UUIDKey { static let liveValue = 1 }\n")
        let onlyCombine = (
            "Tests/DependenciesTests/NotificationCenterTests.swift",
            "#if canImport(Combine)\nfunc testPost() { _ = values.notificationCenter }\n#endif\n"
        )
        let compiled = ("Tests/DependenciesTests/Other.swift", "func testPost() { _ = values.notificationCenter }\n")
        // Then tests only another platform compiles use it; a compiled test's use leaves it uncovered
        #if os(Linux)
            #expect(
                UncoveredFileReasons.user(of: file, siblings: [sibling], tests: [onlyCombine]) == onlyCombine.0)
        #endif
        #expect(UncoveredFileReasons.user(of: file, siblings: [sibling], tests: [onlyCombine, compiled]) == nil)
    }

    @Test("A target importing XCTest beside targets that do not is test support; in a testing library none is")
    func testSupport() throws {
        let root = try temporaryFolder([
            "Sources/SQLKit/Query.swift": "public struct Query {}\n",
            "Sources/SQLKitBenchmark/Union.swift": "import XCTest\npublic func testUnion() { XCTAssert(true) }\n",
            "Sources/SQLKitBenchmark/Upsert.swift": "public func testUpsert() {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let marked = UncoveredFileReasons.marked(
            uncovered(["Sources/SQLKitBenchmark/Upsert.swift", "Sources/SQLKit/Query.swift"]), package: root,
            sourceFolders: ["Sources/SQLKit", "Sources/SQLKitBenchmark"])
        #expect(
            marked.files[0].needsNoTest
                == "its target is test support (Sources/SQLKitBenchmark/Union.swift imports XCTest, and the "
                + "package's other targets do not): code the tests run, not code under test")
        #expect(marked.files[1].needsNoTest == nil)
        // Nimble's shape: every target imports XCTest, so the library itself is what its tests test.
        let library = try temporaryFolder([
            "Sources/Nimble/Expectation.swift": "import XCTest\npublic struct Expectation {}\n",
            "Sources/NimbleSupport/Fail.swift": "import XCTest\npublic func fail() {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: library) }
        #expect(
            UncoveredFileReasons.testSupportTargets(["Sources/Nimble", "Sources/NimbleSupport"], in: library).isEmpty)
        // swift-numerics' shape: a library no product holds, imported by its tests, XCTest or not; beside it,
        // a testing library's own targets are still under test.
        #expect(
            UncoveredFileReasons.testSupportTargets(
                ["Sources/Nimble", "Sources/NimbleSupport", "Sources/_TestSupport"], in: library,
                testOnly: ["Sources/_TestSupport"])
                == ["Sources/_TestSupport": "no product holds Sources/_TestSupport, and tests depend on it"])
    }

    @Test("A file whose every declaration with code is deprecated needs no test; one current function does")
    func deprecated() {
        let shims = """
            @available(*, deprecated, renamed: "expectNoDifference")
            public func XCTAssertNoDifference<T>(_ a: T, _ b: T) { expectNoDifference(a, b) }
            @available(*, deprecated, message: "Use Box.make")
            extension Box { public static func old() -> Box { Box() } }
            """
        #expect(
            UncoveredFileReasons.needsNoTest(shims, testSupport: nil)
                == "every declaration in it that holds code is deprecated: it is kept so that old code still compiles")
        #expect(UncoveredFileReasons.needsNoTest(shims + "\npublic func current() { }\n", testSupport: nil) == nil)
        #expect(
            UncoveredFileReasons.needsNoTest("@available(macOS 10.15, *)\npublic func f() { }\n", testSupport: nil)
                == nil)
        #expect(UncoveredFileReasons.needsNoTest("public protocol P { func f() }\n", testSupport: nil) == nil)
    }

    @Test("A macro target's @main CompilerPlugin needs no test; a @main app, or a plugin beside other code, does")
    func compilerPlugin() {
        let plugin = """
            import SwiftCompilerPlugin
            @main
            struct CasePathsPlugin: CompilerPlugin {
                let providingMacros: [Macro.Type] = [CasePathableMacro.self]
            }
            """
        #expect(
            UncoveredFileReasons.needsNoTest(plugin, testSupport: nil)?.hasPrefix("it is a compiler plugin's") == true)
        #expect(
            UncoveredFileReasons.needsNoTest("@main struct App { static func main() { run() } }\n", testSupport: nil)
                == nil)
        #expect(UncoveredFileReasons.needsNoTest(plugin + "\nfunc helper() -> Int { 1 }\n", testSupport: nil) == nil)
    }

    @Test("The thorough judge makes a file no test needs a note with the reason")
    func needsNoTestIsANote() {
        var shim = FileCoverage(
            file: "Sources/CustomDump/XCTAssertNoDifference.swift", coveredLines: 0, lines: 3, coveredRegions: 0,
            regions: 1)
        shim.needsNoTest =
            "every declaration in it that holds code is deprecated: it is kept so that old code still compiles"
        var context = JudgingContext(options: AuditOptions(), seed: 1)
        context.coverage = CoverageReport(linePercent: 0, regionPercent: 0, files: [shim])
        let judged = ThoroughJudge.judged(context)
        #expect(judged.findings.isEmpty)
        #expect(
            judged.notes.map(\.message) == [
                "Sources/CustomDump/XCTAssertNoDifference.swift is never executed by the tests, and needs not be: "
                    + "every declaration in it that holds code is deprecated: it is kept so that old code still compiles"
            ])
    }
}
