import Foundation
import Testing

@testable import LitmusSupport

@Suite("An executable placed to be started at once: a hard link, or a copy no child holds open")
struct BuiltExecutableTests {
    /// A script that prints `placed`, in a fresh folder of `parent`; the folder is deleted by the caller.
    private func script(in parent: URL) throws -> (folder: URL, script: URL) {
        let folder = parent.appendingPathComponent("litmus-placed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("tool")
        try Data("#!/bin/sh\necho placed\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (folder, script)
    }

    @Test("Placed beside it on one file system, the executable starts and holds the same bytes")
    func sameFileSystem() async throws {
        // Given
        let (folder, tool) = try script(in: FileManager.default.temporaryDirectory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let placed = folder.appendingPathComponent("placed-tool")

        // When
        try BuiltExecutable.place(tool, at: placed)

        // Then
        #expect(try Data(contentsOf: placed) == Data(contentsOf: tool))
        let result = try await ChildProcess.run(placed, [], in: folder, timeout: 60)
        #expect(result.status == 0)
        #expect(result.output == "placed\n")
    }

    @Test("Placed on another file system (no hard link there), the copy is executable and starts")
    func otherFileSystem() async throws {
        // Given: /dev/shm is a tmpfs of its own on Linux, so the copy is made there; elsewhere the
        // temporary folder stands in (one file system: the hard link is made again)
        #if os(Linux)
            let other = URL(fileURLWithPath: "/dev/shm")
            try #require(
                FileManager.default.isWritableFile(atPath: other.path), "Linux's /dev/shm is not writable here")
        #else
            let other = FileManager.default.temporaryDirectory
        #endif
        let (source, tool) = try script(in: FileManager.default.temporaryDirectory)
        defer { try? FileManager.default.removeItem(at: source) }
        let destination = other.appendingPathComponent("litmus-placed-\(UUID())")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: destination) }
        let placed = destination.appendingPathComponent("tool")
        #if os(Linux)
            let devices = try [source, destination].map {
                try FileManager.default.attributesOfItem(atPath: $0.path)[.systemNumber] as? NSNumber
            }
            try #require(devices[0] != devices[1], "the temporary folder and /dev/shm are one file system here")
        #endif

        // When
        try BuiltExecutable.place(tool, at: placed)

        // Then
        #expect(FileManager.default.isExecutableFile(atPath: placed.path))
        let result = try await ChildProcess.run(placed, [], in: destination, timeout: 60)
        #expect(result.output == "placed\n")
    }

    @Test("A file already at the destination is kept, and placing there throws")
    func keepsWhatIsThere() throws {
        // Given
        let (folder, tool) = try script(in: FileManager.default.temporaryDirectory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("mine")
        try Data("the user's own".utf8).write(to: existing)

        // Then
        #expect(throws: CocoaError.self) { try BuiltExecutable.place(tool, at: existing) }
        #expect(try String(contentsOf: existing, encoding: .utf8) == "the user's own")
    }
}
