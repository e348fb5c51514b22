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
}
