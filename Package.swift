// swift-tools-version: 6.1
// Litmus: a testing toolkit for Swift on Linux and Apple platforms.
// docs/ARCHITECTURE.md describes this layout; keep both true together.
import PackageDescription

let package = Package(
    name: "Litmus",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "calculator", targets: ["CalculatorCLI"]),
        .executable(name: "examples", targets: ["examples"]),
        .library(name: "ExamplesWeb", targets: ["ExamplesWeb"]),
        .library(name: "LitmusUI", targets: ["LitmusUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
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
        .testTarget(
            name: "CalculatorUITests",
            dependencies: ["ExamplesWeb", "LitmusUI"],
            path: "Examples/Calculator/UITests/CalculatorUITests"
        ),

        // MARK: The web front end: every example as a screen of one server.
        .target(
            name: "ExamplesWeb",
            dependencies: [
                "Calculator",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Examples/Web/Sources/ExamplesWeb"
        ),
        .executableTarget(
            name: "examples",
            dependencies: [
                "ExamplesWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Web/Sources/examples"
        ),
        .testTarget(
            name: "ExamplesWebTests",
            dependencies: [
                "ExamplesWeb",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Examples/Web/Tests/ExamplesWebTests"
        ),

        // MARK: LitmusUI: XCUITest's vocabulary over a real headless Chromium.
        .target(
            name: "LitmusUI",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .testTarget(
            name: "LitmusUITests",
            dependencies: ["LitmusUI"]
        ),

        // MARK: Benchmarks: executables that measure, never timed assertions.
        .executableTarget(
            name: "UIBenchmark",
            dependencies: ["ExamplesWeb", "LitmusUI"],
            path: "Benchmarks/UIBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
