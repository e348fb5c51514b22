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
}
