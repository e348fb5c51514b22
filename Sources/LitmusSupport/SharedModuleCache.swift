import Foundation

/// The compiler's module cache that every build Litmus runs shares: its audits', its mutation runs' and
/// their variants', whatever their build folders.
///
/// A build folder of its own gives each build a module cache of its own (SwiftPM's default), where the
/// compiler first makes again every module it reads from the toolchain's interfaces and headers (Testing,
/// Glibc, `_Concurrency`, Foundation's C modules): 9 of the 16 processor-seconds a one-module package with
/// one test file takes to build from nothing. Given one folder (`-module-cache-path`, the way Xcode shares
/// one across projects), they are made once per toolchain: the folder is keyed by the compiler's hash of
/// its options, and the compiler locks what it writes there, so builds side by side share it safely.
package enum SharedModuleCache {
    /// The folder: `$LITMUS_MODULE_CACHE` when set, else `module-cache` in Litmus's cache folder
    /// (``LitmusCacheFolder``). A relative path is taken from the current folder.
    package static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let named = environment["LITMUS_MODULE_CACHE"], !named.isEmpty {
            return URL(fileURLWithPath: named).standardizedFileURL
        }
        return LitmusCacheFolder.standard(environment: environment).appendingPathComponent("module-cache")
    }

    /// The options of `swift build` that make its Swift compiles use ``folder(environment:)``. A package's own
    /// `-module-cache-path`, given after them, still wins.
    package static func buildArguments(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [String]
    {
        ["-Xswiftc", "-module-cache-path", "-Xswiftc", folder(environment: environment).path]
    }
}
