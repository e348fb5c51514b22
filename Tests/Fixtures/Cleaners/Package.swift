// swift-tools-version: 6.1
// A fixture for `litmus audit --fixes` (docs/audit.md): order-dependent tests with the helpers a fix
// needs. A victim whose cleaner runs after it (its statements, in the victim's setUp(), fix it), a
// brittle test whose state-setter has a statement it does not need, and a victim no test cleans.
import PackageDescription

let package = Package(
    name: "Shop",
    targets: [
        .target(name: "Shop"),
        .testTarget(name: "ShopTests", dependencies: ["Shop"]),
    ]
)
