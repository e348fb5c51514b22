// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a suite with nothing to find.
import PackageDescription

let package = Package(
    name: "Clean",
    targets: [
        .target(name: "Clean"),
        .testTarget(name: "CleanTests", dependencies: ["Clean"]),
    ]
)
