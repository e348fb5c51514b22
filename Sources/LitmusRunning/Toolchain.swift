import Foundation
import LitmusModel

/// The Swift toolchain's programs the audit calls: `swift`, `llvm-profdata` and `llvm-cov`.
package struct Toolchain: Sendable {
    package var swift: URL
    package var profdata: URL?
    package var cov: URL?

    /// Finds `swift` on PATH (or in /opt/swift/usr/bin), and the LLVM tools beside it.
    package static func locate() throws -> Toolchain {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        let fileManager = FileManager.default
        guard let folder = folders.first(where: { fileManager.isExecutableFile(atPath: "\($0)/swift") }) else {
            throw AuditError.toolMissing(name: "swift")
        }
        let swift = URL(fileURLWithPath: folder).appendingPathComponent("swift")
        let real = swift.resolvingSymlinksInPath().deletingLastPathComponent()
        func tool(_ name: String) -> URL? {
            for candidate in [real.path, folder] + folders
            where fileManager.isExecutableFile(atPath: "\(candidate)/\(name)") {
                return URL(fileURLWithPath: candidate).appendingPathComponent(name)
            }
            return nil
        }
        return Toolchain(swift: swift, profdata: tool("llvm-profdata"), cov: tool("llvm-cov"))
    }
}
