import Foundation
import SwiftParser
import Testing

@testable import LitmusAudit

@Suite("A lookup of a resource the test's target puts in its bundle cannot be nil")
struct BundledResourceTests {
    /// A package whose test target copies a folder and a file and processes a folder, with `test` its test file.
    private func package(test: String) -> [String: String] {
        [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Certs", targets: [
                .target(name: "Certs"),
                .testTarget(
                    name: "CertsTests", dependencies: ["Certs"],
                    resources: [
                        .copy("Vectors/"), .copy("Single/root.der"), .process("Processed"), .embedInCode("key.bin"),
                        .copy("Missing/"),
                    ]),
            ])
            """,
            "Sources/Certs/Certs.swift": "public func parse(_ url: URL) -> Int { 1 }\n",
            "Tests/CertsTests/Vectors/rsa/md4.der": "x",
            "Tests/CertsTests/Single/root.der": "x",
            "Tests/CertsTests/Processed/deep/leaf.pem": "x",
            "Tests/CertsTests/key.bin": "x",
            "Tests/CertsTests/CertsTests.swift": test,
        ]
    }

    @Test("The manifest's entries say how each resource is placed: copied with its tree, or processed flat")
    func bundleLayout() throws {
        // Given: the package on disk
        let root = try temporaryFolder(package(test: "import XCTest\n"))
        defer { try? FileManager.default.removeItem(at: root) }

        // When: its test bundles are read
        let bundles = BundledResource.testBundles(of: root)

        // Then: the copied folder keeps its tree under its name, the copied file is at the top, the processed
        // folder's file is flattened; what is embedded in code or missing is in no bundle
        #expect(bundles["CertsTests"] == ["Vectors/rsa/md4.der", "root.der", "leaf.pem"])
    }

    @Test(
        "trapInTest: an unwrapped literal lookup of a bundled file is none; of a missing file, a folder the processing flattened, another bundle or a name not literal, it is"
    )
    func bundledLookups() throws {
        // Given: swift-certificates 1.21.1's shape (`Bundle.module.url(forResource:withExtension:subdirectory:)!`)
        // and near misses
        let test = """
            import Foundation
            import XCTest
            final class CertsTests: XCTestCase {
                func testA() { XCTAssertEqual(parse(Bundle.module.url(forResource: "md4", withExtension: "der", subdirectory: "Vectors/rsa")!), 1) }
                func testB() { XCTAssertEqual(parse(Bundle.module.url(forResource: "root", withExtension: "der")!), 1) }
                func testC() { XCTAssertEqual(Bundle.module.path(forResource: "leaf", ofType: "pem")!.count, 1) }
                func testD() { XCTAssertEqual(parse(Bundle.module.url(forResource: "md5", withExtension: "der", subdirectory: "Vectors/rsa")!), 1) }
                func testE() { XCTAssertEqual(parse(Bundle.module.url(forResource: "leaf", withExtension: "pem", subdirectory: "Processed/deep")!), 1) }
                func testF() { XCTAssertEqual(parse(Bundle.main.url(forResource: "root", withExtension: "der")!), 1) }
                func testG() { XCTAssertEqual(parse(Bundle.module.url(forResource: name, withExtension: "der")!), 1) }
                func testH() { XCTAssertEqual(parse(Bundle.module.url(forResource: "key", withExtension: "bin")!), 1) }
                func testI() { XCTAssertEqual(parse(Bundle.module.url(forResource: "root.der", withExtension: nil)!), 1) }
            }
            """
        let root = try temporaryFolder(package(test: test))
        defer { try? FileManager.default.removeItem(at: root) }

        // When: `litmus smells` reads the package
        let found = try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .trapInTest }.compactMap {
                $0.test?.rawValue.split(separator: ".").last.map(String.init)
            }

        // Then: a missing file, a subfolder the processing flattened, the main bundle, a name that is no literal,
        // and a file embedded in code may be nil
        #expect(found.sorted() == ["testD", "testE", "testF", "testG", "testH"])
    }
}
