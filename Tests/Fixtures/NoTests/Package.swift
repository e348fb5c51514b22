// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a test target whose Tests/LinuxMain.swift runs checks
// of its own (as a LinuxMain running another framework, Spectre for one, does). The test binary does
// not speak XCTest's or Swift Testing's protocol: it rejects `--list-tests` by running its checks, and
// one of the three fails. The audit observes no test and must say so, never PASS.
import PackageDescription

let package = Package(
    name: "NoTests",
    targets: [
        .target(name: "NoTests"),
        .testTarget(name: "NoTestsTests", dependencies: ["NoTests"]),
    ]
)
