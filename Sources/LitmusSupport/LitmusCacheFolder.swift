import Foundation

/// Where Litmus keeps its per-user files: the audits' build folders (`builds`) and the histories of runs
/// (`history`) side by side in one folder, and the key that names a package's files there.
package enum LitmusCacheFolder {
    /// The folder the environment names: `$LITMUS_CACHE_DIR`, else `$XDG_CACHE_HOME/litmus`, else
    /// `~/.cache/litmus`.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let litmus = environment["LITMUS_CACHE_DIR"], !litmus.isEmpty {
            return URL(fileURLWithPath: litmus)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("litmus")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache").appendingPathComponent("litmus")
    }

    /// The key of a package: its folder's name and the FNV-1a hash of its absolute path, in hex
    /// (`Examples-3f2a…`): the same package always has the same key, two packages of one name two keys.
    package static func key(for package: URL) -> String {
        let name = package.standardizedFileURL.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return "\(name.isEmpty ? "package" : name)-\(ContentHash.hex(package.standardizedFileURL.path))"
    }
}
