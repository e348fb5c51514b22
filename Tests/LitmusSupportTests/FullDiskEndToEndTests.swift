import Foundation
import LitmusSupport
import Testing

/// `litmus audit` on real full disks (a small tmpfs each, issue "Under faults"): a full `TMPDIR` once gave
/// a PASS, and a full cache disk read "The tests … do not build … Fix these errors" and broke every later
/// run until `litmus clean`. Each must exit 2 naming the disk and the fix, never blame the package, and
/// leave no half-written build behind.
@Suite(
    "litmus audit on a full disk", .tags(.endToEnd), .serialized,
    .enabled(if: SmallDisk.mayMount, "mounting a small disk needs Linux and root"))
struct FullDiskEndToEndTests {
    @Test("A full TMPDIR stops the audit at its build with exit 2, naming TMPDIR's disk, not the package")
    func fullTemporaryFolder() async throws {
        // Given: a tiny package, a cache on the ordinary disk, and TMPDIR on a full disk
        let run = try TinyPackageRun()
        defer { run.remove() }
        let disk = try #require(SmallDisk.full())

        // When
        let result = try await run.audit(
            temporaryFolder: disk.folder, cache: run.folder.appendingPathComponent("cache"))

        // Then
        #expect(result.status == 2, "litmus printed: \(result.output)")
        #expect(result.output.contains("No space left on the disk of \(disk.folder.path) during the build"))
        #expect(result.output.contains("TMPDIR"))
        #expect(result.output.contains("this is no error of the package"))
        #expect(!result.output.contains("do not build"))
    }

    @Test("A TMPDIR that fills while the tests run: exit 2 naming its disk, and no test called flaky or crashed")
    func temporaryFolderFillsDuringTheRuns() async throws {
        // Given: a copy of the Mutation fixture (five tests) and TMPDIR on a disk of 64 KB, which its build
        // fits in and its runs' reports fill: its parallel runs' reports were lost, and read as five flaky
        // tests, before
        let run = try TinyPackageRun()
        defer { run.remove() }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Mutation")
        let package = run.folder.appendingPathComponent("Mutation")
        try FileManager.default.copyItem(at: fixture, to: package)
        let disk = try #require(SmallDisk.empty(kilobytes: 64))

        // When
        let result = try await run.audit(
            package, temporaryFolder: disk.folder, cache: run.folder.appendingPathComponent("cache"))

        // Then
        #expect(result.status == 2, "litmus printed: \(result.output)")
        #expect(result.output.contains("No space left on the disk of \(disk.folder.path)/"), "\(result.output)")
        #expect(result.output.contains("this is no error of the package"))
        #expect(!result.output.contains("Repeatable      FAIL"), "\(result.output)")
    }

    @Test("A cache disk that fills during the build: exit 2 naming it, and the half-written build deleted")
    func fullCacheDisk() async throws {
        // Given: a tiny package and a cache on a disk of 8 MB, too small for its build
        let run = try TinyPackageRun()
        defer { run.remove() }
        let disk = try #require(SmallDisk.empty(kilobytes: 8192))
        let temporary = run.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)

        // When
        let result = try await run.audit(temporaryFolder: temporary, cache: disk.folder)

        // Then: the message names the build folder and says the next audit builds anew; no `.build` is left
        #expect(result.status == 2, "litmus printed: \(result.output)")
        #expect(result.output.contains("No space left on the disk of \(disk.folder.path)/builds/"))
        #expect(result.output.contains("its half-written build folder was deleted"))
        #expect(!result.output.contains("do not build"))
        let left = FileManager.default.enumerator(atPath: disk.folder.path)?.compactMap { $0 as? String } ?? []
        #expect(!left.contains { $0.hasSuffix("/.build") || $0.contains("/.build/") }, "left on the disk: \(left)")
    }
}

/// A folder of its own holding a package of one Swift Testing test, and `litmus audit` run on it.
private struct TinyPackageRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-full-disk-\(UUID())")
    var package: URL { folder.appendingPathComponent("Tiny") }
    let executable: URL

    init() throws {
        executable = try #require(BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "Tiny", targets: [.target(name: "Tiny"), .testTarget(name: "TinyTests", dependencies: ["Tiny"])])
            """,
            "Sources/Tiny/Tiny.swift": "public func twice(_ value: Int) -> Int { value * 2 }\n",
            "Tests/TinyTests/TinyTests.swift": """
            import Testing
            import Tiny

            @Test func doubles() { #expect(twice(3) == 6) }
            """,
        ]
        for (path, text) in files {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// Runs `litmus audit` on `audited` (the tiny package when `nil`) with `TMPDIR` and `LITMUS_CACHE_DIR`
    /// as given.
    func audit(_ audited: URL? = nil, temporaryFolder: URL, cache: URL) async throws -> ChildProcessResult {
        try await ChildProcess.run(
            executable, ["audit", (audited ?? package).path, "--quiet"], in: folder,
            environment: ["TMPDIR": temporaryFolder.path, "LITMUS_CACHE_DIR": cache.path],
            outputFile: folder.appendingPathComponent("output.txt"), timeout: 900)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
