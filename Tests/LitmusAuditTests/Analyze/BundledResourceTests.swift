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
                    name: "CertsTests", dependencies: ["Certs"], exclude: ["Processed/skip.pem"],
                    resources: [
                        .copy("Vectors/"), .copy("Single/root.der"), .process("Processed"), .embedInCode("key.bin"),
                        .copy("Missing/"), .process("Localized.txt", localization: .base),
                    ]),
                .testTarget(name: "Certs-Extra", resources: [.copy("data.json")]),
            ])
            """,
            "Tests/CertsTests/Processed/skip.pem": "x",
            "Tests/CertsTests/Processed/.hidden.pem": "x",
            "Tests/CertsTests/Processed/en.lproj/local.strings": "x",
            "Tests/CertsTests/Localized.txt": "x",
            "Tests/Certs-Extra/data.json": "x",
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
        // folder's plain file is flattened; what is embedded in code, missing, excluded, hidden, in a localization's
        // folder or given a localization is not counted; a target is found by its module's name too
        #expect(bundles["CertsTests"] == ["Vectors/rsa/md4.der", "root.der", "leaf.pem"])
        #expect(bundles["Certs_Extra"] == ["data.json"])
        #expect(BundledResource.moduleName(of: "1 Tests") == "_1_Tests")
    }

    @Test(
        "trapInTest: an unwrapped literal lookup of a bundled file is none; of a missing file, a folder the processing flattened, another bundle or a name not literal, it is"
    )
    func bundledLookups() throws {
        // Given: swift-certificates 1.21.1's shape (`Bundle.module.url(forResource:withExtension:subdirectory:)!`),
        // apple/containerization's `Foundation.Bundle.module` (read false on first contact), and near misses
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
                func testJ() { XCTAssertEqual(parse(Bundle.module.url(forResource: "\\(prefix)md4", withExtension: "der", subdirectory: "Vectors/rsa")!), 1) }
                func testK() { XCTAssertEqual(parse(Bundle.module.url(forResource: "local", withExtension: "strings")!), 1) }
                func testL() { XCTAssertEqual(parse(Bundle.module.url(forResource: "skip", withExtension: "pem")!), 1) }
                func testM() { XCTAssertEqual(parse(Foundation.Bundle.module.url(forResource: "root", withExtension: "der")!), 1) }
                func testN() { XCTAssertEqual(parse(Foundation.Bundle.module.url(forResource: "md5", withExtension: "der")!), 1) }
            }
            """
        let root = try temporaryFolder(package(test: test))
        defer { try? FileManager.default.removeItem(at: root) }

        // When: `litmus smells` reads the package
        let found = try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .trapInTest }.compactMap {
                $0.test?.rawValue.split(separator: ".").last.map(String.init)
            }

        // Then: a missing file, a subfolder the processing flattened, the main bundle, a name that is no literal
        // (or interpolated), a file embedded in code, in a localization's folder or excluded may be nil
        // (the module's bundle named with its module, `Foundation.Bundle.module`, is read the same: apple/containerization)
        #expect(found.sorted() == ["testD", "testE", "testF", "testG", "testH", "testJ", "testK", "testL", "testN"])
    }

    @Test(
        "trapInTest: the resource folder of a bundle the target has cannot be nil; another bundle's or another member can"
    )
    func bundleFolder() throws {
        // Given: apple/swift-container-plugin 1.3.0's `Bundle.module.resourceURL!` and near misses
        let test = """
            import Foundation
            import XCTest
            final class CertsTests: XCTestCase {
                func testA() { XCTAssertEqual(parse(Bundle.module.resourceURL!), 1) }
                func testB() { XCTAssertEqual(Bundle.module.resourcePath!.count, 1) }
                func testC() { XCTAssertEqual(parse(Bundle.main.resourceURL!), 1) }
                func testD() { XCTAssertEqual(Bundle.module.bundleIdentifier!.count, 1) }
            }
            """
        let root = try temporaryFolder(package(test: test))
        defer { try? FileManager.default.removeItem(at: root) }

        // When: `litmus smells` reads the package
        let found = try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .trapInTest }.compactMap {
                $0.test?.rawValue.split(separator: ".").last.map(String.init)
            }

        // Then: another bundle's resource folder, and a bundle's identifier, may be nil
        #expect(found.sorted() == ["testC", "testD"])
    }

    @Test(
        "trapInTest: a literal lookup of a file the package holds among its tests, in a class's bundle or by a helper, and its read, are none; a missing file, the main bundle, a name not literal, are"
    )
    func heldTestResources() throws {
        // Given: Carthage 0.40.0's `Bundle(for: type(of: self)).url(forResource: "TestCartfile", withExtension: "")!` and
        // its `try! String(contentsOf:)`, SwifterSwift 8.0.0's `UIImage(named: "TestImage", in: bundle, compatibleWith:
        // nil)!`, marmelroy/Zip 2.1.2's helper `url(forResource:withExtension:)`, a class bundle's resource folder; and
        // near misses: a file the package does not hold, the main bundle, a name that is no literal, a read of a URL
        // the test did not look up, an image the package does not hold
        let test = """
            import Foundation
            import XCTest
            final class ShopTests: XCTestCase {
                func testA() { XCTAssertEqual(parse(Bundle(for: type(of: self)).url(forResource: "TestCartfile", withExtension: "")!), 1) }
                func testB() { let bundle = Bundle(for: ShopTests.self); XCTAssertEqual(size(UIImage(named: "TestImage", in: bundle, compatibleWith: nil)!), 1) }
                func testC() { XCTAssertEqual(parse(url(forResource: "bb8", withExtension: "zip")!), 1) }
                func testD() {
                    let file = Bundle(for: type(of: self)).url(forResource: "TestCartfile", withExtension: nil)!
                    XCTAssertEqual(parse(text: try! String(contentsOf: file, encoding: .utf8)), 1)
                }
                func testE() { XCTAssertEqual(parse(Bundle(for: ShopTests.self).resourceURL!), 1) }
                func testF() { XCTAssertEqual(parse(Bundle(for: type(of: self)).url(forResource: "Missing", withExtension: "")!), 1) }
                func testG() { XCTAssertEqual(parse(Bundle.main.url(forResource: "TestCartfile", withExtension: "")!), 1) }
                func testH() { XCTAssertEqual(parse(Bundle(for: type(of: self)).url(forResource: name, withExtension: "zip")!), 1) }
                func testI() { XCTAssertEqual(parse(text: try! String(contentsOf: remote, encoding: .utf8)), 1) }
                func testJ() { XCTAssertEqual(size(UIImage(named: "Other", in: Bundle(for: ShopTests.self), compatibleWith: nil)!), 1) }
            }
            """
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "Shop"), .testTarget(name: "ShopTests", dependencies: ["Shop"])])
            """,
            "Sources/Shop/Shop.swift": "public func parse(_ url: URL) -> Int { 1 }\n",
            "Tests/ShopTests/ShopTests.swift": test,
            "Tests/ShopTests/Fixtures/TestCartfile": "x",
            "Tests/ShopTests/Fixtures/bb8.zip": "x",
            "Tests/ShopTests/Assets.xcassets/TestImage.imageset/Contents.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }

        // When: `litmus smells` reads the package
        let found = try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .trapInTest }.compactMap {
                $0.test?.rawValue.split(separator: ".").last.map(String.init)
            }

        // Then: only the near misses can trap
        #expect(found.sorted() == ["testF", "testG", "testH", "testI", "testJ"], "\(found)")
    }

    @Test(
        "trapInTest: a test helper that looks a resource up by the name it is given and reads it, called with the name of a file the package holds, is none; near misses are"
    )
    func resourceHelpers() throws {
        // Given: mapbox/turf-swift v4.0.0's `Fixture.geojsonData(from:)` (its bundle from a function of `#if SPM_TESTING
        // Bundle.module #else Bundle(for: self) #endif`) called as `try! Fixture.geojsonData(from: "point")!`, a helper
        // with two lookups joined by `??`; and near misses: a file the package does not hold, a name that is no literal,
        // a helper that parses what it read (its throw is the package's), one that reads the main bundle, one whose lookup
        // is not of its parameter, and one that unwraps with `try!` inside
        let fixture = """
            import Foundation
            import XCTest
            class Fixture {
                class func moduleBundle() -> Bundle {
                    #if SPM_TESTING
                    return Bundle.module
                    #else
                    return Bundle(for: self)
                    #endif
                }
                class func geojsonData(from name: String) throws -> Data? {
                    guard let path = moduleBundle().path(forResource: name, ofType: "geojson") else {
                        XCTAssert(false, "Fixture \\(name) not found.")
                        return nil
                    }
                    let filePath = URL(fileURLWithPath: path)
                    return try Data(contentsOf: filePath)
                }
                static func text(_ name: String) throws -> String? {
                    guard let url = Bundle.module.url(forResource: name, withExtension: "json") ?? Bundle(for: Fixture.self).url(forResource: name, withExtension: "json") else { return nil }
                    return try String(contentsOf: url, encoding: .utf8)
                }
                static func parsed(_ name: String) throws -> Shape? {
                    guard let path = Bundle.module.path(forResource: name, ofType: "geojson") else { return nil }
                    return try Shape.parse(Data(contentsOf: URL(fileURLWithPath: path)))
                }
                static func mainData(_ name: String) throws -> Data? {
                    guard let path = Bundle.main.path(forResource: name, ofType: "geojson") else { return nil }
                    return try Data(contentsOf: URL(fileURLWithPath: path))
                }
                static func fixed(_ name: String) throws -> Data? {
                    guard let path = Bundle.module.path(forResource: "point", ofType: "geojson") else { return nil }
                    return try Data(contentsOf: URL(fileURLWithPath: path))
                }
                static func forced(_ name: String) -> Data? {
                    guard let path = Bundle.module.path(forResource: name, ofType: "geojson") else { return nil }
                    return try! Data(contentsOf: URL(fileURLWithPath: path))
                }
            }
            """
        let test = """
            import Foundation
            import XCTest
            final class ShopTests: XCTestCase {
                func testA() { XCTAssertEqual(parse(try! Fixture.geojsonData(from: "point")!), 1) }
                func testB() { XCTAssertEqual(parse(text: try! Fixture.text("multi")!), 1) }
                func testC() { XCTAssertEqual(parse(try! Fixture.geojsonData(from: "missing")!), 1) }
                func testD() { XCTAssertEqual(parse(try! Fixture.geojsonData(from: name)!), 1) }
                func testE() { XCTAssertEqual(try! Fixture.parsed("point")!.count, 1) }
                func testF() { XCTAssertEqual(parse(try! Fixture.mainData("point")!), 1) }
                func testG() { XCTAssertEqual(parse(try! Fixture.fixed("other")!), 1) }
                func testH() { XCTAssertEqual(parse(Fixture.forced("point")!), 1) }
            }
            """
        let root = try temporaryFolder([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "Shop"), .testTarget(name: "ShopTests", dependencies: ["Shop"], resources: [.process("Fixtures")])])
            """,
            "Sources/Shop/Shop.swift":
                "public func parse(_ data: Data) -> Int { 1 }\npublic struct Shape { public static func parse(_ data: Data) throws -> Shape? { nil }; public var count: Int { 1 } }\n",
            "Tests/ShopTests/ShopTests.swift": test,
            "Tests/ShopTests/Fixture.swift": fixture,
            "Tests/ShopTests/Fixtures/point.geojson": "{}",
            "Tests/ShopTests/Fixtures/multi.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }

        // When: `litmus smells` reads the package
        let found = try SmellsReport.make(paths: [root.path], options: AuditOptions()).findings
            .filter { $0.kind == .trapInTest }.compactMap {
                $0.test?.rawValue.split(separator: ".").last.map(String.init)
            }

        // Then: only the near misses can trap
        #expect(found.sorted() == ["testC", "testD", "testE", "testF", "testG", "testH"], "\(found)")
    }
}
