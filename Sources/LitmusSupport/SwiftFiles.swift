import Foundation

/// The Swift source files below a folder, found the way SwiftPM finds a target's sources: every `.swift`
/// file, sorted by path, outside hidden folders (`.build`, `.git`, `.swiftpm`) and what `excluding` names.
/// The audit's analysis, `litmus smells`, mutation's schemata and `litmus doubles` all list files through it.
package enum SwiftFiles {
    /// The `.swift` files under `folder`, sorted, leaving out hidden folders below it and the files and
    /// folders whose absolute paths `excluded` holds. A folder that is a symbolic link to another is read where it
    /// points, and its files named under the link, as the manifest names them (krzysztofzablocki/Sourcery 2.3.0's
    /// `Tests/SourceryLibTests`, a link to `SourceryTests`, holds 164 files its test target compiles).
    package static func under(_ folder: URL, excluding excluded: [String] = []) -> [URL] {
        let root = folder.standardizedFileURL
        let target = root.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil) else {
            return []
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let targetPrefix = target.path.hasSuffix("/") ? target.path : target.path + "/"
        return walker.compactMap { $0 as? URL }.map(\.standardizedFileURL).compactMap { url -> URL? in
            guard url.path.hasPrefix(targetPrefix) else { return nil }
            return URL(fileURLWithPath: prefix + url.path.dropFirst(targetPrefix.count))
        }.filter { url in
            url.pathExtension == "swift" && !isHidden(url.path.dropFirst(prefix.count))
                && !excluded.contains { url.path == $0 || url.path.hasPrefix($0 + "/") }
        }.sorted { $0.path < $1.path }
    }

    /// Whether `relativePath`, a path inside a package, lies in a folder that holds no sources of the
    /// package: a hidden one (`.git`, `.build`) or a vendored one (`Pods`, `Carthage`, `node_modules`).
    package static func isVendored(_ relativePath: Substring) -> Bool {
        relativePath.split(separator: "/").dropLast().contains {
            $0.hasPrefix(".") || ["Pods", "Carthage", "node_modules"].contains(String($0))
        }
    }

    /// Whether `relativePath` lies in a hidden folder.
    private static func isHidden(_ relativePath: Substring) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { $0.hasPrefix(".") }
    }
}
