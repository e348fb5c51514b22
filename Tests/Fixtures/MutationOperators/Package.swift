// swift-tools-version: 6.1
// A fixture for `litmus mutate`'s end-to-end tests: one function per mutation operator, each mutant
// killed by a test (docs/mutation.md).
import PackageDescription

let package = Package(
    name: "Operators",
    targets: [
        .target(name: "Operators"),
        .testTarget(name: "OperatorsTests", dependencies: ["Operators"]),
    ]
)
