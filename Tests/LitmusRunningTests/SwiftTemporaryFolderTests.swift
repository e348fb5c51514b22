import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("The temporary folder of the swift Litmus runs: one path, emptied when no swift runs")
struct SwiftTemporaryFolderTests {
    /// A fresh folder for one test, deleted by the caller.
    private static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("litmus-tmpdir-\(UUID())")
    }

    /// Deletes a folder given to ``SwiftTemporaryFolder/using(_:_:)`` and its lock file.
    private static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(atPath: folder.path + ".lock")
    }

    @Test("swift runs with TMPDIR at the shared folder and its build tools' profiles there")
    func environment() async throws {
        // Given: a workspace copying a package
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Pkg")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let sut = try PackageWorkspace.make(copying: package, buildFolder: folder.appendingPathComponent("kept"))
        defer { sut.remove() }

        // When: a stand-in for swift prints its environment's two variables
        let result = try await sut.runSwift(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s\\n%s' \"$TMPDIR\" \"$LLVM_PROFILE_FILE\""],
            outputFile: nil, timeout: 600)

        // Then
        let shared = SwiftTemporaryFolder.folder.path
        #expect(result.output == "\(shared)\n\(shared)/build-tool-%p.profraw")
    }

    @Test("What swift leaves in the folder is deleted after the call")
    func emptiedAfterTheCall() async throws {
        // Given
        let folder = Self.scratch()
        defer { Self.remove(folder) }

        // When: the call leaves a folder, as the Swift driver does
        let existed = try await SwiftTemporaryFolder.using(folder) { temporary in
            try FileManager.default.createDirectory(
                at: temporary.appendingPathComponent("TemporaryDirectory.left"), withIntermediateDirectories: true)
            return FileManager.default.fileExists(atPath: temporary.path)
        }

        // Then: the folder existed during the call, and is empty after it
        #expect(existed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("A call ending while another runs leaves the folder alone; the last one empties it")
    func notEmptiedWhileAnotherRuns() async throws {
        // Given: a first call that leaves a folder, then waits until a second call has ended
        let folder = Self.scratch()
        defer { Self.remove(folder) }
        let (secondEnded, ended) = AsyncStream<Void>.makeStream()
        let (firstStarted, started) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await SwiftTemporaryFolder.using(folder) { temporary in
                try FileManager.default.createDirectory(
                    at: temporary.appendingPathComponent("TemporaryDirectory.first"), withIntermediateDirectories: true)
                started.yield()
                var iterator = secondEnded.makeAsyncIterator()
                await iterator.next()
            }
        }
        var startedIterator = firstStarted.makeAsyncIterator()
        await startedIterator.next()

        // When: a second call ends while the first runs, then the first ends
        try await SwiftTemporaryFolder.using(folder) { _ in }
        let keptWhileFirstRan = FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("TemporaryDirectory.first").path)
        ended.yield()
        try await first.value

        // Then
        #expect(keptWhileFirstRan)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
