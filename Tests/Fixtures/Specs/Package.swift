// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a QuickSpec that never runs on Linux.
import PackageDescription

let package = Package(
    name: "Specs",
    dependencies: [
        .package(url: "https://github.com/Quick/Quick", from: "7.6.2"),
        .package(url: "https://github.com/Quick/Nimble", from: "13.8.0"),
    ],
    targets: [
        .target(name: "Specs"),
        .testTarget(
            name: "SpecsTests",
            dependencies: [
                "Specs",
                .product(name: "Quick", package: "Quick"),
                .product(name: "Nimble", package: "Nimble"),
            ]
        ),
    ]
)
