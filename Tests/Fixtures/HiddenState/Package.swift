// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: order dependences whose shared state hides where a test's
// own source does not show it (a dependency module's static, a file at a path fixed for the process, an
// environment variable, the current directory, a lazily set global, a Swift Testing suite's trait), tests that
// share nothing, and a test that starts a process, whose footprint the audit cannot see. Its dependency is a
// local package beside it.
import PackageDescription

let package = Package(
    name: "HiddenState",
    dependencies: [.package(path: "../HiddenStateKit")],
    targets: [
        .target(name: "Greeter", dependencies: [.product(name: "HiddenStateKit", package: "HiddenStateKit")]),
        .testTarget(
            name: "HiddenStateTests",
            dependencies: ["Greeter", .product(name: "HiddenStateKit", package: "HiddenStateKit")]),
    ]
)
