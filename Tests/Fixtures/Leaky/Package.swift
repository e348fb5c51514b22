// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: tests that leave a process running (one with an
// environment of its own, so without the audit's tag, and a sleep in a session of its own), a server
// listening on a port, a file in the package and one in the temporary folder (the audit must name each and
// remove what they left), one that cleans up after itself (never named), and a test that checks it starts
// as under `swift test`, with no signal blocked (Foundation's Process once passed the spawning thread's mask
// on to test processes).
import PackageDescription

let package = Package(
    name: "Leaky",
    targets: [
        .target(name: "Helper"),
        .testTarget(name: "HelperTests", dependencies: ["Helper"]),
    ]
)
