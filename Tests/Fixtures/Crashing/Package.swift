// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a process crash in Swift Testing's parallel runs,
// which ends every test of the process. The audit must report one crash, naming the test that caused it,
// and not one flaky test per test that happened to be running.
import PackageDescription

let package = Package(
    name: "Crashing",
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
