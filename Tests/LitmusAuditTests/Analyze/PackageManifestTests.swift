import Foundation
import Testing

@testable import LitmusAudit

@Suite("The test targets a manifest's text declares, read without SwiftPM")
struct PackageManifestTests {
    private let testFile = "import XCTest\nfinal class ATests: XCTestCase { func testA() { XCTAssertTrue(true) } }\n"

    /// The test targets of the package made of `files`, by module, as paths relative to it.
    private func targets(_ files: [String: String]) throws -> [String: [String]] {
        let root = try temporaryFolder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.standardizedFileURL.path.count + 1
        return try PackageManifest.testTargets(of: root).mapValues {
            $0.map { String($0.standardizedFileURL.path.dropFirst(base)) }.sorted()
        }
    }

    @Test("A target's `sources:` names what it compiles; resources named by a constant of the manifest are not read")
    func sourcesAndNamedResources() throws {
        // Given: krzysztofzablocki/Sourcery 2.3.0's `TemplatesTests`, a folder of template fixtures that declare tests
        // of their own, with `sources: ["Tests/TemplatesTests.swift"]`, and its resources in a constant; and near
        // misses: a target without `sources:`, whose every file is read, a resource written out, and `sources:` the
        // text computes, which may name anything: its whole folder is read
        let found = try targets([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let copied: [Resource] = [.copy("Fixtures/Context")]
            let package = Package(name: "T", targets: [
                .testTarget(name: "TemplatesTests", path: "Templates", sources: ["Tests/TemplatesTests.swift"]),
                .testTarget(name: "CopiedTests", resources: copied),
                .testTarget(name: "OtherTests", resources: [.copy("Data")]),
                .testTarget(name: "ComputedTests", sources: files()),
            ])
            """,
            "Templates/Tests/TemplatesTests.swift": testFile,
            "Templates/Tests/Context/LinuxMain.swift": testFile,
            "Tests/CopiedTests/CopiedTests.swift": testFile,
            "Tests/CopiedTests/Fixtures/Context/Fixture.swift": testFile,
            "Tests/OtherTests/OtherTests.swift": testFile,
            "Tests/OtherTests/Data/Data.swift": testFile,
            "Tests/OtherTests/More/MoreTests.swift": testFile,
            "Tests/ComputedTests/ComputedTests.swift": testFile,
        ])
        // Then
        #expect(
            found == [
                "TemplatesTests": ["Templates/Tests/TemplatesTests.swift"],
                "CopiedTests": ["Tests/CopiedTests/CopiedTests.swift"],
                "OtherTests": ["Tests/OtherTests/More/MoreTests.swift", "Tests/OtherTests/OtherTests.swift"],
                "ComputedTests": ["Tests/ComputedTests/ComputedTests.swift"],
            ])
    }

    @Test("A manifest that makes its targets in a function of its own has each folder of Tests read")
    func targetsMadeByAFunction() throws {
        // Given: swift-collections 1.6.0's shape, a target's name passed through a function
        let found = try targets([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            func tests(_ name: String) -> Target { .testTarget(name: name, dependencies: ["A"]) }
            let package = Package(name: "A", targets: [.target(name: "A"), tests("ATests"), tests("B-Tests")])
            """,
            "Sources/A/A.swift": "public let a = 1\n",
            "Tests/ATests/ATests.swift": testFile,
            "Tests/B-Tests/Nested/BTests.swift": testFile,
            "Tests/Empty/notes.txt": "no Swift here\n",
        ])
        // Then
        #expect(found == ["ATests": ["Tests/ATests/ATests.swift"], "B_Tests": ["Tests/B-Tests/Nested/BTests.swift"]])
    }

    @Test(
        "A manifest of Swift 3, without a tools version, has each folder of Tests read; one of Swift 5 that names no target, none"
    )
    func swift3Manifest() throws {
        // Given: kylef/JSONWebToken.swift 2.2.0's manifest, whose targets are its folders by convention
        let files = [
            "Sources/A.swift": "public let a = 1\n",
            "Tests/JWTTests/JWTTests.swift": testFile,
            "Tests/LinuxMain.swift": "import XCTest\n",
        ]
        let swift3 = """
            import PackageDescription
            let package = Package(name: "JWT", dependencies: [.Package(url: "https://example.com/x.git", majorVersion: 1)])
            """
        let swift5 =
            "// swift-tools-version:5.9\n"
            + swift3.replacingOccurrences(
                of: ", dependencies: [.Package(url: \"https://example.com/x.git\", majorVersion: 1)]", with: "")

        // Then
        #expect(
            try targets(files.merging(["Package.swift": swift3]) { $1 }) == [
                "JWTTests": ["Tests/JWTTests/JWTTests.swift"]
            ])
        #expect(try targets(files.merging(["Package.swift": swift5]) { $1 }) == [:])
        // … one whose tools version follows blank lines, as SwiftPM 5.4 and later allow, too
        #expect(try targets(files.merging(["Package.swift": "\n\n" + swift5]) { $1 }) == [:])
    }

    @Test("A manifest that names every target has only its test targets read, not the other folders of Tests")
    func completeManifest() throws {
        // Given
        let found = try targets([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "A", targets: [
                .target(name: "A"), .target(name: "Support", path: "Tests/Support"),
                .testTarget(name: "ATests", dependencies: ["A"]),
            ])
            """,
            "Sources/A/A.swift": "public let a = 1\n",
            "Tests/ATests/ATests.swift": testFile,
            "Tests/Support/Support.swift": "public func help() {}\n",
            "Tests/Old/OldTests.swift": testFile,
        ])
        // Then
        #expect(found == ["ATests": ["Tests/ATests/ATests.swift"]])
    }

    /// swift-collections 1.6.0's shape: targets made in a function, a test-support library in Tests/ whose base
    /// class the tests inherit and whose doc comments show a `func testFoo()`.
    private let supportPackage = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        func tests(_ name: String) -> Target { .testTarget(name: name, dependencies: ["A", "Support"]) }
        func support(_ name: String) -> Target { .target(name: name, dependencies: ["A"], path: "Tests/\\(name)") }
        let package = Package(name: "A", targets: [.target(name: "A"), support("Support"), tests("DTests")])
        """,
        "Sources/A/A.swift": "public func twice(_ x: Int) -> Int { x * 2 }\n",
        "Tests/Support/BaseCase.swift": """
        import XCTest
        /// Subclass it:
        ///
        ///     final class MyTests: BaseCase {
        ///         func testFoo() { expectSame(1, 1) }
        ///     }
        open class BaseCase: XCTestCase {}
        public func expectSame(_ a: Int, _ b: Int) { if a != b { XCTFail("\\(a) is not \\(b)") } }
        """,
        "Tests/Support/Checks.swift": "import A\npublic func checkTwice(_ x: Int) { expectSame(twice(x), x + x) }\n",
        "Tests/DTests/DTests.swift": """
        import Support
        import XCTest
        final class DTests: BaseCase {
            func testTwice() { checkTwice(3) }
            func testNothing() { _ = twice(1) }
        }
        """,
        "Tests/Loose/Fixture.swift": "let fixture = [1, 2]\n",
        // Tests only in an extension, beside the class that declares none, and a qualified @Testing.Test.
        "Tests/ETests/ETests.swift": "import XCTest\nfinal class ETests: XCTestCase {}\n",
        "Tests/ETests/ETests+More.swift": "extension ETests {\n    func testMore() { checkTwice(1) }\n}\n",
        "Tests/FTests/F.swift": "import Testing\n@Testing.Test func f() { checkTwice(2) }\n",
    ]

    @Test("In a manifest that does not name every target, a folder of Tests that declares no test is another target")
    func supportFolderOfTests() throws {
        // Given
        let root = try temporaryFolder(supportPackage)
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let found = try PackageManifest.targets(of: root)
        // Then: DTests, whose class inherits the support's base class, is a test target; the support and the
        // loose folder (no test in either) are not.
        #expect(found.tests.keys.sorted() == ["DTests", "ETests", "FTests"])
        #expect(found.others.sorted() == ["Sources/A", "Tests/Loose", "Tests/Support"])
    }

    @Test("litmus smells on a package counts the checks its test-support target makes, as the audit does")
    func smellsReadTheSupportTarget() throws {
        // Given: a test whose one check is the support's checkTwice, in a file that imports no testing library
        let root = try temporaryFolder(supportPackage)
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let report = try SmellsReport.make(paths: [root.path], options: AuditOptions())
        // Then: it checks what checkTwice checks; only the test that checks nothing asserts nothing
        #expect(
            report.findings.filter { $0.kind == .noAssertion }.map(\.test?.rawValue) == ["DTests.DTests/testNothing"],
            "\(report.findings.map(\.message))")
    }
}
