// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a package whose tests build only as its CI builds them.
// Tests/LinuxMain.swift still calls `StaleTests.__allTests()`, a list the package no longer generates, so
// `swift build --build-tests` fails on Linux; `--enable-test-discovery` (its workflow passes it) makes SwiftPM
// ignore LinuxMain.swift. Its tests also hold one case of the never-run family each that a run can show.
import PackageDescription

let package = Package(
    name: "StaleLinuxMain",
    targets: [
        .target(name: "Stale"),
        .testTarget(name: "StaleTests", dependencies: ["Stale"]),
    ]
)
