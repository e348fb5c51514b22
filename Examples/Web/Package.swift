// swift-tools-version: 6.2
// The examples as one web app (`swift run --package-path Examples/Web examples`) and the UI tests that
// drive it in headless Chromium through LitmusUI. A package of its own so that the examples' package
// (..) builds without Hummingbird and AsyncHTTPClient.
import PackageDescription

let package = Package(
    name: "LitmusExamplesWeb",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "examples", targets: ["examples"]),
        .library(name: "ExamplesWeb", targets: ["ExamplesWeb"]),
    ],
    dependencies: [
        .package(name: "Litmus", path: "../.."),
        .package(name: "LitmusExamples", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "ExamplesWeb",
            dependencies: [
                .product(name: "Calculator", package: "LitmusExamples"),
                .product(name: "CashRegister", package: "LitmusExamples"),
                .product(name: "FitNess", package: "LitmusExamples"),
                .product(name: "Movies", package: "LitmusExamples"),
                .product(name: "AlbumSearch", package: "LitmusExamples"),
                .product(name: "Settings", package: "LitmusExamples"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Stops the server gracefully: cancelling its task can kill the process (swift-nio#3481).
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "examples",
            dependencies: [
                "ExamplesWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ExamplesWebTests",
            dependencies: [
                "ExamplesWeb",
                .product(name: "AlbumSearch", package: "LitmusExamples"),
                .product(name: "CashRegister", package: "LitmusExamples"),
                .product(name: "FitNess", package: "LitmusExamples"),
                .product(name: "Movies", package: "LitmusExamples"),
                .product(name: "Settings", package: "LitmusExamples"),
                .product(name: "LitmusHTTPStubs", package: "Litmus"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // HAR record and replay against a real Hummingbird server started by the tests (this package already
        // builds Hummingbird and AsyncHTTPClient; the toolkit must not build Hummingbird).
        .testTarget(
            name: "HTTPRecordingTests",
            dependencies: [
                .product(name: "LitmusHTTPStubs", package: "Litmus"),
                .product(name: "LitmusHTTPStubServer", package: "Litmus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // MARK: UI tests: seed 000's, and one journey per other example.
        // How UI tests and the benchmark launch the app: a server of its own per launch.
        .target(
            name: "ExampleLauncher",
            dependencies: ["ExamplesWeb", .product(name: "LitmusUI", package: "Litmus")],
            path: "UITests/ExampleLauncher"
        ),
        .testTarget(
            name: "CalculatorUITests",
            dependencies: ["ExampleLauncher", .product(name: "LitmusUI", package: "Litmus")],
            path: "UITests/CalculatorUITests"
        ),
        .testTarget(
            name: "ExampleJourneyUITests",
            dependencies: [
                "ExampleLauncher",
                "ExamplesWeb",
                .product(name: "LitmusUI", package: "Litmus"),
                .product(name: "LitmusHTTPStubs", package: "Litmus"),
                .product(name: "AlbumSearch", package: "LitmusExamples"),
                .product(name: "Calculator", package: "LitmusExamples"),
                .product(name: "Settings", package: "LitmusExamples"),
            ],
            path: "UITests/ExampleJourneyUITests",
            // The screens' accessibility snapshots, read from the source folder by the tests (not resources).
            exclude: ["__Snapshots__"]
        ),
        // MARK: Benchmark: the seed 000 UI suite's wall time and per-action latency (never a timed assertion).
        .executableTarget(
            name: "UIBenchmark",
            dependencies: ["ExampleLauncher", .product(name: "LitmusUI", package: "Litmus")],
            path: "Benchmarks/UIBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
