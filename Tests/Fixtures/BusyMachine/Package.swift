// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a test slow only in the first two processes that run
// it, as a test is on a machine busy with other work, and a test slow in every run.
import PackageDescription

let package = Package(
    name: "BusyMachine",
    targets: [
        .target(name: "Tally"),
        .testTarget(name: "TallyTests", dependencies: ["Tally"]),
    ]
)
