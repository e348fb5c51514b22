import Foundation
import Testing

@testable import LitmusAudit

@Suite("SwiftPM's temporary files stay in the audit's scratch folder")
struct SwiftTemporaryFolderTests {
    @Test("swift runs with TMPDIR in the scratch folder, and what it leaves there goes with the folder")
    func temporaryFolderInScratch() async throws {
        // Given: a workspace copying a package
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-tmpdir-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(
            to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let sut = try PackageWorkspace.make(copying: folder, buildFolder: nil)

        // When: a stand-in for swift leaves a folder in its temporary folder, as the Swift driver does
        let result = try await sut.runSwift(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "mkdir \"$TMPDIR/TemporaryDirectory.left\" && printf %s \"$TMPDIR\""],
            outputFile: nil, timeout: 30)
        let left = URL(fileURLWithPath: result.output).appendingPathComponent("TemporaryDirectory.left")
        let leftBeforeRemoval = FileManager.default.fileExists(atPath: left.path)
        sut.remove()

        // Then: its temporary folder was the scratch folder's, and is gone with it
        #expect(result.status == 0)
        #expect(result.output == sut.root.appendingPathComponent("swift-tmp").path)
        #expect(leftBeforeRemoval)
        #expect(!FileManager.default.fileExists(atPath: left.path))
        #expect(!FileManager.default.fileExists(atPath: sut.root.path))
    }
}
