// swift-tools-version: 6.1
// A fixture for `litmus audit`'s end-to-end tests: a build tool plugin whose tool (Gen) writes a source
// file of the library at every build. SwiftPM links such a tool and runs the plugin again when the
// environment it builds in changes, so a second audit that builds the same way does neither.
import PackageDescription

let package = Package(
    name: "BuildPlugin",
    targets: [
        .executableTarget(name: "Gen"),
        .plugin(name: "GenPlugin", capability: .buildTool(), dependencies: ["Gen"]),
        .target(name: "Answer", plugins: ["GenPlugin"]),
        .testTarget(name: "AnswerTests", dependencies: ["Answer"]),
    ]
)
