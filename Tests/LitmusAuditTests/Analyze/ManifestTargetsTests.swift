import Foundation
import Testing

@testable import LitmusAudit

/// What a manifest's text declares, read without running it.
@Suite("ManifestTargets: the targets a manifest's text declares")
struct ManifestTargetsTests {
    @Test("A target named in another's dependencies is a dependency, not a second declaration")
    func dependencyIsNoDeclaration() {
        // Given vapor/fluent-kit 1.57.0's shape: `.target(name:)` as a dependency of other targets
        let manifest = """
            let shared: [Target.Dependency] = [.target(name: "FluentKit")]
            let package = Package(
                name: "fluent-kit",
                targets: [
                    .target(name: "FluentKit", dependencies: [.product(name: "NIO", package: "swift-nio")], path: "Kit"),
                    .target(name: "FluentSQL", dependencies: [.target(name: "FluentKit")]),
                    .testTarget(name: "FluentKitTests", dependencies: [.target(name: "FluentSQL"), "FluentKit"]),
                ]
            )
            """
        let targets = ManifestTargets(text: manifest).targets
        // Then each target is read once, with its folder
        #expect(targets.map(\.name) == ["FluentKit", "FluentSQL", "FluentKitTests"])
        #expect(targets.map(\.path) == ["Kit", "Sources/FluentSQL", "Tests/FluentKitTests"])
    }

    @Test("A folder named twice is one candidate of test support, not a crash")
    func repeatedFolder() throws {
        let package = try temporaryFolder([
            "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "Sources/KitTestSupport/Fake.swift": "import XCTest\npublic final class FakeKit {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let support = UncoveredFileReasons.testSupportTargets(
            ["Sources/Kit", "Sources/KitTestSupport", "Sources/Kit", "Sources/KitTestSupport"], in: package)
        #expect(Array(support.keys) == ["Sources/KitTestSupport"])
    }

    @Test("From tools version 5.9, the one test target without a path or its own folder takes the whole Tests folder")
    func oneTestTargetTakesTests() throws {
        // Given kishikawakatsumi/swift-power-assert 0.12.0's layout (its test files directly in Tests), and near
        // misses: an older tools version, two test targets, a target whose own folder exists
        let manifest = Self.manifest(toolsVersion: "5.9")
        let package = try temporaryFolder([
            "Sources/P/P.swift": "public let p = 1\n", "Tests/ATests.swift": "import XCTest\n",
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let read = { (text: String) in try Self.targets(of: text, in: package).filter(\.isTest).map(\.path) }
        // Then
        #expect(try read(manifest) == ["Tests"])
        #expect(try read(manifest.replacingOccurrences(of: "5.9", with: "5.8")) == ["Tests/PTests"])
        #expect(
            try read(manifest.replacingOccurrences(of: "]", with: ", .testTarget(name: \"QTests\")]"))
                == ["Tests/PTests", "Tests/QTests"])
        // SwiftPM counts a test target with a path too: two test targets, each in its own folder
        #expect(
            try read(manifest.replacingOccurrences(of: "]", with: ", .testTarget(name: \"QTests\", path: \"Q\")]"))
                == ["Tests/PTests", "Q"])
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Tests/PTests"), withIntermediateDirectories: true)
        #expect(try read(manifest) == ["Tests/PTests"])
    }

    @Test("A target without a path lives in the first of SwiftPM's predefined folders that exists")
    func predefinedFolders() throws {
        // Given tayloraswift/swift-json 2.3.1's layout (no Tests folder, its test target in Sources), and near
        // misses: a Tests folder, which test targets take first; a package whose sources are in src
        let package = try temporaryFolder([
            "Sources/P/P.swift": "public let p = 1\n", "Sources/PTests/PTests.swift": "import XCTest\n",
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let paths = { try Self.targets(of: Self.manifest(toolsVersion: "5.8"), in: package).map(\.path) }
        // Then
        #expect(try paths() == ["Sources/P", "Sources/PTests"])
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Tests/PTests"), withIntermediateDirectories: true)
        #expect(try paths() == ["Sources/P", "Tests/PTests"])
        try FileManager.default.moveItem(
            at: package.appendingPathComponent("Sources"), to: package.appendingPathComponent("src"))
        #expect(try paths() == ["src/P", "Tests/PTests"])
    }

    /// A manifest of a library `P` and its test target `PTests`, neither given a path.
    private static func manifest(toolsVersion: String) -> String {
        """
        // swift-tools-version:\(toolsVersion)
        import PackageDescription
        let package = Package(name: "P", targets: [.target(name: "P"), .testTarget(name: "PTests")])
        """
    }

    /// The targets of the manifest `text`, written into `package`, as SwiftPM lays them out there.
    private static func targets(of text: String, in package: URL) throws -> [ManifestTargets.Target] {
        try Data(text.utf8).write(to: package.appendingPathComponent("Package.swift"))
        return ManifestTargets.read(package.appendingPathComponent("Package.swift")).targets
    }
}
