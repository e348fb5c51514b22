// swift-tools-version: 6.1
// Litmus: a testing toolkit for Swift on Linux and Apple platforms.
// docs/ARCHITECTURE.md describes this layout; keep both true together.
import PackageDescription

let package = Package(
    name: "Litmus",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "calculator", targets: ["CalculatorCLI"]),
        .library(name: "LitmusAudit", targets: ["LitmusAudit"]),
        .library(name: "LitmusAuditCommand", targets: ["LitmusAuditCommand"]),
        // TEMPORARY: the integrator mounts AuditCommand as `litmus audit` and removes this product.
        .executable(name: "litmus-audit", targets: ["litmus-audit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
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
        // MARK: Audit: `litmus audit` holds a package's tests to FIRST.
        .target(
            name: "LitmusAudit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "LitmusAuditCommand",
            dependencies: [
                "LitmusAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "litmus-audit", dependencies: ["LitmusAuditCommand"]),
        .testTarget(
            name: "LitmusAuditTests",
            dependencies: ["LitmusAudit", "LitmusAuditCommand"],
            resources: [.copy("Resources")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
