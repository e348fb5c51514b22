// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests of hostile output: tests whose names, failure
// messages and printed output hold control characters, `]]>`, quotes, a 10 kB line and bytes that are
// not UTF-8; a test that traps with such a message; a test that prints a lot (LITMUS_FIXTURE_OUTPUT_MB,
// 2 MB unless set); and a test that closes its standard output. Every report of its audit must stay
// valid, the chatty test cost time in proportion to its output, and the closed output count as one crash.
import PackageDescription

let package = Package(
    name: "Hostile",
    targets: [
        .target(name: "Echo"),
        .testTarget(name: "EchoTests", dependencies: ["Echo"]),
    ]
)
