import LitmusModel

/// The one place where a path in the audit's copy of the package is mapped back to the package: to a
/// path relative to it (`Tests/AppTests/CartTests.swift`, for findings and tests), or to the path in
/// the package the user named (for messages that print paths, such as a test's failure).
package struct PathMap: Sendable, Hashable {
    /// The copy's folder.
    package var copy: String
    /// The folder of the package the user named.
    package var original: String

    /// `path` relative to the package, when it lies in the copy; else `path` as it is.
    package func relative(_ path: String) -> String {
        let root = copy + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// `path` relative to the package when it lies in one of `folders` (relative to the package);
    /// `nil` otherwise (a test target's file, a dependency's).
    package func relative(_ path: String, within folders: [String]) -> String? {
        let mapped = relative(path)
        guard mapped != path, folders.contains(where: { mapped.hasPrefix($0 + "/") }) else { return nil }
        return mapped
    }

    /// `path` in the original package, when it lies in the copy; else `path` as it is.
    package func original(_ path: String) -> String {
        path == copy || path.hasPrefix(copy + "/") ? original + path.dropFirst(copy.count) : path
    }

    /// `text` with every mention of the copy's folder replaced by the original package's folder.
    package func originalText(_ text: String) -> String {
        text.replacingOccurrences(of: copy, with: original)
    }

    /// The test's file relative to the package.
    package func relative(_ test: TestIdentity) -> TestIdentity {
        var mapped = test
        mapped.file = test.file.map(relative)
        return mapped
    }
}
