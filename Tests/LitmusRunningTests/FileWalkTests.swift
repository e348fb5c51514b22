import Foundation
import Testing

@testable import LitmusRunning

@Suite("The files under a folder, read with readdir and lstat")
struct FileWalkTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-walk-\(UUID().uuidString)")

    /// A folder with a file, a nested file, an empty folder, a folder to skip and a symbolic link to a folder.
    private func makeTree() throws {
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
        try files.createDirectory(at: root.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        try Data("let x = 1\n".utf8).write(to: root.appendingPathComponent("Sources/App/main.swift"))
        try Data("name".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data(count: 100).write(to: root.appendingPathComponent(".build/debug/object.o"))
        try files.createSymbolicLink(
            at: root.appendingPathComponent("Linked"), withDestinationURL: root.appendingPathComponent("Sources"))
    }

    @Test(
        "Every file but a folder, by its relative path; a link as itself, not followed; a skipped name's tree left out")
    func filesUnderAFolder() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        try makeTree()

        // When
        var found: [String: Bool] = [:]
        let build: (String) -> Bool = { $0 == ".build" }
        FileWalk.files(under: root.path, skipping: build) { path, status in
            found[path] = FileWalk.isRegularFile(status)
        }

        // Then
        #expect(found == ["Package.swift": true, "Sources/App/main.swift": true, "Linked": false])
    }

    @Test("A package's snapshot stamps each file with its size and the time it was written")
    func snapshotStamps() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        try makeTree()
        let written = Date(timeIntervalSince1970: 1_700_000_000.25)
        try FileManager.default.setAttributes(
            [.modificationDate: written], ofItemAtPath: root.appendingPathComponent("Package.swift").path)

        // When
        let sut = PackageFiles.snapshot(of: root)

        // Then: SwiftPM's folder is not the package's
        #expect(Set(sut.stamps.keys) == ["Package.swift", "Sources/App/main.swift", "Linked"])
        let stamp = try #require(sut.stamps["Package.swift"])
        #expect(stamp.size == 4)
        #expect(abs(stamp.modified.timeIntervalSince(written)) < 0.001)
    }

    @Test("The build cache's size counts the regular files' bytes, in every folder, and no link")
    func sizeOfAFolder() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        try makeTree()

        // When
        let size = BuildCache.size(of: root)

        // Then: 10 + 4 + 100
        #expect(size == 114)
    }
}
