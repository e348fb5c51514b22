// swift-tools-version: 6.2
// Litmus: a testing toolkit for Swift on Linux and Apple platforms. The examples that use it are
// packages of their own: Examples/Package.swift (the apps and their tests) and Examples/Web/Package.swift.
// docs/ARCHITECTURE.md describes this layout; keep both true together.
import CompilerPluginSupport
import Foundation
import PackageDescription

let package = Package(
    name: "Litmus",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "LitmusSpecs", targets: ["LitmusSpecs"]),
        .plugin(name: "LitmusSpecsPlugin", targets: ["LitmusSpecsPlugin"]),
        .library(name: "LitmusHTTPStubs", targets: ["LitmusHTTPStubs"]),
        .library(name: "LitmusHTTPStubServer", targets: ["LitmusHTTPStubServer"]),
        // The stub server as an HTTPS recording proxy: a per-run certificate authority, the only product that
        // builds swift-certificates and swift-crypto.
        .library(name: "LitmusHTTPStubCertificates", targets: ["LitmusHTTPStubCertificates"]),
        // The same stubs as a swift-openapi `ClientTransport`: the only product that builds OpenAPIRuntime.
        .library(name: "LitmusOpenAPIStubs", targets: ["LitmusOpenAPIStubs"]),
        .library(name: "LitmusUI", targets: ["LitmusUI"]),
        .library(name: "LitmusAudit", targets: ["LitmusAudit"]),
        .library(name: "LitmusCommands", targets: ["LitmusCommands"]),
        .library(name: "LitmusReport", targets: ["LitmusReport"]),
        .library(name: "LitmusModel", targets: ["LitmusModel"]),
        .executable(name: "litmus", targets: ["LitmusCLI"]),
        .executable(name: "litmus-har", targets: ["LitmusHARTool"]),
        // `swift package litmus …` (LitmusCommandPlugin). The plugin's tool is found by its target's name, which
        // SwiftPM builds as a product of that name: `litmus` again, under its target's name.
        .executable(name: "LitmusCLI", targets: ["LitmusCLI"]),
        .plugin(name: "LitmusCommandPlugin", targets: ["LitmusCommandPlugin"]),
        .library(name: "LitmusDoubles", targets: ["LitmusDoubles"]),
        .library(name: "LitmusDoublesMacro", targets: ["LitmusDoublesMacro"]),
        .plugin(name: "LitmusDoublesPlugin", targets: ["LitmusDoublesPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/Quick/Quick", from: "7.6.2"),
        .package(url: "https://github.com/Quick/Nimble", from: "14.0.0"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        // The history of runs (LitmusHistory): SQLite through GRDB; on Linux it links the system's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // LitmusOpenAPIStubs only (and its tests): no other target builds them.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // TLS in the stub server's CONNECT tunnels (AsyncHTTPClient builds it already).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // LitmusHTTPStubCertificates only (and its tests): the per-run certificate authority.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // MARK: Support: what every part needs once (source files, durations), `package` access, no product.
        // Foundation only: the plugins' tools and the runtimes link it without anything heavy.
        .target(name: "LitmusSupport", dependencies: ["LitmusReaper"]),
        // C: the reaper every child process starts under on Linux, a constructor of whatever executable links
        // LitmusSupport (Sources/LitmusReaper/reaper.c says why and how).
        .target(name: "LitmusReaper"),
        // The same reaper as a program of its own, built beside `litmus` (a dependency of LitmusCLI): it starts
        // without loading what `litmus` links (ReapedChild.program).
        .executableTarget(name: "litmus-reaper", dependencies: ["LitmusReaper"], path: "Sources/LitmusReaperTool"),
        .testTarget(name: "LitmusSupportTests", dependencies: ["LitmusSupport"]),
        // One adapter to XCTest and Swift Testing (IssueReporting) for doubles, HTTP stubs and UI; no product.
        .target(
            name: "LitmusTestReporting",
            dependencies: [.product(name: "IssueReporting", package: "xctest-dynamic-overlay")]
        ),

        // MARK: Specs: Quick specs run and counted by `swift test` on Linux (docs/specs.md).
        .target(
            name: "LitmusSpecs",
            dependencies: [.product(name: "Quick", package: "Quick")]
        ),
        .target(name: "LitmusSpecsScanner", dependencies: ["LitmusSupport"]),
        .executableTarget(
            name: "LitmusSpecsGenerator",
            dependencies: ["LitmusSpecsScanner", "LitmusSupport"]
        ),
        .plugin(
            name: "LitmusSpecsPlugin",
            capability: .buildTool(),
            dependencies: ["LitmusSpecsGenerator"]
        ),
        .testTarget(
            name: "LitmusSpecsTests",
            dependencies: [
                "LitmusSpecs",
                "LitmusSpecsScanner",
                "LitmusSupport",
                .product(name: "Quick", package: "Quick"),
                .product(name: "Nimble", package: "Nimble"),
            ],
            plugins: ["LitmusSpecsPlugin"]
        ),
        // MARK: Doubles: one generator, two front ends (macro; plugin and `litmus doubles`), one runtime.
        .target(
            name: "LitmusDoubles",
            dependencies: ["LitmusTestReporting"]
        ),
        .target(
            name: "LitmusDoublesGenerator",
            dependencies: [
                "LitmusSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // The parser's own messages for a file that does not parse, passed on as warnings.
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // `@Mockable`'s expansion, apart from the generator so that the plugin's tool and `litmus` do not
        // build SwiftSyntaxMacros and SwiftSyntaxBuilder.
        .target(
            name: "LitmusDoublesExpansion",
            dependencies: [
                "LitmusDoublesGenerator",
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "LitmusDoublesMacroPlugin",
            dependencies: [
                "LitmusDoublesExpansion",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "LitmusDoublesMacro", dependencies: ["LitmusDoubles", "LitmusDoublesMacroPlugin"]),
        .executableTarget(name: "LitmusDoublesTool", dependencies: ["LitmusDoublesGenerator", "LitmusSupport"]),
        .plugin(
            name: "LitmusDoublesPlugin",
            capability: .buildTool(),
            dependencies: ["LitmusDoublesTool"]
        ),
        .executableTarget(
            name: "LitmusCLI",
            dependencies: [
                "LitmusDoublesGenerator", "LitmusSupport",
                "LitmusCommands", "litmus-reaper",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `litmus-har inspect FILE`: an executable of its own, since LitmusHTTPStubs links the test frameworks
        // and IssueReportingTestSupport (a dynamic library of the build folder), which `litmus` must not need.
        .executableTarget(
            name: "LitmusHARTool",
            dependencies: ["LitmusHTTPStubs", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // LitmusHTTPStubServer: the live service `litmus-har verify`'s exit status is tested against.
        .testTarget(
            name: "LitmusCLITests",
            dependencies: ["LitmusHARTool", "LitmusHTTPStubServer", "LitmusHTTPStubs", "LitmusSupport"],
            exclude: ["Fixtures"]),
        // `swift package litmus VERB …`: `litmus` run in the package it is invoked in (docs/using-litmus.md).
        .plugin(
            name: "LitmusCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "litmus",
                    description: "Run litmus (audit, mutate, report, merge, history, doubles, clean) in this package.")),
            dependencies: ["LitmusCLI"]
        ),
        .target(name: "LitmusDoublesFixtures", path: "Tests/LitmusDoublesFixtures"),
        .testTarget(
            name: "LitmusDoublesGeneratorTests",
            dependencies: [
                "LitmusDoublesGenerator", "LitmusDoublesExpansion", "LitmusCLI", "LitmusSupport",
                // Built for StandardProtocolTableTests, which type-checks generated doubles against it.
                "LitmusDoubles",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),
        .testTarget(
            name: "LitmusDoublesTests",
            dependencies: [
                "LitmusDoublesMacro", "LitmusDoubles", "LitmusDoublesFixtures",
                // On Linux, IssueReporting reaches Swift Testing only through this library.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            plugins: [.plugin(name: "LitmusDoublesPlugin")]
        ),

        // MARK: Benchmarks: plain executables timed with ContinuousClock (run them with -c release).
        .executableTarget(
            name: "DoublesGenerationBenchmark",
            dependencies: [
                "LitmusDoublesGenerator", "LitmusSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Benchmarks/DoublesGenerationBenchmark"
        ),
        .executableTarget(
            name: "DoublesCallBenchmark",
            dependencies: ["LitmusDoubles", "LitmusSupport"],
            path: "Benchmarks/DoublesCallBenchmark"
        ),

        // MARK: HTTP stubs: session-scoped URLSession stubbing, and the same stubs over loopback HTTP.
        // JSON compared by meaning, shared by LitmusHTTPStubs and LitmusUI (`package` access, no product).
        .target(name: "LitmusJSON"),
        .target(
            name: "LitmusHTTPStubs",
            dependencies: [
                "LitmusJSON", "LitmusSupport", "LitmusTestReporting",
                // Linked so that IssueReporting (through LitmusTestReporting) reaches XCTest.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .target(
            name: "LitmusHTTPStubServer",
            dependencies: [
                "LitmusHTTPStubs",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // Terminates the TLS of CONNECT tunnels when given an HTTPSInterception.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // Records through the real client it stands in for (LitmusUI builds it already).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // A certificate authority made for one run, in memory, issuing the stub server's certificates for the
        // hosts tunnelled through it: HTTPS recorded through the server as a proxy.
        .target(
            name: "LitmusHTTPStubCertificates",
            dependencies: [
                "LitmusHTTPStubServer",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Reads an answer on AsyncHTTPClient's event loop, for the tests that serve HTTP on 127.0.0.1.
        .target(
            name: "HTTPClientTestSupport",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/HTTPClientTestSupport"
        ),
        .testTarget(
            name: "LitmusHTTPStubCertificatesTests",
            dependencies: [
                "HTTPClientTestSupport", "LitmusHTTPStubCertificates", "LitmusHTTPStubServer", "LitmusHTTPStubs",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(
            name: "LitmusHTTPStubsTests",
            dependencies: ["LitmusHTTPStubs", "LitmusJSON", "LitmusSupport"],
            resources: [.copy("Fixtures")]
        ),
        // Crashes on purpose: LitmusHTTPStubsTests runs it to pin that Linux's wasRedirectedTo is fatal.
        .executableTarget(name: "URLSessionQuirkProbe", path: "Tests/URLSessionQuirkProbe"),
        .testTarget(
            name: "LitmusHTTPStubServerTests",
            dependencies: [
                "HTTPClientTestSupport", "LitmusHTTPStubServer", "LitmusSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // A swift-openapi `ClientTransport` serving an HTTPStubs registry; the only target importing OpenAPIRuntime.
        .target(
            name: "LitmusOpenAPIStubs",
            dependencies: [
                "LitmusHTTPStubs",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Its tests drive a client generated once from Generated/openapi.yaml (Generated/README.md says how).
        .testTarget(
            name: "LitmusOpenAPIStubsTests",
            dependencies: [
                "LitmusOpenAPIStubs", "LitmusHTTPStubs",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Generated/openapi.yaml", "Generated/openapi-generator-config.yaml", "Generated/README.md"],
            resources: [.copy("Recordings")]
        ),
        .executableTarget(
            name: "HTTPStubsBenchmark",
            dependencies: ["LitmusHTTPStubs", "LitmusHTTPStubServer", "LitmusSupport"],
            path: "Benchmarks/HTTPStubsBenchmark"
        ),
        // MARK: LitmusUI: XCUITest's vocabulary over a real headless Chromium.
        .target(
            name: "LitmusUI",
            dependencies: [
                "LitmusJSON", "LitmusSupport", "LitmusTestReporting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // One WebSocket per session straight to Chromium's DevTools, for taps and page-script calls.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // The page script and the UI trace's viewer, embedded in the code: a command-line tool has no bundle
            // to look them up in.
            resources: [.embedInCode("Resources/PageScript.js"), .embedInCode("Resources/TraceViewer.html")]
        ),
        .testTarget(
            name: "LitmusUITests",
            // The stub server serves the trace tests' page over HTTP, so that their traces hold requests.
            dependencies: ["LitmusUI", "LitmusJSON", "LitmusSupport", "LitmusHTTPStubs", "LitmusHTTPStubServer"]
        ),

        // MARK: Model: the values the tools exchange and write (reports, findings, tests, options): Codable only.
        .target(name: "LitmusModel", dependencies: ["LitmusJSON", "LitmusSupport"]),

        // MARK: Running a package: its copy and build folder, the build, the test binary and its processes,
        // what both tools (audit and mutation) build on.
        .target(
            name: "LitmusRunning",
            dependencies: [
                "LitmusModel", "LitmusSupport",
                // The manifest's local dependencies are read from its syntax (LocalDependencies).
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            // The footprint observer the audit adds to its copy of a package (FootprintObserver).
            resources: [.embedInCode("Resources/FootprintObserver.swift")]
        ),

        // MARK: Audit: `litmus audit` holds a package's tests to FIRST.
        .target(
            name: "LitmusAudit",
            dependencies: [
                "LitmusModel", "LitmusRunning", "LitmusSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        // MARK: History: the runs of every audit and mutation run in one SQLite file, and the verdicts they add
        // up to (flip rates, the findings, quarantine advice, the trend) (docs/history.md).
        .target(
            name: "LitmusHistory",
            dependencies: [
                "LitmusModel", "LitmusSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "AuditTierBenchmark",
            dependencies: ["LitmusSupport"],
            path: "Benchmarks/AuditTierBenchmark"
        ),
        .executableTarget(
            name: "AnalysisBenchmark",
            dependencies: ["LitmusAudit"],
            path: "Benchmarks/AnalysisBenchmark"
        ),
        .executableTarget(
            name: "HistoryBenchmark",
            dependencies: ["LitmusHistory", "LitmusModel", "LitmusSupport"],
            path: "Benchmarks/HistoryBenchmark"
        ),
        .testTarget(
            name: "LitmusHistoryTests",
            dependencies: ["LitmusHistory", "LitmusModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // MARK: Commands: `litmus audit`, `mutate`, `merge`, `report`, `history` and `clean`, their shared
        // options and outputs, one mapping from errors to exit codes.
        .target(
            name: "LitmusCommands",
            dependencies: [
                "LitmusAudit", "LitmusHistory", "LitmusMutation", "LitmusModel", "LitmusReport", "LitmusSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // MARK: Mutation: `litmus mutate` changes the code and checks that some test notices (docs/mutation.md).
        .target(
            name: "LitmusMutation",
            dependencies: [
                "LitmusRunning", "LitmusModel", "LitmusSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "MutationBenchmark",
            dependencies: ["LitmusMutation", "LitmusAudit", "LitmusSupport"],
            path: "Benchmarks/MutationBenchmark"
        ),
        .testTarget(
            name: "LitmusMutationTests",
            dependencies: [
                "LitmusMutation", "LitmusCommands", "LitmusReport", "LitmusAudit", "LitmusRunning", "LitmusSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tools' tests mirror their modules: the audit's in folders named after its stages (and EndToEnd/, the
        // fixture audits), the values, the running of a package and the commands in targets of their own.
        .testTarget(
            name: "LitmusAuditTests",
            dependencies: [
                "LitmusAudit", "LitmusCommands", "LitmusMutation", "LitmusReport", "LitmusRunning", "LitmusSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "LitmusModelTests", dependencies: ["LitmusModel", "LitmusSupport"]),
        .testTarget(
            name: "LitmusRunningTests",
            dependencies: [
                "LitmusRunning", "LitmusModel", "LitmusSupport", .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "LitmusCommandsTests",
            dependencies: [
                "LitmusCommands", "LitmusAudit", "LitmusReport", "LitmusSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Report: one self-contained HTML page of an audit and a mutation run (docs/report.md).
        // The page's markup, styles and script are resources embedded in the code: no Bundle lookup.
        .target(
            name: "LitmusReport",
            dependencies: ["LitmusModel", "LitmusSupport"],
            resources: [
                .embedInCode("Resources/report.html"), .embedInCode("Resources/report.css"),
                .embedInCode("Resources/report.js"), .embedInCode("Resources/report-table.js"),
            ]
        ),
        .testTarget(
            name: "LitmusReportTests",
            dependencies: ["LitmusReport", "LitmusAudit", "LitmusCommands", "LitmusUI"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "HTMLReportBenchmark",
            dependencies: ["LitmusReport", "LitmusAudit", "LitmusUI", "LitmusSupport"],
            path: "Benchmarks/HTMLReportBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// DocC: `scripts/docs` sets LITMUS_DOCC=1 to add swift-docc-plugin for `swift package
// generate-documentation`; a package that depends on Litmus never resolves or builds it.
if ProcessInfo.processInfo.environment["LITMUS_DOCC"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
