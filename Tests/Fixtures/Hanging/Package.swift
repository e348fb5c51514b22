// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a test in each framework that never ends, so every
// process that runs it is killed at the audit's time limit (`--timeout`); the XCTest one first starts a
// helper with an environment of its own (without the audit's tag), which must end with the run.
import PackageDescription

let package = Package(
    name: "Hanging",
    targets: [
        .target(name: "Hanging"),
        .testTarget(name: "HangingTests", dependencies: ["Hanging"]),
    ]
)
