// swift-tools-version: 6.1
// A fixture for `litmus mutate`'s survivor hints (docs/mutation.md): a small shop whose tests run every
// line but miss a boundary, an operand, a side effect and a default, so that mutants of each family
// survive and the hints say which check each needs.
import PackageDescription

let package = Package(
    name: "Shop",
    targets: [
        .target(name: "Shop"),
        .testTarget(name: "ShopTests", dependencies: ["Shop"]),
    ]
)
