import Foundation
import LitmusAudit
import LitmusCommands
import Testing

@Suite("`litmus clean`: deletes a package's cached builds, leaves the ones in use, says which")
struct CleanCommandTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-clean-\(UUID().uuidString)")
    private let package = URL(fileURLWithPath: "/tmp/pkg/Examples")

    /// A cache holding a build folder for each of `packages`.
    private func cache(holding packages: [URL]) throws -> BuildCache {
        let cache = BuildCache(root: root)
        for package in packages { try cache.acquire(for: package).release() }
        for package in packages {
            let folder = root.appendingPathComponent(BuildCache.key(for: package))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return cache
    }

    private func folders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasSuffix(".lock") }
            .sorted()
    }

    @Test("A package's folder is deleted and named; another package's is kept")
    func deletesThePackage() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let other = URL(fileURLWithPath: "/tmp/pkg/Other")
        let cache = try cache(holding: [package, other])
        let sut = try CleanCommand.parse([package.path])

        // When
        let lines = sut.clean(in: cache)

        // Then
        #expect(lines == ["Deleted \(root.appendingPathComponent("Examples-10bf3a455a6f65e0").path)"])
        #expect(folders() == [BuildCache.key(for: other)])
    }

    @Test("Another package whose name starts with this one's key is neither deleted nor named")
    func namesOnlyThePackage() throws {
        // Given: a package named after this one's key, so its folder shares the prefix `<key>-`
        defer { try? FileManager.default.removeItem(at: root) }
        let lookalike = URL(fileURLWithPath: "/tmp/pkg/Examples-10bf3a455a6f65e0-x")
        let cache = try cache(holding: [lookalike])
        let sut = try CleanCommand.parse([package.path])

        // When
        let lines = sut.clean(in: cache)

        // Then
        #expect(lines == ["No cached build of /tmp/pkg/Examples."])
        #expect(folders() == [BuildCache.key(for: lookalike)])
    }

    @Test("A folder an audit holds is left alone, and named")
    func leavesTheFolderInUse() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = try cache(holding: [package])
        let holder = try cache.acquire(for: package)
        defer { holder.release() }
        let sut = try CleanCommand.parse([package.path])

        // When
        let lines = sut.clean(in: cache)

        // Then
        #expect(
            lines == [
                "In use by a running audit, left alone: \(root.appendingPathComponent("Examples-10bf3a455a6f65e0").path)"
            ])
        #expect(folders() == ["Examples-10bf3a455a6f65e0"])
    }

    @Test("--all deletes every package's folders; an empty cache is said to be empty")
    func all() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let other = URL(fileURLWithPath: "/tmp/pkg/Other")
        let cache = try cache(holding: [package, other])
        let sut = try CleanCommand.parse(["--all"])

        // When
        let first = sut.clean(in: cache)
        let second = sut.clean(in: cache)

        // Then
        #expect(
            first.sorted()
                == [package, other].map { "Deleted \(root.appendingPathComponent(BuildCache.key(for: $0)).path)" }
                .sorted())
        #expect(folders().isEmpty)
        #expect(second == ["The build cache \(root.path) is empty."])
    }

    @Test("A package without a cached build is said to have none")
    func nothingCached() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = try CleanCommand.parse([package.path])

        // When
        let lines = sut.clean(in: BuildCache(root: root))

        // Then
        #expect(lines == ["No cached build of /tmp/pkg/Examples."])
    }
}
