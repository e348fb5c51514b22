import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small file system for tests of a full disk: a tmpfs mounted on a fresh folder, 64 KB and filled up
/// (``full()``) or of a size that runs out part way through a task (``empty(kilobytes:)``). Only where
/// the test process may mount (Linux, as root); `nil` elsewhere, and the tests needing it are skipped.
final class SmallDisk {
    /// The mounted folder.
    let folder: URL

    private init(folder: URL) { self.folder = folder }

    /// Whether this process may mount one (Linux, as root).
    static var mayMount: Bool {
        #if os(Linux)
            return geteuid() == 0
        #else
            return false
        #endif
    }

    /// A full disk, or `nil` when none can be mounted here.
    static func full() -> SmallDisk? {
        #if os(Linux)
            guard let disk = empty(kilobytes: 64) else { return nil }
            // Fill it: write until the disk refuses.
            let filler = open(disk.folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600)
            let block = [UInt8](repeating: 1, count: 4096)
            while block.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
            close(filler)
            return disk
        #else
            return nil
        #endif
    }

    /// An empty disk of `kilobytes`, or `nil` when none can be mounted here.
    static func empty(kilobytes: Int) -> SmallDisk? {
        #if os(Linux)
            guard geteuid() == 0 else { return nil }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-small-disk-\(UUID())")
            guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
            else { return nil }
            guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kilobytes)k") == 0 else {
                try? FileManager.default.removeItem(at: folder)
                return nil
            }
            return SmallDisk(folder: folder)
        #else
            return nil
        #endif
    }

    deinit {
        #if os(Linux)
            umount2(folder.path, Int32(MNT_DETACH))
        #endif
        try? FileManager.default.removeItem(at: folder)
    }
}
