// swift-tools-version: 6.1
// A fixture for the audit's typed facts (issue 48): tests shaped like the static findings that names and
// shapes got wrong on real packages, each beside a near miss that must still be reported. The typed
// facts of its test files are checked in (Tests/LitmusAuditTests/Resources/typed), so the unit tests read
// what the compiler says without compiling; `ComposableArchitecture` stands in for the library of that
// name (a TestStore whose actions assert), so the compiler names its declarations as it would the real one.
import PackageDescription

let package = Package(
    name: "TypedShapes",
    targets: [
        .target(name: "Shapes"),
        .target(name: "ComposableArchitecture"),
        .testTarget(name: "ShapesTests", dependencies: ["Shapes", "ComposableArchitecture"]),
    ]
)
