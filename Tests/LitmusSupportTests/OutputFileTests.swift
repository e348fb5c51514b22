import Foundation
import Testing

@testable import LitmusSupport

@Suite("Report files: checked before any work, written whole or not at all")
struct OutputFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-output-\(UUID())")

    private func makeFolder() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func listing(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test("A file in a folder that does not exist is refused, naming the flag, the folder and the fix")
    func missingFolder() throws {
        // Given
        let sut = OutputFile(flag: "--json", path: folder.appendingPathComponent("out/audit.json").path)

        // When
        let error = #expect(throws: OutputFileError.self) { try sut.check() }

        // Then
        #expect(error?.reason == "its folder \(folder.path)/out does not exist")
        #expect(error?.description.hasPrefix("--json \(folder.path)/out/audit.json cannot be written") == true)
        #expect(error?.fix.contains("mkdir -p") == true)
    }

    @Test("A path that is a folder is refused, suggesting a file in it")
    func pathIsFolder() throws {
        // Given
        try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = OutputFile(flag: "--junit", path: folder.path)

        // When
        let error = #expect(throws: OutputFileError.self) { try sut.check() }

        // Then
        #expect(error?.reason == "it is a folder")
        #expect(error?.fix == "give the path of a file (--junit \(folder.path)/report.xml)")
    }

    @Test("A file in an existing folder passes the check, which leaves nothing there")
    func checkLeavesNothing() throws {
        // Given
        try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = OutputFile(flag: "--html", path: folder.appendingPathComponent("page.html").path)

        // When
        try sut.check()

        // Then
        #expect(listing(folder) == [])
    }

    @Test("Writing replaces the whole file and leaves no temporary file beside it")
    func writeReplaces() throws {
        // Given
        try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("audit.json")
        try Data("an older, longer report".utf8).write(to: path)
        let sut = OutputFile(flag: "--json", path: path.path)

        // When
        try sut.write("{}")

        // Then
        #expect(try String(contentsOf: path, encoding: .utf8) == "{}")
        #expect(listing(folder) == ["audit.json"])
    }

    @Test("A write that fails at the end leaves what was there and no temporary file")
    func failedWriteLeavesNothing() throws {
        // Given: the path became a folder holding a file after the check, so the rename fails
        try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("audit.json")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: path.appendingPathComponent("inside"))
        let sut = OutputFile(flag: "--json", path: path.path)

        // When
        let error = #expect(throws: OutputFileError.self) { try sut.write("{}") }

        // Then
        #expect(error?.reason == "it is a folder")
        #expect(listing(folder) == ["audit.json"])
        #expect(listing(path) == ["inside"])
    }

    @Test(
        "On a full disk the write fails naming no space, and leaves no file, not even an empty one",
        .enabled(if: SmallDisk.mayMount, "mounting a small disk needs Linux and root"))
    func fullDisk() throws {
        // Given: a full 64 KB tmpfs
        let disk = try #require(SmallDisk.full())
        let path = disk.folder.appendingPathComponent("audit.json")
        let sut = OutputFile(flag: "--json", path: path.path)

        // When
        let error = #expect(throws: OutputFileError.self) { try sut.write(String(repeating: "x", count: 100_000)) }

        // Then
        #expect(error?.description.contains("audit.json cannot be written: no space left on its disk. Fix: ") == true)
        #expect(error?.fix == "free some space on that disk, or give a path on another")
        #expect(listing(disk.folder) == ["filler"])
    }
}
