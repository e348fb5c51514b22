import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("Local dependencies in the scratch copy's manifest")
struct LocalDependenciesTests {
    let folder = URL(fileURLWithPath: "/work/repo/Examples")

    @Test("A path leading out of the package becomes the absolute path of the folder it names")
    func outside() {
        let manifest = """
            let package = Package(
                name: "App",
                dependencies: [
                    .package(name: "Litmus", path: ".."),
                    .package(path: "../../Shared/Kit"),
                ]
            )
            """
        let sut = LocalDependencies.absolutized(manifest, packageFolder: folder)
        #expect(
            sut == """
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(name: "Litmus", path: "/work/repo"),
                        .package(path: "/work/Shared/Kit"),
                    ]
                )
                """)
    }

    @Test("Absolute paths, paths inside the package, URLs and other calls' path arguments stay as written")
    func untouched() {
        let manifest = """
            let package = Package(
                name: "App",
                dependencies: [
                    .package(path: "/opt/Kit"),
                    .package(path: "Vendor/Kit"),
                    .package(path: "./Vendor/../Other"),
                    .package(url: "https://example.com/a.git", from: "1.0.0"),
                ],
                targets: [.target(name: "A", path: "../Sources/A")]
            )
            """
        #expect(LocalDependencies.absolutized(manifest, packageFolder: folder) == manifest)
    }

    @Test("A path with quotes or backslashes is written as a valid string literal")
    func escaping() {
        let odd = URL(fileURLWithPath: "/tmp/we\"ird\\name/pkg")
        let sut = LocalDependencies.absolutized(#".package(path: "../dep")"#, packageFolder: odd)
        #expect(sut == #".package(path: "/tmp/we\"ird\\name/dep")"#)
    }

    @Test("Only the copy's manifests are rewritten, and only when something changes")
    func rewritesManifestsOfTheCopy() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        try #".package(path: "../dep")"#.write(
            to: copy.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try #".package(path: "../dep")"#.write(
            to: copy.appendingPathComponent("Package@swift-6.0.swift"), atomically: true, encoding: .utf8)
        try #"let path = "../dep""#.write(
            to: copy.appendingPathComponent("Other.swift"), atomically: true, encoding: .utf8)

        try LocalDependencies.rewriteManifests(in: copy, original: folder)

        for name in ["Package.swift", "Package@swift-6.0.swift"] {
            let text = try String(contentsOf: copy.appendingPathComponent(name), encoding: .utf8)
            #expect(text == #".package(path: "/work/repo/dep")"#)
        }
        let other = try String(contentsOf: copy.appendingPathComponent("Other.swift"), encoding: .utf8)
        #expect(other == #"let path = "../dep""#)
    }
}
