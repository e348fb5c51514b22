// swift-tools-version: 6.1
// A fixture for `litmus mutate`'s sanity check: its test clears LITMUS_MUTANT before it reaches the
// code, as a runner that does not pass the environment on would, so no mutant could ever be killed.
import PackageDescription

let package = Package(
    name: "Probe",
    targets: [
        .target(name: "Probe"),
        .testTarget(name: "ProbeTests", dependencies: ["Probe"]),
    ]
)
