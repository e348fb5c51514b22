import Foundation
import LitmusSupport
import Testing

/// `TMPDIR` inside the audited package: the scratch copy would be made inside what it copies, so the
/// audit refuses before anything is copied, built or locked. `TMPDIR` is read once per process, so the
/// case is run as a user meets it: the `litmus` executable, started with that environment.
@Suite("litmus audit with TMPDIR inside the package", .tags(.endToEnd))
struct TemporaryFolderFaultTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-tmpdir-\(UUID())")

    @Test(
        "It is refused with exit 2 before the seed is printed, naming the folder and the fix; nothing is written into the package"
    )
    func refusedBeforeAnyWork() async throws {
        // Given: a package whose folder holds the temporary folder, and a build folder outside it
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("M")
        let temporary = package.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\nimport PackageDescription\nlet package = Package(name: \"M\")\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let build = root.appendingPathComponent("build")
        let before = try contents(of: package)
        let executable = try #require(
            BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")

        // When
        let errors = root.appendingPathComponent("stderr.txt")
        let result = try await ChildProcess.run(
            executable, ["audit", package.path, "--build-path", build.path], in: root,
            environment: ["TMPDIR": temporary.path], outputFile: root.appendingPathComponent("stdout.txt"),
            errorFile: errors, timeout: 120)
        let message = try String(contentsOf: errors, encoding: .utf8) + result.output

        // Then
        #expect(result.status == 2)
        #expect(message.contains("set TMPDIR to a folder outside it"), "the message names the fix: \(message)")
        #expect(!message.contains("Seed "), "a refused audit prints no seed to replay: \(message)")
        #expect(message.contains(temporary.resolvingSymlinksInPath().path) || message.contains(temporary.path))
        #expect(try contents(of: package) == before, "nothing is written into the package")
        #expect(!FileManager.default.fileExists(atPath: build.path), "no build folder is taken")
    }

    /// Every path under `folder`, relative to it.
    private func contents(of folder: URL) throws -> Set<String> {
        Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
    }

}
