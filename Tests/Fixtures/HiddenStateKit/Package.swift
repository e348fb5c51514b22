// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a local dependency of HiddenState, whose static holds state
// that HiddenState's tests share without naming it in their own sources.
import PackageDescription

let package = Package(
    name: "HiddenStateKit",
    products: [.library(name: "HiddenStateKit", targets: ["HiddenStateKit"])],
    targets: [.target(name: "HiddenStateKit")]
)
