import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An executable product of this package that `swift build` put beside the running program: how the
/// end-to-end tests find `litmus` next to their test bundle.
package enum BuiltExecutable {
    /// The executable `name` beside this process's program or its bundle, if it was built.
    package static func named(_ name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Puts `executable` at `destination` so that it can be started at once, even while other threads of this
    /// process start children: a hard link when the two are on one file system, else a copy written through a
    /// descriptor no child keeps. A copy made with `FileManager.copyItem` is written through a descriptor that a
    /// child another thread spawns meanwhile inherits; while that child runs, starting the copy fails with
    /// "Text file busy" (ETXTBSY), as a clean-clone CI run of 2026-12-05 did.
    package static func place(_ executable: URL, at destination: URL) throws {
        if link(executable.path, destination.path) == 0 { return }
        let contents = try Data(contentsOf: executable)
        let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        defer { close(descriptor) }
        try contents.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
                }
                offset += written
            }
        }
    }
}
