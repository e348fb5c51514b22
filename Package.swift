// swift-tools-version: 6.1
// Litmus: a testing toolkit for Swift on Linux and Apple platforms.
// docs/ARCHITECTURE.md describes this layout; keep both true together.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Litmus",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "calculator", targets: ["CalculatorCLI"]),
        .executable(name: "litmus", targets: ["LitmusCLI"]),
        .library(name: "LitmusDoubles", targets: ["LitmusDoubles"]),
        .library(name: "LitmusMockable", targets: ["LitmusMockable"]),
        .plugin(name: "LitmusMocksPlugin", targets: ["LitmusMocksPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    ],
    targets: [
        // MARK: Doubles: one generator, two front ends (macro; plugin and `litmus mocks`), one runtime.
        .target(
            name: "LitmusDoubles",
            dependencies: [.product(name: "IssueReporting", package: "xctest-dynamic-overlay")]
        ),
        .target(
            name: "LitmusDoublesGenerator",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "LitmusDoublesMacros",
            dependencies: [
                "LitmusDoublesGenerator",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "LitmusMockable", dependencies: ["LitmusDoubles", "LitmusDoublesMacros"]),
        .executableTarget(name: "LitmusMocksTool", dependencies: ["LitmusDoublesGenerator"]),
        .plugin(
            name: "LitmusMocksPlugin",
            capability: .buildTool(),
            dependencies: ["LitmusMocksTool"]
        ),
        .executableTarget(
            name: "LitmusCLI",
            dependencies: [
                "LitmusDoublesGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "LitmusDoublesFixtures", path: "Tests/LitmusDoublesFixtures"),
        .testTarget(
            name: "LitmusDoublesGeneratorTests",
            dependencies: [
                "LitmusDoublesGenerator",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),
        .testTarget(
            name: "LitmusDoublesTests",
            dependencies: [
                "LitmusMockable", "LitmusDoubles", "LitmusDoublesFixtures",
                // On Linux, IssueReporting reaches Swift Testing only through this library.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            plugins: [.plugin(name: "LitmusMocksPlugin")]
        ),

        // MARK: Benchmarks: plain executables timed with ContinuousClock (run them with -c release).
        .executableTarget(
            name: "DoublesGenerationBenchmark",
            dependencies: [
                "LitmusDoublesGenerator",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Benchmarks/DoublesGenerationBenchmark"
        ),
        .executableTarget(
            name: "DoublesCallBenchmark",
            dependencies: ["LitmusDoubles"],
            path: "Benchmarks/DoublesCallBenchmark"
        ),

        // MARK: Examples: the seed articles' apps, their tests and their front ends.
        .target(
            name: "Calculator",
            path: "Examples/Calculator/Sources/Calculator",
            resources: [.copy("Resources/ButtonConfiguration.json")]
        ),
        .executableTarget(
            name: "CalculatorCLI",
            dependencies: [
                "Calculator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Calculator/Sources/CalculatorCLI"
        ),
        .testTarget(
            name: "CalculatorTests",
            dependencies: [
                "Calculator",
                "CalculatorCLI",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Examples/Calculator/Tests/CalculatorTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
