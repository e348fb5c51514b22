// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: tests that keep their files in one fixed folder outside
// the package, as JohnSundell/Files's tests do with ~/.filesTest. One process at a time they pass; two test
// processes at once (the audit runs several; so does `swift test --parallel`) empty each other's folder.
// The audit must name that, the folder included, and not blame the tests' order or call them flaky.
import PackageDescription

let package = Package(
    name: "SharedFolder",
    targets: [
        .target(name: "Notes"),
        .testTarget(name: "NotesTests", dependencies: ["Notes"]),
    ]
)
