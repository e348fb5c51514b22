import Foundation
import Testing

@testable import LitmusAudit

@Suite("SwiftPM's temporary files stay in the build folder and are deleted")
struct SwiftTemporaryFolderTests {
    /// A package folder holding only a manifest, deleted by the caller.
    private static func package() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-tmpdir-\(UUID())")
        let package = folder.appendingPathComponent("Pkg")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return package
    }

    /// Runs a stand-in for swift that leaves a folder in its temporary folder, as the Swift driver does,
    /// and prints that temporary folder; returns it and whether the folder it left is still there.
    private static func leaveAFolder(in workspace: PackageWorkspace) async throws -> (tmp: String, left: Bool) {
        let result = try await workspace.runSwift(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "mkdir \"$TMPDIR/TemporaryDirectory.left\" && printf %s \"$TMPDIR\""],
            outputFile: nil, timeout: 30)
        #expect(result.status == 0)
        let left = URL(fileURLWithPath: result.output).appendingPathComponent("TemporaryDirectory.left")
        return (result.output, FileManager.default.fileExists(atPath: left.path))
    }

    @Test("Without a kept build folder, swift's TMPDIR is in the scratch folder and deleted when it ends")
    func scratch() async throws {
        // Given: a workspace building from zero
        let package = try Self.package()
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let sut = try PackageWorkspace.make(copying: package, buildFolder: nil)
        defer { sut.remove() }

        // When
        let run = try await Self.leaveAFolder(in: sut)

        // Then
        #expect(run.tmp == sut.root.appendingPathComponent("swift-tmp").path)
        #expect(!run.left)
    }

    @Test("In a kept build folder, swift's TMPDIR is the same for every audit (SwiftPM redoes plugins when it changes)")
    func kept() async throws {
        // Given: two audits' workspaces in one kept build folder
        let package = try Self.package()
        let buildFolder = package.deletingLastPathComponent().appendingPathComponent("kept")
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let first = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
        defer { first.remove() }
        let second = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
        defer { second.remove() }

        // When
        let runs = [try await Self.leaveAFolder(in: first), try await Self.leaveAFolder(in: second)]

        // Then
        #expect(runs.map(\.tmp) == Array(repeating: buildFolder.appendingPathComponent("swift-tmp").path, count: 2))
        #expect(runs.map(\.left) == [false, false])
    }
}
