import Foundation
import LitmusSupport
import Testing

/// docs/using-litmus.md followed to the letter: a new package depends on a clone of this repository by
/// URL and the version `litmus --version` prints, uses LitmusDoubles through its plugin, LitmusHTTPStubs
/// and LitmusSpecs through its plugin, builds and passes its tests, and runs `swift package litmus` (the
/// command plugin). Slow: it builds Litmus's products, swift-syntax (for the doubles' plugin) and
/// `litmus` from nothing, and audits the consumer with `swift package litmus audit`.
///
/// The consumer is built and tested the way its audit builds it (`--enable-code-coverage`), in the audit's
/// build folder (`--build-path`): the audit, and the mutation run after it, then compile only the package's
/// own targets. Before, the audit compiled every dependency a second time in a folder of its own, a third
/// of this test's time. The `swift package` calls keep a build folder of their own: SwiftPM locks the one it
/// runs in while the plugin runs, and the audit's `swift build` would wait on that lock for good.
@Suite("A package that depends on Litmus by version builds and tests", .tags(.endToEnd))
struct ConsumerPackageEndToEndTests {
    @Test("A consumer package by file:// URL and version builds, runs its specs, and holds no build output")
    func consumerBuildsAndTests() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let version = LitmusVersion.current

        // Given: a bare clone of this checkout's commit, tagged with the version.
        let head = try await run(["git", "rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = scratch.appendingPathComponent("litmus.git")
        _ = try await run(["git", "clone", "--bare", "--quiet", root.path, bare.path], in: scratch)
        _ = try await run(["git", "-C", bare.path, "tag", "-f", version, head], in: scratch)
        // … and a package that depends on it as docs/using-litmus.md says.
        let consumer = scratch.appendingPathComponent("Shop")
        var files = Self.consumerFiles(litmusURL: bare.absoluteString, version: version)
        // The build options scripts/test gives a consumer's builds (LITMUS_CONSUMER_BUILD_OPTIONS: a debug build with no
        // debug information), given to every build of the consumer as a package's CI gives them: to `swift build`, to
        // `swift package` (the plugin's build of `litmus`) and, through `.litmus-audit.json`, to the audit's.
        let options = (ProcessInfo.processInfo.environment["LITMUS_CONSUMER_BUILD_OPTIONS"] ?? "").split(separator: " ")
            .map(String.init)
        if !options.isEmpty {
            let configuration = try JSONSerialization.data(withJSONObject: ["buildArguments": options])
            files[".litmus-audit.json"] = String(decoding: configuration, as: UTF8.self)
        }
        for (path, text) in files {
            let file = consumer.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        // When: it is built and tested, its build output, SwiftPM's caches and swift's temporary files
        // kept in the scratch folder.
        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let caches = [
            "--cache-path", scratch.appendingPathComponent("cache").path, "--manifest-cache", "local",
        ]
        // The audit's builds use the module cache every build of Litmus's shares (in the cache folder the audit is
        // given below, or LITMUS_MODULE_CACHE's, which scripts/test sets): the consumer's builds use it too, so the
        // audit's build has the same compiler options and the plugin's build of `litmus` reads modules made once.
        let cacheHome = scratch.appendingPathComponent("cache-home")
        let moduleCache = SharedModuleCache.buildArguments(
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cacheHome.path]) { $1 })
        let places =
            [
                "--package-path", consumer.path, "--scratch-path", scratch.appendingPathComponent("build").path,
            ] + caches + options + moduleCache
        let auditFolder = scratch.appendingPathComponent("audit-build")
        let auditBuild =
            [
                "--package-path", consumer.path, "--scratch-path", auditFolder.appendingPathComponent("build").path,
                "--enable-code-coverage",
            ] + moduleCache + caches + options
        let clock = ContinuousClock()
        var last = clock.now
        /// Prints how long the step since the last call took, so a slow CI run says where its time went.
        func took(_ step: String) {
            print("Consumer package: \(step) took \((clock.now - last).inSeconds) s")
            last = clock.now
        }
        _ = try await run(["swift", "build", "--build-tests"] + auditBuild, in: scratch, temporary: temporary)
        took("swift build --build-tests --enable-code-coverage")
        let test = try await run(["swift", "test", "--skip-build"] + auditBuild, in: scratch, temporary: temporary)
        took("swift test --skip-build --enable-code-coverage")
        // A build with coverage instruments its host tools too, and one of them, run in the package's folder,
        // writes its counters to `default.profraw` there: this test's doing, not Litmus's (the audit builds a
        // copy). It goes, so that the check at the end holds Litmus's own commands to leaving nothing there.
        try? FileManager.default.removeItem(at: consumer.appendingPathComponent("default.profraw"))

        // Then: the two XCTest tests, the spec's one example and its generated check all ran and passed.
        #expect(test.contains("Executed 4 tests, with 0 failures"), "swift test printed:\n\(test)")
        // The command plugin runs litmus in the package; an unknown command is refused by name.
        let plugin = try await run(
            ["swift", "package"] + places + ["litmus", "--version"], in: scratch, temporary: temporary)
        took("swift package litmus --version")
        let printed = plugin.split(separator: "\n").map(String.init)
        #expect(printed.contains(version), "swift package litmus --version printed:\n\(plugin)")
        let unknown = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package"] + places + ["litmus", "frobnicate"], in: scratch,
            environment: ["TMPDIR": temporary.path], timeout: 3600)
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("swift package litmus has no command 'frobnicate'"), "\(unknown.output)")
        // `swift package litmus audit` audits the package it is run in: every test observed, and its build
        // folder the one given (outside the package, where the consumer was built above).
        let report = scratch.appendingPathComponent("audit.json")
        let kept = ["--build-path", auditFolder.path]
        let audit = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package"] + places + ["litmus", "audit", "--quiet", "--json", report.path] + kept, in: scratch,
            environment: [
                "TMPDIR": temporary.path, "XDG_CACHE_HOME": cacheHome.path,
            ], timeout: 3600)
        took("swift package litmus audit")
        #expect(audit.status == 0, "swift package litmus audit printed:\n\(audit.output)")
        // … and it compiled none of the dependencies the consumer's own build compiled there, only the copy's own
        // module (at a path of its own: the check that the log is the build's, in the form it is read in).
        let auditLog = try String(contentsOf: auditFolder.appendingPathComponent("last-build.log"), encoding: .utf8)
        #expect(auditLog.contains("Compiling Shop "), "the audit's build log:\n\(auditLog.suffix(4000))")
        for dependency in ["Nimble", "Quick", "SwiftSyntax", "LitmusHTTPStubs"] {
            #expect(
                !auditLog.contains("Compiling \(dependency) "),
                "the audit compiled \(dependency) again:\n\(auditLog.suffix(4000))")
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any],
            "swift package litmus audit wrote no report:\n\(audit.output)")
        // Where the audit's own time went (its wall time, its build, each phase), so a slow CI run says so.
        let phases = (json["phases"] as? [[String: Any]] ?? []).compactMap { phase -> String? in
            guard let name = phase["phase"] as? String, let seconds = phase["seconds"] as? Double else { return nil }
            return "\(name) \(String(format: "%.1f", seconds)) s"
        }
        print(
            "Consumer package: the audit's report: \(json["wallSeconds"] ?? "?") s, build \(json["buildSeconds"] ?? "?") s;"
                + " phases: \(phases.joined(separator: ", "))")
        // The two XCTest tests, and the spec as the one test XCTest lists for it (its generated
        // `BasketSpec_Examples`, whose run runs the spec's examples): docs/audit.md, neverRan.
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(
            Set(tests.compactMap { $0["name"] as? String }) == [
                "BasketTests.testTotal_twoItems_addsTheirPrices", "BasketTests.testName_stubbedItem_isTheBody",
                "BasketSpec_Examples.testSpecDefinesExamples",
            ], "the audit observed:\n\(audit.output)")
        #expect(json["unobservedSuite"] == nil || json["unobservedSuite"] is NSNull)
        #expect((json["package"] as? String)?.contains("Shop") == true)
        // A mutation run through the plugin, after the audit (its build reused), writing outside the package.
        // The other verbs go through the same forwarding (LitmusCommandPluginTests checks that the plugin
        // lets every verb through), and each `swift package` call costs SwiftPM's check of the whole build:
        // they are tested on the built `litmus` in their own suites.
        let mutation = scratch.appendingPathComponent("mutation.json")
        let mutating = try await run(
            ["swift", "package"] + places + ["litmus", "mutate", "--quiet", "--json", mutation.path] + kept,
            in: scratch,
            temporary: temporary, environment: ["XDG_CACHE_HOME": cacheHome.path])
        took("swift package litmus mutate")
        let stryker = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: mutation)) as? [String: Any],
            "swift package litmus mutate wrote no report:\n\(mutating)")
        let mutants = (stryker["files"] as? [String: [String: Any]])?.values.flatMap {
            $0["mutants"] as? [[String: Any]] ?? []
        }
        #expect(mutants?.isEmpty == false, "swift package litmus mutate printed:\n\(mutating)")
        // Litmus was resolved by the version, from the clone.
        let resolved = try String(contentsOf: consumer.appendingPathComponent("Package.resolved"), encoding: .utf8)
        print("Consumer's Package.resolved:\n\(resolved)")
        #expect(resolved.contains("\"identity\" : \"litmus\""))
        #expect(resolved.contains("\"version\" : \"\(version)\""))
        // The consumer's folder holds its own files and the lock file, no build output.
        let left = try FileManager.default.subpathsOfDirectory(atPath: consumer.path).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: consumer.appendingPathComponent(path).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }
        #expect(Set(left) == Set(files.keys).union(["Package.resolved"]))
    }

    /// Runs a command through `env`, failing the test with its output unless it exits 0; returns the output.
    private func run(
        _ arguments: [String], in folder: URL, temporary: URL? = nil, environment: [String: String] = [:]
    ) async throws -> String {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, in: folder,
            environment: environment.merging(temporary.map { ["TMPDIR": $0.path] } ?? [:]) { $1 }, timeout: 3600)
        try #require(result.status == 0, "\(arguments.joined(separator: " ")) failed:\n\(result.output)")
        return result.output
    }

    /// The consumer package's files by path: one library with a protocol and a URLSession call, an
    /// XCTest class using a generated double and HTTP stubs, and a QuickSpec.
    static func consumerFiles(litmusURL: String, version: String) -> [String: String] {
        [
            "Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Shop",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [
                    .package(url: "\(litmusURL)", from: "\(version)"),
                    .package(url: "https://github.com/Quick/Quick", from: "7.6.2"),
                    .package(url: "https://github.com/Quick/Nimble", from: "14.0.0"),
                ],
                targets: [
                    .target(name: "Shop"),
                    .testTarget(
                        name: "ShopTests",
                        dependencies: [
                            "Shop",
                            .product(name: "LitmusDoubles", package: "litmus"),
                            .product(name: "LitmusHTTPStubs", package: "litmus"),
                            .product(name: "LitmusSpecs", package: "litmus"),
                            .product(name: "Quick", package: "Quick"),
                            .product(name: "Nimble", package: "Nimble"),
                        ],
                        plugins: [
                            .plugin(name: "LitmusDoublesPlugin", package: "litmus"),
                            .plugin(name: "LitmusSpecsPlugin", package: "litmus"),
                        ]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """,
            "Sources/Shop/Shop.swift": """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            public protocol PriceList {
                func price(of item: String) -> Int
            }

            public struct Basket {
                let prices: any PriceList
                public init(prices: any PriceList) { self.prices = prices }
                public func total(of items: [String]) -> Int { items.reduce(0) { $0 + prices.price(of: $1) } }
            }

            public struct Catalog: Sendable {
                let session: URLSession
                public init(session: URLSession) { self.session = session }
                public func name(ofItem id: Int) async throws -> String {
                    let (data, _) = try await session.data(from: URL(string: "https://shop.example/items/\\(id)")!)
                    return String(decoding: data, as: UTF8.self)
                }
            }

            """,
            "Tests/ShopTests/BasketTests.swift": """
            import LitmusDoubles
            import LitmusHTTPStubs
            import XCTest
            @testable import Shop

            final class BasketTests: XCTestCase {
                func testTotal_twoItems_addsTheirPrices() {
                    let prices = PriceListMock(mode: .strict)
                    prices.double.price.handler = { item in item == "tea" ? 3 : 4 }
                    XCTAssertEqual(Basket(prices: prices).total(of: ["tea", "cake"]), 7)
                    prices.double.price.verify(calledTimes: 2)
                }

                func testName_stubbedItem_isTheBody() async throws {
                    let stubs = makeHTTPStubs()
                    stubs.stub(.path("/items/7"), .string("Tea"))
                    let name = try await Catalog(session: stubs.session()).name(ofItem: 7)
                    XCTAssertEqual(name, "Tea")
                }
            }

            """,
            "Tests/ShopTests/BasketSpec.swift": """
            import Nimble
            import Quick
            @testable import Shop

            final class BasketSpec: QuickSpec {
                override class func spec() {
                    describe("an empty basket") {
                        it("costs nothing") {
                            expect(Basket(prices: PriceListMock()).total(of: [])).to(equal(0))
                        }
                    }
                }
            }

            """,
        ]
    }
}
