// swift-tools-version: 6.1
// A fixture for `litmus mutate`'s end-to-end tests: one function per mutant status (docs/mutation.md).
import PackageDescription

let package = Package(
    name: "Ledger",
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
