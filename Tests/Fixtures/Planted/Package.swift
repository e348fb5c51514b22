// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: every FIRST problem planted once.
import PackageDescription

let package = Package(
    name: "Planted",
    targets: [
        .target(name: "Planted"),
        .testTarget(name: "PlantedTests", dependencies: ["Planted"]),
    ]
)
