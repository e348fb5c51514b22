import ArgumentParser
import Foundation
import LitmusAudit

/// The package's folder in the per-user ``BuildCache``, as `litmus audit` and `litmus mutate` take it.
public enum CachedBuildFolder {
    /// The folder for `package` (`use` names a folder of a command's own, as ``BuildCache/acquire(for:use:)``),
    /// locked; `nil` when the package has no Package.swift (the command then names the problem). A cache
    /// that cannot be used is reported as `command: message` and exits 2.
    public static func take(for package: URL, use: String? = nil, command: String) throws -> (
        cache: BuildCache, lock: BuildCacheLock
    )? {
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            return nil
        }
        do {
            let cache = try BuildCache.standard()
            return (cache, try cache.acquire(for: package, use: use))
        } catch let error as AuditError {
            FileHandle.standardError.write(Data("\(command): \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}
