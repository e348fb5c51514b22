import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path with every symbolic link resolved, also for a path that does not exist yet (a build folder
/// about to be made): `realpath(3)` of its longest existing ancestor, the rest appended.
///
/// Deciding whether a folder lies inside another by comparing the paths as written misses links: a
/// `--build-path L/bp` where `L` links to the audited package is inside it, and the audit copied the
/// package into itself until "File name too long". Both paths are resolved before comparing.
package enum RealPath {
    /// The absolute path of `url` with its links resolved (`/private/tmp/x` for `/tmp/x` on macOS).
    package static func of(_ url: URL) -> String {
        var existing = url.absoluteURL.path
        var rest: [String] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                return appending(rest, to: String(cString: resolved))
            }
            guard existing != "/", !existing.isEmpty else { return appending(rest, to: "/") }
            let ns = existing as NSString
            rest.insert(ns.lastPathComponent, at: 0)
            existing = ns.deletingLastPathComponent
        }
    }

    /// Whether `path` is `folder` or lies under it, once the links of both are resolved.
    package static func isInside(_ path: URL, _ folder: URL) -> Bool {
        let inner = of(path)
        let outer = of(folder)
        return inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// `base` with `components` appended: `.` dropped, `..` taking off the last (these do not exist,
    /// so no link is left to follow).
    private static func appending(_ components: [String], to base: String) -> String {
        var parts = base.split(separator: "/").map(String.init)
        for component in components where !component.isEmpty && component != "." {
            if component == ".." {
                _ = parts.popLast()
            } else {
                parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
