import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("The build cache: one folder per package, locked while an audit runs, bounded by size")
struct BuildCacheTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-cache-\(UUID().uuidString)")

    private func makeEntry(_ name: String, bytes: Int, lastUsed: TimeInterval) throws {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(count: bytes).write(to: folder.appendingPathComponent("object.o"))
        let lock = root.appendingPathComponent("\(name).lock")
        try Data().write(to: lock)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: lastUsed)], ofItemAtPath: lock.path)
    }

    private func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasSuffix(".lock") }
            .sorted()
    }

    @Test("A package's key is its folder's name and the FNV-1a hash of its absolute path")
    func key() {
        // Given / When
        let key = BuildCache.key(for: URL(fileURLWithPath: "/tmp/pkg/Examples"))

        // Then
        #expect(key == "Examples-10bf3a455a6f65e0")
    }

    @Test("The key follows the standardized path: a trailing slash or a dot-dot leads to the same key")
    func keyOfTheSameFolder() {
        // Given
        let spellings = ["/tmp/pkg/Examples/", "/tmp/pkg/other/../Examples"]

        // When
        let keys = Set(spellings.map { BuildCache.key(for: URL(fileURLWithPath: $0)) })

        // Then
        #expect(keys == ["Examples-10bf3a455a6f65e0"])
    }

    @Test("Two packages of the same name have two keys")
    func keysOfTwoPackages() {
        // Given / When
        let first = BuildCache.key(for: URL(fileURLWithPath: "/a/Examples"))
        let second = BuildCache.key(for: URL(fileURLWithPath: "/b/Examples"))

        // Then
        #expect(first != second)
    }

    @Test("A second audit of the same package at the same time takes a second folder")
    func lockedFolderIsNotShared() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        let first = try sut.acquire(for: package)
        defer { first.release() }

        // When
        let second = try sut.acquire(for: package)
        defer { second.release() }

        // Then
        #expect(first.folder.lastPathComponent == "Examples-10bf3a455a6f65e0")
        #expect(second.folder.lastPathComponent == "Examples-10bf3a455a6f65e0-2")
    }

    @Test("Waiting for a package's own folder takes it once its holder lets go")
    func waitingTakesTheOwnFolder() async throws {
        // Given: another holder, which lets go during the waiter's first pause
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        let holder = try sut.acquire(for: package)
        let pauses = PauseCount()

        // When
        let waited = try await sut.acquireWaiting(for: package, timeout: .seconds(600)) {
            await pauses.add()
            holder.release()
        }
        defer { waited.release() }

        // Then: the own folder after one pause, not a second folder
        #expect(await pauses.value == 1)
        #expect(waited.folder.lastPathComponent == "Examples-10bf3a455a6f65e0")
    }

    @Test("Waiting past the time limit takes the next free folder, as a second audit does")
    func waitingGivesUpAfterTheLimit() async throws {
        // Given: a holder that keeps the folder
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        let holder = try sut.acquire(for: package, use: "mutate")
        defer { holder.release() }

        // When: no time to wait at all
        let waited = try await sut.acquireWaiting(for: package, use: "mutate", timeout: .zero) {
            Issue.record("a waiter with no time left paused")
        }
        defer { waited.release() }

        // Then
        #expect(waited.folder.lastPathComponent == "Examples-10bf3a455a6f65e0-mutate-2")
    }

    @Test("A released folder is taken again by the next audit of its package")
    func releasedFolderIsReused() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        try sut.acquire(for: package).release()

        // When
        let again = try sut.acquire(for: package)
        defer { again.release() }

        // Then
        #expect(again.folder.lastPathComponent == "Examples-10bf3a455a6f65e0")
    }

    @Test("Past the limit, the least recently used entries go first until the rest fit")
    func victimsAreTheOldest() {
        // Given
        let entries = [
            BuildCache.Entry(name: "new", bytes: 40, lastUsed: Date(timeIntervalSince1970: 300)),
            BuildCache.Entry(name: "old", bytes: 40, lastUsed: Date(timeIntervalSince1970: 100)),
            BuildCache.Entry(name: "middle", bytes: 40, lastUsed: Date(timeIntervalSince1970: 200)),
        ]

        // When
        let victims = BuildCache.victims(of: entries, limit: 50, keeping: [])

        // Then
        #expect(victims.map(\.name) == ["old", "middle"])
    }

    @Test("Within the limit, nothing is evicted")
    func noVictimsWithinTheLimit() {
        // Given
        let entries = [BuildCache.Entry(name: "a", bytes: 40, lastUsed: Date(timeIntervalSince1970: 1))]

        // When
        let victims = BuildCache.victims(of: entries, limit: 40, keeping: [])

        // Then
        #expect(victims.isEmpty)
    }

    @Test("The entry being used is never a victim, even when it is the oldest")
    func keptEntryIsNotEvicted() {
        // Given
        let entries = [
            BuildCache.Entry(name: "mine", bytes: 40, lastUsed: Date(timeIntervalSince1970: 1)),
            BuildCache.Entry(name: "other", bytes: 40, lastUsed: Date(timeIntervalSince1970: 2)),
        ]

        // When
        let victims = BuildCache.victims(of: entries, limit: 50, keeping: ["mine"])

        // Then
        #expect(victims.map(\.name) == ["other"])
    }

    @Test("Eviction deletes the oldest folders on disk and leaves one an audit holds")
    func evictionOnDisk() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root, limitBytes: 1_500)
        try makeEntry("held-0000000000000001", bytes: 1_000, lastUsed: 100)
        try makeEntry("old-0000000000000002", bytes: 1_000, lastUsed: 200)
        try makeEntry("new-0000000000000003", bytes: 1_000, lastUsed: 300)
        let held = try #require(try BuildCacheLock.take(root.appendingPathComponent("held-0000000000000001.lock")))
        defer { held.release() }

        // When
        let evicted = sut.evict()

        // Then
        #expect(evicted == ["old-0000000000000002"])
        #expect(names() == ["held-0000000000000001", "new-0000000000000003"])
    }

    @Test("Cleaning a package deletes its folders and no other package's")
    func cleanOnePackage() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        try makeEntry("Examples-10bf3a455a6f65e0", bytes: 10, lastUsed: 1)
        try makeEntry("Examples-10bf3a455a6f65e0-2", bytes: 10, lastUsed: 1)
        try makeEntry("Other-0000000000000001", bytes: 10, lastUsed: 1)

        // When
        let removed = sut.remove(package: package)

        // Then
        #expect(removed == ["Examples-10bf3a455a6f65e0", "Examples-10bf3a455a6f65e0-2"])
        #expect(names() == ["Other-0000000000000001"])
    }

    @Test("litmus mutate's folder of a package is <key>-mutate, and cleaning the package deletes it too")
    func mutateFolder() throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let sut = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        let lock = try sut.acquire(for: package, use: "mutate")
        try FileManager.default.createDirectory(at: lock.folder, withIntermediateDirectories: true)
        lock.release()
        try makeEntry("Examples-10bf3a455a6f65e0-mutate-2", bytes: 10, lastUsed: 1)
        try makeEntry("Examples-10bf3a455a6f65e0-mutated", bytes: 10, lastUsed: 1)

        // When
        let removed = sut.remove(package: package)

        // Then
        #expect(lock.folder.lastPathComponent == "Examples-10bf3a455a6f65e0-mutate")
        #expect(removed == ["Examples-10bf3a455a6f65e0-mutate", "Examples-10bf3a455a6f65e0-mutate-2"])
        #expect(names() == ["Examples-10bf3a455a6f65e0-mutated"])
    }

    @Test("The cache lives in $XDG_CACHE_HOME/litmus/builds, its limit from LITMUS_BUILD_CACHE_MB")
    func standardFromXDG() throws {
        // Given
        let environment = ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u", "LITMUS_BUILD_CACHE_MB": "500"]

        // When
        let sut = try BuildCache.standard(environment: environment)

        // Then
        #expect(sut.root.path == "/x/cache/litmus/builds")
        #expect(sut.limitBytes == 500_000_000)
    }

    @Test("Without XDG_CACHE_HOME the cache is ~/.cache/litmus/builds, 10 GB")
    func standardFromHome() throws {
        // Given / When
        let sut = try BuildCache.standard(environment: ["HOME": "/home/u"])

        // Then
        #expect(sut.root.path == "/home/u/.cache/litmus/builds")
        #expect(sut.limitBytes == 10_000_000_000)
    }

    @Test("A limit that is not a number of megabytes is refused, naming the variable")
    func badLimit() {
        // Given / When
        let error = #expect(throws: AuditError.self) {
            try BuildCache.standard(environment: ["HOME": "/home/u", "LITMUS_BUILD_CACHE_MB": "10GB"])
        }

        // Then
        #expect(
            error
                == .badOption(
                    key: "LITMUS_BUILD_CACHE_MB", reason: "must be a whole number of megabytes above 0 (it is \"10GB\")"
                ))
    }
}

/// How many times a waiter paused.
private actor PauseCount {
    var value = 0
    func add() { value += 1 }
}
