import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("A kept copy of the package is brought up to date touching only what changed")
struct WorkspaceSyncTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-sync-\(UUID().uuidString)")
    private var original: URL { folder.appendingPathComponent("Package") }
    private var copy: URL { folder.appendingPathComponent("copy/Package") }

    private func write(_ text: String, _ path: String, modified: TimeInterval = 1_000_000) throws {
        let file = original.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: modified)], ofItemAtPath: file.path)
    }

    private func attribute(_ key: FileAttributeKey, of path: String) throws -> Any? {
        try FileManager.default.attributesOfItem(atPath: copy.appendingPathComponent(path).path)[key]
    }

    @Test("An unchanged file is not written again: it keeps its inode")
    func unchangedFileIsLeftAlone() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("let a = 1\n", "Sources/A/A.swift")
        try WorkspaceSync.sync(from: original, to: copy)
        let inode = try attribute(.systemFileNumber, of: "Sources/A/A.swift") as? UInt64

        // When
        let written = try WorkspaceSync.sync(from: original, to: copy)

        // Then
        #expect(written == [])
        #expect(try attribute(.systemFileNumber, of: "Sources/A/A.swift") as? UInt64 == inode)
    }

    @Test("A changed file is written with the package's modification time")
    func changedFileIsWritten() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("let a = 1\n", "Sources/A/A.swift")
        try WorkspaceSync.sync(from: original, to: copy)
        try write("let a = 2\n", "Sources/A/A.swift", modified: 2_000_000)

        // When
        let written = try WorkspaceSync.sync(from: original, to: copy)

        // Then
        #expect(written == ["Sources/A/A.swift"])
        let text = try String(contentsOf: copy.appendingPathComponent("Sources/A/A.swift"), encoding: .utf8)
        #expect(text == "let a = 2\n")
        #expect(
            try attribute(.modificationDate, of: "Sources/A/A.swift") as? Date == Date(timeIntervalSince1970: 2_000_000)
        )
    }

    @Test(
        "A file the package no longer has, or a test or a build tool wrote, is deleted; SwiftPM's Package.resolved stays"
    )
    func extraFilesAreDeleted() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("// swift-tools-version: 6.1\n", "Package.swift")
        try WorkspaceSync.sync(from: original, to: copy)
        try "written by a test".write(to: copy.appendingPathComponent("output.txt"), atomically: false, encoding: .utf8)
        try "{}".write(to: copy.appendingPathComponent("Package.resolved"), atomically: false, encoding: .utf8)
        try "profile".write(to: copy.appendingPathComponent("default.profraw"), atomically: false, encoding: .utf8)

        // When
        try WorkspaceSync.sync(from: original, to: copy)

        // Then
        let names = try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted()
        #expect(names == ["Package.resolved", "Package.swift"])
    }

    @Test("A Package.resolved the package deleted leaves the copy; SwiftPM's own, written after, stays")
    func deletedResolvedFileLeaves() throws {
        // Given a package whose Package.resolved pins revisions, synced once
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("// swift-tools-version: 6.1\n", "Package.swift")
        try write(#"{"pins": ["stale"]}"#, "Package.resolved")
        try WorkspaceSync.sync(from: original, to: copy)
        let resolved = copy.appendingPathComponent("Package.resolved")

        // When the package deletes it and is synced again
        try FileManager.default.removeItem(at: original.appendingPathComponent("Package.resolved"))
        try WorkspaceSync.sync(from: original, to: copy)

        // Then the copy's goes; and the one SwiftPM then writes there is kept by the next sync
        #expect(!FileManager.default.fileExists(atPath: resolved.path))
        try #"{"pins": ["swiftpm"]}"#.write(to: resolved, atomically: false, encoding: .utf8)
        try WorkspaceSync.sync(from: original, to: copy)
        #expect(try String(contentsOf: resolved, encoding: .utf8) == #"{"pins": ["swiftpm"]}"#)
    }

    @Test("The manifest's path to a folder outside the package becomes absolute in the copy")
    func manifestIsRewritten() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(#"let p = Package(dependencies: [.package(path: "../Shared")])"#, "Package.swift")

        // When
        try WorkspaceSync.sync(from: original, to: copy)

        // Then
        let manifest = try String(contentsOf: copy.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest == #"let p = Package(dependencies: [.package(path: "\#(folder.path)/Shared")])"#)
    }
}
