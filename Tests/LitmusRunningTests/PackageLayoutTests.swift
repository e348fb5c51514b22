import Foundation
import Testing

@testable import LitmusRunning

@Suite("The package's layout, as swift package describe gives it")
struct PackageLayoutTests {
    @Test("A library no product holds that tests depend on is the tests' support; a product's library is not")
    func testSupportFolders() throws {
        // Given: swift-numerics' shape: RealModule in a product, _TestSupport in none, both used by RealTests;
        // Unused in no product and used by nothing
        let json = #"""
            {"name": "P", "targets": [
              {"name": "RealModule", "c99name": "RealModule", "path": "Sources/RealModule", "type": "library",
               "sources": [], "product_memberships": ["Numerics", "RealModule"]},
              {"name": "_TestSupport", "c99name": "_TestSupport", "path": "Sources/_TestSupport", "type": "library",
               "sources": [], "target_dependencies": ["RealModule"]},
              {"name": "Unused", "c99name": "Unused", "path": "Sources/Unused", "type": "library", "sources": []},
              {"name": "RealTests", "c99name": "RealTests", "path": "Tests/RealTests", "type": "test",
               "sources": ["RealTests.swift"], "target_dependencies": ["RealModule", "_TestSupport"]}
            ]}
            """#

        // When
        let sut = try PackageLayout.read(Data(json.utf8), root: URL(fileURLWithPath: "/p"))

        // Then
        #expect(sut.testSupportFolders == ["Sources/_TestSupport"])
        #expect(sut.sourceFolders == ["Sources/RealModule", "Sources/_TestSupport", "Sources/Unused"])
    }

    @Test("A package that declares no product has no test support: its tests test its targets")
    func noProducts() throws {
        // Given the audit's Planted fixture's shape: one library, no product, its test target on it
        let json = #"""
            {"name": "Planted", "targets": [
              {"name": "Planted", "c99name": "Planted", "path": "Sources/Planted", "type": "library", "sources": []},
              {"name": "PlantedTests", "c99name": "PlantedTests", "path": "Tests/PlantedTests", "type": "test",
               "sources": ["T.swift"], "target_dependencies": ["Planted"]}
            ]}
            """#

        // When
        let sut = try PackageLayout.read(Data(json.utf8), root: URL(fileURLWithPath: "/p"))

        // Then
        #expect(sut.testSupportFolders.isEmpty)
    }
}
