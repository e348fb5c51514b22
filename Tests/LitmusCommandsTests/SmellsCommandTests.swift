import ArgumentParser
import Foundation
import LitmusCommands
import LitmusModel
import Testing

@Suite("`litmus smells`: the static checks alone, on a package or loose files, with the audit's outputs")
struct SmellsCommandTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-smells-\(UUID().uuidString)")

    /// Writes `files` (relative path → text) under the root.
    private func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Runs `litmus smells arguments` and gives its exit status.
    private func run(_ arguments: [String]) async throws -> Int32 {
        let sut = try SmellsCommand.parse(arguments)
        do {
            try await sut.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    static let package = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Shop"),
                .testTarget(name: "ShopTests", dependencies: ["Shop"], exclude: ["Fixtures"]),
            ]
        )
        """
    static let tests = """
        import XCTest
        final class CartTests: XCTestCase {
            func testTotal() throws {
                // litmus:ignore trapInTest the fixture cart always loads
                let cart = try! Cart.load()
                print(cart)
                XCTAssertEqual(cart.total, 3)
            }
            func testEmpty() {}
        }
        """

    /// The code under test whose load the test's `try!` takes.
    static let cart = """
        public struct CartError: Error {}
        public struct Cart {
            public var total: Int
            public static func load() throws -> Cart {
                guard let total = Int("3") else { throw CartError() }
                return Cart(total: total)
            }
        }
        """

    @Test("A package's test targets are read without building: findings, exit 1, the JSON and SARIF written")
    func package() async throws {
        // Given a package whose test target has a trap, a print and an empty test, and an excluded fixture
        defer { try? FileManager.default.removeItem(at: root) }
        try write([
            "Package.swift": Self.package, "Tests/ShopTests/CartTests.swift": Self.tests,
            "Sources/Shop/Cart.swift": Self.cart,
            "Tests/ShopTests/Fixtures/Planted/Tests/X.swift":
                "import XCTest\nfinal class X: XCTestCase { func testX() {} }\n",
        ])
        let json = root.appendingPathComponent("smells.json")
        let sarif = root.appendingPathComponent("smells.sarif")

        // When
        let status = try await run([root.path, "--json", json.path, "--sarif", sarif.path])

        // Then: the empty test counts against S, the print is a hint (the number 3 too, only when
        // extraHints asks), the trap is ignored
        #expect(status == 1)
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json))
        #expect(
            report.findings.map(\.kind.rawValue).sorted() == [
                "emptyTest", "redundantPrint", "trapInTest",
            ])
        #expect(report.findings.first { $0.kind == .redundantPrint }?.hint == true)
        #expect(report.smells?.tests == 2 && report.smells?.files == 1)
        #expect(report.verdicts.map(\.letter) == [.fast, .selfValidating])
        #expect(report.findings.first { $0.kind == .trapInTest }?.ignored == "the fixture cart always loads")
        #expect(report.unmetThresholds == ["Self-validating: 1 finding, at most 0 allowed (maxSelfValidating)"])
        let log = try String(contentsOf: sarif, encoding: .utf8)
        #expect(log.contains("\"level\" : \"note\"") && log.contains("\"ruleId\" : \"redundantPrint\""))
        #expect(log.contains("\"justification\" : \"the fixture cart always loads\""))
    }

    @Test(
        "The manifest SwiftPM reads is the version-specific one of the highest version not above the compiler's")
    func versionSpecificManifest() async throws {
        // Given: Package.swift declares no test target; Package@swift-5.3.swift does, Package@swift-99.swift
        // (too new) another
        defer { try? FileManager.default.removeItem(at: root) }
        let target = { (name: String) in
            "// swift-tools-version: 5.3\nimport PackageDescription\nlet package = Package(name: \"Shop\", "
                + "targets: [.testTarget(name: \"\(name)\", path: \"Tests\")])\n"
        }
        try write([
            "Package.swift":
                "// swift-tools-version: 4.2\nimport PackageDescription\nlet package = Package(name: \"Shop\")\n",
            "Package@swift-5.3.swift": target("ShopTests"), "Package@swift-99.swift": target("FutureTests"),
            "Tests/CartTests.swift": Self.tests,
        ])
        let json = root.appendingPathComponent("smells.json")

        // When
        _ = try await run([root.path, "--json", json.path])

        // Then
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json))
        #expect(report.smells?.files == 1)
        #expect(report.findings.contains { $0.kind == .emptyTest })
    }

    @Test("magicNumber is reported only when extraHints asks; an unknown name there is refused, naming the known")
    func extraHints() async throws {
        // Given the tests with an unexplained 3, and two configuration files
        defer { try? FileManager.default.removeItem(at: root) }
        try write([
            "CartTests.swift": Self.tests, "on.json": #"{"extraHints": ["magicNumber"]}"#,
            "bad.json": #"{"extraHints": ["sensitiveEquality"]}"#,
        ])
        let file = root.appendingPathComponent("CartTests.swift").path
        let json = root.appendingPathComponent("smells.json")
        let kinds = { () throws -> [String] in
            try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json)).findings.map(\.kind.rawValue)
        }

        // When / Then
        _ = try await run([file, "--json", json.path])
        #expect(try !kinds().contains("magicNumber"))
        _ = try await run([file, "--json", json.path, "--config", root.appendingPathComponent("on.json").path])
        #expect(try kinds().contains("magicNumber"))
        #expect(throws: (any Error).self) {
            try AuditOptions.load(from: root.appendingPathComponent("bad.json"))
        }
        #expect(
            AuditOptions.extraHints.problem(
                {
                    var options = AuditOptions()
                    options.extraHints = ["sensitiveEquality"]
                    return options
                }())
                == "names sensitiveEquality, which is not a hint off by default (those are: eagerTest, magicNumber)")
    }

    @Test("Loose files pass under a threshold that allows their findings; --max-hints makes hints fail")
    func looseFiles() async throws {
        // Given one test file outside any package
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["CartTests.swift": Self.tests])
        let file = root.appendingPathComponent("CartTests.swift").path

        // When / Then
        #expect(try await run([file, "--max-self-validating", "1"]) == 0)
        #expect(try await run([file, "--max-self-validating", "1", "--max-hints", "0"]) == 1)
    }

    @Test("A package's tests are read as SwiftPM compiles them, SWIFT_PACKAGE defined; loose files without it")
    func swiftPackageCondition() async throws {
        // Given hkellaway/Gloss 3.2.1's set-up: its fixture made under SWIFT_PACKAGE, read from the bundle for Xcode
        defer { try? FileManager.default.removeItem(at: root) }
        let tests = """
            import XCTest
            final class CartTests: XCTestCase {
                var cart: Cart?
                override func setUp() {
                    #if SWIFT_PACKAGE
                    cart = Cart(total: 3)
                    #else
                    cart = Cart.fromBundle(named: "cart")
                    #endif
                }
                func testTotal() { XCTAssertEqual(cart!.total, 3) }
            }
            """
        try write([
            "Package.swift": Self.package, "Tests/ShopTests/CartTests.swift": tests,
            "Sources/Shop/Cart.swift": Self.cart,
            "Loose/CartTests.swift": tests,
        ])
        let json = root.appendingPathComponent("smells.json")
        func traps(_ path: String) async throws -> [String] {
            _ = try await run([root.appendingPathComponent(path).path, "--json", json.path])
            let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: json))
            return report.findings.filter { $0.kind == .trapInTest }.compactMap(\.test?.rawValue)
        }

        // When
        let package = try await traps(".")
        let loose = try await traps("Loose")

        // Then: in the package the set-up SwiftPM compiles makes the cart, so the unwrap cannot fail; loose files,
        // which another build may compile, keep the bundle's cart, which may be missing
        #expect(package.isEmpty, "\(package)")
        #expect(loose == ["CartTests.testTotal"], "\(loose)")
    }

    @Test("--build-path without --typed is refused as a usage error: only --typed reads a build")
    func buildPathAlone() {
        do {
            _ = try SmellsCommand.parse([root.path, "--build-path", root.appendingPathComponent(".build").path])
            Issue.record("--build-path without --typed was accepted")
        } catch {
            #expect(SmellsCommand.message(for: error).contains("--build-path names the build --typed reads"))
            #expect(SmellsCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test("A path that does not exist exits 2")
    func badPath() async throws {
        #expect(try await run([root.appendingPathComponent("missing").path]) == 2)
    }
}
