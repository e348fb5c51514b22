// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a test that starts a process and never ends it (the
// audit must name it and end what it left), and a test that checks it starts as under `swift test`, with
// no signal blocked (Foundation's Process once passed the spawning thread's mask on to test processes).
import PackageDescription

let package = Package(
    name: "Leaky",
    targets: [
        .target(name: "Helper"),
        .testTarget(name: "HelperTests", dependencies: ["Helper"]),
    ]
)
