// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a local dependency of Clean, which names it by a
// path relative to itself (../Punctuation), as Litmus's own examples name Litmus.
import PackageDescription

let package = Package(
    name: "Punctuation",
    products: [.library(name: "Punctuation", targets: ["Punctuation"])],
    targets: [.target(name: "Punctuation")]
)
