import Foundation
import Testing

@testable import LitmusAudit

@Suite("UncompiledTestFiles: the test files no target compiles, as a package lays them out")
struct UncompiledTestFilesTests {
    private let testFile = "import XCTest\nfinal class ATests: XCTestCase { func testA() { XCTAssertTrue(true) } }\n"

    @Test("A file in a folder an Xcode project synchronizes is built there: a note; one outside it, a finding")
    func synchronizedFolder() throws {
        // Given kean/Nuke 13.2.0's layout: no test target in Package.swift, its tests in Xcode 16's folders
        // synchronized with the disk (`PBXFileSystemSynchronizedRootGroup`), whose files the project does not name
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Nuke", targets: [.target(name: "Nuke")])
            """,
            "Nuke.xcodeproj/project.pbxproj": """
            /* Begin PBXFileSystemSynchronizedRootGroup section */
            		0C8E /* NukeTests */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = NukeTests; sourceTree = "<group>"; };
            		0C27 /* Mocks */ = {
            			isa = PBXFileSystemSynchronizedRootGroup;
            			exceptions = (0C27 /* path = Tests/Other; */, );
            			path = Tests/Mocks;
            			sourceTree = SOURCE_ROOT;
            		};
            /* End PBXFileSystemSynchronizedRootGroup section */
            """,
            "Sources/Nuke/Nuke.swift": "public let nuke = 1\n",
            "Tests/NukeTests/ImagePipelineTests.swift": testFile,
            "Tests/Mocks/MockTests.swift": testFile,
            "Tests/NukeTestsOld/Forgotten.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When
        let findings = PackageManifest.uncompiledTests(in: root, tests: [])
        // Then
        #expect(
            notesAndFindings(findings, under: root) == [
                "finding Tests/NukeTestsOld/Forgotten.swift", "note Tests/Mocks/MockTests.swift",
                "note Tests/NukeTests/ImagePipelineTests.swift",
            ])
    }

    @Test("The files of the one test target that takes the whole Tests folder are compiled: no finding")
    func oneTestTargetInTests() throws {
        // Given kishikawakatsumi/swift-power-assert 0.12.0's layout
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "PTests")])
            """,
            "Sources/P/P.swift": "public let p = 1\n",
            "Tests/ATests.swift": testFile,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // When the analysis reads the test targets' files as `litmus smells` does
        let tests = try PackageManifest.testTargets(of: root)
        // Then the file is the target's, and no file is left uncompiled
        #expect(tests["PTests"]?.map(\.lastPathComponent) == ["ATests.swift"])
        let compiled = Set(tests.values.joined().map(\.standardizedFileURL.path))
        #expect(PackageManifest.uncompiledTests(in: root, tests: compiled).isEmpty)
    }
}
