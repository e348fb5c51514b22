import ArgumentParser
import Foundation
import LitmusCommands
import Testing

/// A configuration file the audit cannot use is the audit's input, not a threshold: `litmus audit` exits 2
/// (could not be done), never 1 (a threshold not met), before anything is built.
@Suite("A bad configuration file exits 2")
struct ConfigurationExitTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-config-exit-\(UUID())")

    /// A package folder with only a Package.swift, and the build folder the audit would make.
    private func package() throws -> (package: URL, build: URL) {
        let package = root.appendingPathComponent("M")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return (package, root.appendingPathComponent("build"))
    }

    @Test(
        "Every configuration error exits 2, before anything is built",
        arguments: [#"{"runz": 3}"#, #"{"runs": 1.5}"#, "{runs: 5", #"{"runs": 0}"#])
    func exitsTwo(json: String) async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, build) = try package()
        try json.write(to: package.appendingPathComponent(".litmus-audit.json"), atomically: true, encoding: .utf8)
        let sut = try AuditCommand.parse([package.path, "--build-path", build.path])
        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }

    @Test("--config naming a missing file exits 2, before anything is built")
    func missingConfigExitsTwo() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, build) = try package()
        let sut = try AuditCommand.parse([
            package.path, "--config", root.appendingPathComponent("missing.json").path, "--build-path", build.path,
        ])
        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }
}
