import Foundation
import LitmusModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary folder (`TMPDIR`) of every `swift` Litmus runs, one per user, and what cleans it.
///
/// On Linux, SwiftPM and the Swift driver leave a `TemporaryDirectory.*` folder in the temporary folder
/// at every call (swift-driver issue 2049), six for one `swift build`: in /tmp they piled up an audit at a
/// time (35,807 on this machine after a day). The folder's path never changes, because SwiftPM links a
/// build tool plugin's tool and runs the plugin again when `TMPDIR` does. It is shared by every audit
/// and `litmus mutate` of the user, because SwiftPM keeps there the lock files by which its processes
/// take turns on the per-user caches (`~/.cache/org.swift.swiftpm`: cloned repositories, manifests).
///
/// Each call holds a shared `flock` on `<folder>.lock` while `swift` runs. After it, the call that can
/// take that lock exclusively (no Litmus `swift` is running then) empties the folder: no process uses
/// what is left in it, SwiftPM's lock files included.
package enum SwiftTemporaryFolder {
    /// `litmus-swift-<uid>` in the temporary folder.
    package static var folder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("litmus-swift-\(getuid())")
    }

    /// Runs `body` with `folder` (``folder`` unless a test gives another), which exists meanwhile and is
    /// not emptied; then empties it if no other call is using it.
    package static func using<T>(_ folder: URL = Self.folder, _ body: (URL) async throws -> T) async throws -> T {
        let descriptor = open(folder.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AuditError.cannotRun(
                executable: folder.path + ".lock", reason: "the lock file cannot be opened (errno \(errno))")
        }
        defer { close(descriptor) }
        // A sweep holds the exclusive lock for a few milliseconds at most.
        while flock(descriptor, LOCK_SH) != 0 && errno == EINTR {}
        let result: Result<T, any Error>
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            result = .success(try await body(folder))
        } catch { result = .failure(error) }
        _ = flock(descriptor, LOCK_UN)
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        return try result.get()
    }
}
