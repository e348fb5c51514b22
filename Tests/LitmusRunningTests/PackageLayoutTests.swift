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
}
