// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a suite with nothing to find. Its dependency is a
// local package beside it, named by a relative path that the audit's scratch copy must still reach.
import PackageDescription

let package = Package(
    name: "Clean",
    dependencies: [.package(path: "../Punctuation")],
    targets: [
        .target(name: "Clean", dependencies: [.product(name: "Punctuation", package: "Punctuation")]),
        .testTarget(name: "CleanTests", dependencies: ["Clean"]),
    ]
)
