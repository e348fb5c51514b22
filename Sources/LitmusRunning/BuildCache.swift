import Foundation
import LitmusModel
import LitmusSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-user cache of audit builds: one folder per audited package, kept between audits so a second
/// audit of an unchanged package recompiles nothing.
///
/// The folder of a package is `<root>/<key>`, its key the package folder's name and a hash of its absolute
/// path (``key(for:)``). It holds the package's copy and SwiftPM's scratch path at stable paths
/// (``PackageWorkspace``). An audit locks its folder (`<root>/<key>.lock`, `flock`) while it runs; a second
/// audit of the same package at the same time takes the next free folder (`<key>-2`, …). The lock file's
/// modification time is the folder's last use. Past `limitBytes`, the least recently used folders that no
/// audit holds are deleted (``evict(keeping:)``).
public struct BuildCache: Sendable {
    /// The folder holding every package's build folder.
    public var root: URL
    /// The size the cache may reach before its oldest folders are deleted, in bytes.
    public var limitBytes: Int64

    /// The default size limit: 10 GB.
    public static let defaultLimitBytes: Int64 = 10_000 * 1_000_000

    /// The environment variable that sets the size limit, in megabytes.
    public static let limitVariable = "LITMUS_BUILD_CACHE_MB"

    /// Creates a cache at `root`, bounded by `limitBytes`.
    public init(root: URL, limitBytes: Int64 = defaultLimitBytes) {
        self.root = root.standardizedFileURL
        self.limitBytes = limitBytes
    }

    /// The cache the environment names: `$LITMUS_CACHE_DIR/builds`, else `$XDG_CACHE_HOME/litmus/builds`, else
    /// `~/.cache/litmus/builds`; the limit from `LITMUS_BUILD_CACHE_MB` (megabytes), else 10 GB.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> BuildCache
    {
        let base = LitmusCacheFolder.standard(environment: environment)
        var limit = defaultLimitBytes
        if let text = environment[limitVariable] {
            guard let megabytes = Int64(text), megabytes > 0 else {
                throw AuditError.badOption(
                    key: limitVariable, reason: "must be a whole number of megabytes above 0 (it is \"\(text)\")")
            }
            limit = megabytes * 1_000_000
        }
        return BuildCache(root: base.appendingPathComponent("builds"), limitBytes: limit)
    }

    /// The key of a package: its folder's name and the FNV-1a hash of its absolute path, in hex
    /// (`Examples-3f2a…`): the same package always has the same key, two packages of one name two keys.
    public static func key(for package: URL) -> String { LitmusCacheFolder.key(for: package) }

    /// Locks a build folder for `package`: its own, or when another audit holds that, the next free one
    /// (`<key>-2`, `<key>-3`, …). Keep the returned lock until the audit ends.
    /// `use` names a folder of a command's own (`<key>-<use>`); `litmus audit` and `litmus mutate` share the
    /// package's folder, so the dependencies one compiled serve the other (only the mutated modules, and
    /// the same modules back, compile again when they take turns). A build with options of its own passes
    /// its `variant` (``PackageBuild/cacheVariant``: `<key>-b1a2b3c4d`), so that a build with other options
    /// never reuses, nor rebuilds, this one's folder.
    public func acquire(for package: URL, use: String? = nil, variant: String? = nil) throws -> BuildCacheLock {
        try makeRoot()
        let key = Self.key(for: package, use: use, variant: variant)
        for index in 1... {
            if let lock = try take(index == 1 ? key : "\(key)-\(index)") { return lock }
        }
        preconditionFailure("unreachable: the loop above runs until a folder is free")
    }

    /// Locks the package's own build folder (`<key>`, or `<key>-<use>`), waiting while another process or
    /// task holds it, up to `timeout`; after that, like ``acquire(for:use:)``, the next free one. For a
    /// caller that would rather wait for a warm folder than build a second one from nothing: the toolkit's
    /// own tests share each fixture's build this way, where two audits at once used to build it twice.
    /// The default waits an hour: on a loaded machine the tests before a waiter can hold a fixture's folder
    /// for more than ten minutes between them, and the second folder a shorter wait fell back to (a clean
    /// clone's run built one fixture in four) was built from nothing beside them, slowing the very runs that
    /// were late. A holder that dies lets go of its lock, so only a live holder is waited for.
    /// `pause` runs between two tries (20 ms by default); the folder is tried once more at the time limit,
    /// so a waiter that was not scheduled for a while still finds a folder let go meanwhile.
    public func acquireWaiting(
        for package: URL, use: String? = nil, variant: String? = nil, timeout: Duration = .seconds(3600),
        pause: @Sendable () async throws -> Void = { try await Task.sleep(for: .milliseconds(20)) }
    ) async throws -> BuildCacheLock {
        try makeRoot()
        let key = Self.key(for: package, use: use, variant: variant)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let lock = try take(key) { return lock }
            if clock.now >= deadline { break }
            try await pause()
        }
        return try acquire(for: package, use: use, variant: variant)
    }

    /// The name of the folder of `package` for `use` and `variant`: `<key>`, `<key>-<variant>`,
    /// `<key>-<variant>-<use>`.
    static func key(for package: URL, use: String?, variant: String?) -> String {
        ([key(for: package)] + [variant, use].compactMap { $0 }).joined(separator: "-")
    }

    /// Creates the cache's folder; one that cannot be made is an ``AuditError/cacheUnusable(path:reason:)``
    /// naming it and the cause (Foundation's own error names neither).
    private func makeRoot() throws {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw AuditError.cacheUnusable(path: root.path, reason: "it cannot be created: \(FileFault.reason(error))")
        }
    }

    /// The lock on the folder `name`, its use recorded (eviction takes the least recently used first);
    /// `nil` when another holder has it.
    private func take(_ name: String) throws -> BuildCacheLock? {
        guard let lock = try BuildCacheLock.take(root.appendingPathComponent("\(name).lock")) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: lock.file.path)
        return lock
    }

    /// One build folder of the cache.
    public struct Entry: Sendable, Hashable {
        /// The folder's name (a key, with `-2`… for a second folder of the same package).
        public var name: String
        /// The bytes of its files.
        public var bytes: Int64
        /// When an audit last took it.
        public var lastUsed: Date

        /// Creates an entry.
        public init(name: String, bytes: Int64, lastUsed: Date) {
            self.name = name
            self.bytes = bytes
            self.lastUsed = lastUsed
        }
    }

    /// The entries to delete so the cache fits `limit`: the least recently used first, never one named
    /// in `keeping`, until the rest fit (the kept ones may alone exceed it).
    public static func victims(of entries: [Entry], limit: Int64, keeping: Set<String>) -> [Entry] {
        var total = entries.reduce(Int64(0)) { $0 + $1.bytes }
        var victims: [Entry] = []
        for entry in entries.sorted(by: { ($0.lastUsed, $0.name) < ($1.lastUsed, $1.name) }) {
            guard total > limit else { break }
            guard !keeping.contains(entry.name) else { continue }
            victims.append(entry)
            total -= entry.bytes
        }
        return victims
    }

    /// The cache's build folders, with their sizes and last use.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return nil }
            let stamp =
                (try? FileManager.default.attributesOfItem(atPath: folder.path + ".lock"))
                ?? (try? FileManager.default.attributesOfItem(atPath: folder.path))
            return Entry(
                name: name, bytes: Self.size(of: folder),
                lastUsed: stamp?[.modificationDate] as? Date ?? .distantPast)
        }
    }

    /// Deletes the least recently used folders past the limit, except `keeping` and any an audit holds;
    /// returns the names deleted.
    @discardableResult
    public func evict(keeping: Set<String> = []) -> [String] {
        let candidates = Self.victims(of: entries(), limit: limitBytes, keeping: keeping)
        return candidates.compactMap { remove(named: $0.name) ? $0.name : nil }
    }

    /// Deletes the build folders of `package` (its own, any `-2`…, `litmus mutate`'s `-mutate`…, and those
    /// of builds with options of their own, `-b1a2b3c4d`…) that no audit holds; returns the names deleted.
    @discardableResult
    public func remove(package: URL) -> [String] {
        names(of: package).filter(remove(named:))
    }

    /// The names of `package`'s build folders in the cache: its own, any `-2`…, and `litmus mutate`'s
    /// `-mutate`….
    public func names(of package: URL) -> [String] {
        let key = Self.key(for: package)
        return entries().map(\.name).filter { $0 == key || Self.isSecondFolder($0, of: key) }
    }

    /// Deletes every build folder no audit holds; returns the names deleted.
    @discardableResult
    public func removeAll() -> [String] {
        entries().map(\.name).filter(remove(named:))
    }

    /// Deletes one folder and its lock file, unless an audit holds it.
    private func remove(named name: String) -> Bool {
        let lockFile = root.appendingPathComponent("\(name).lock")
        guard let lock = try? BuildCacheLock.take(lockFile) else { return false }
        defer { lock.release() }
        try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        try? FileManager.default.removeItem(at: lockFile)
        return !FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
    }

    /// Whether `name` is another folder of the package whose key is `key`: a second one (`-2`), mutation's
    /// (`-mutate`), a build with options of its own (`-b1a2b3c4d`), or any of them together.
    private static func isSecondFolder(_ name: String, of key: String) -> Bool {
        guard name.hasPrefix(key + "-") else { return false }
        return name.dropFirst(key.count + 1).split(separator: "-", omittingEmptySubsequences: false).allSatisfy {
            part in
            Int(part) != nil || part == "mutate"
                || (part.count == 9 && part.hasPrefix("b") && part.dropFirst().allSatisfy(\.isHexDigit))
        }
    }

    /// The bytes of the regular files under `folder` (symbolic links are not followed), read by ``FileWalk``.
    static func size(of folder: URL) -> Int64 {
        var total: Int64 = 0
        FileWalk.files(under: folder.path) { _, status in
            if FileWalk.isRegularFile(status) { total += Int64(status.st_size) }
        }
        return total
    }
}

/// An exclusive lock on one build folder of the ``BuildCache`` (`flock` on its lock file): released by
/// `release()`, or by the system when the process ends, however it ends.
public final class BuildCacheLock: Sendable {
    /// The lock file.
    public let file: URL
    /// The build folder it guards.
    public let folder: URL
    /// The open lock file, until released.
    private let descriptor: Mutex<Int32?>

    private init(file: URL, descriptor: Int32, folder: URL) {
        self.file = file
        self.descriptor = Mutex(descriptor)
        self.folder = folder
    }

    /// The lock on `file` (created if missing), or `nil` when another holder has it.
    ///
    /// `litmus clean` deletes a lock file while it holds it: a process that opened the file before and
    /// locks it after locks a file no longer there, and the next one to open the path creates and locks
    /// another, so both held "the" folder (a clean once deleted a folder an audit was using). So a lock
    /// counts only when the file locked is still the one at the path; otherwise the path is opened again.
    /// `opened` runs after each open (tests delete the file there).
    static func take(_ file: URL, opened: () -> Void = {}) throws -> BuildCacheLock? {
        while true {
            let descriptor = open(file.path, O_RDWR | O_CREAT, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                throw AuditError.cacheUnusable(
                    path: file.path, reason: "its lock file cannot be opened: \(FileFault.reason(errno: code))")
            }
            opened()
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return nil
            }
            var locked = stat()
            var current = stat()
            if fstat(descriptor, &locked) == 0, stat(file.path, &current) == 0, locked.st_ino == current.st_ino,
                locked.st_dev == current.st_dev
            {
                return BuildCacheLock(file: file, descriptor: descriptor, folder: file.deletingPathExtension())
            }
            close(descriptor)
        }
    }

    /// Releases the lock; another audit may take the folder.
    public func release() {
        descriptor.withLock { open in
            if let descriptor = open { close(descriptor) }
            open = nil
        }
    }

    deinit { release() }
}
