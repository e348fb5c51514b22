import Foundation

/// The targets of the audited package, as `swift package describe --type json` gives them.
package struct PackageLayout: Sendable {
    /// The package's name, as its manifest declares it.
    package var name = ""
    /// Folders (relative to the package) of the targets that are not tests.
    package var sourceFolders: [String]
    /// Source files (absolute, in the copy) of the test targets, by test module (the target's C99 name,
    /// the first part of its tests' identifiers).
    package var testModules: [String: [URL]] = [:]
    /// The folder (relative to the package) of each test target, by test module.
    package var testFolders: [String: String] = [:]
    /// The same files, one list per test target, in the order of the targets' module names.
    package var testTargets: [[URL]] { testModules.keys.sorted().compactMap { testModules[$0] } }
    /// Every target's folder, sources and tests, relative to the package.
    package var targetFolders: [String] { sourceFolders + testFolders.values.sorted() }

    /// Reads the layout from SwiftPM's JSON description of the package at `root`.
    package static func read(_ data: Data, root: URL) throws -> PackageLayout {
        let description = try JSONDecoder().decode(Description.self, from: data)
        var sourceFolders: [String] = []
        var testModules: [String: [URL]] = [:]
        var testFolders: [String: String] = [:]
        for target in description.targets {
            if target.type == "test" {
                let folder = root.appendingPathComponent(target.path)
                let files = (target.sources ?? []).filter { $0.hasSuffix(".swift") }.map {
                    folder.appendingPathComponent($0)
                }
                let module = target.c99name ?? target.name ?? target.path
                testModules[module, default: []] += files
                testFolders[module] = target.path
            } else if target.type != "plugin" {
                sourceFolders.append(target.path)
            }
        }
        return PackageLayout(
            name: description.name ?? "", sourceFolders: sourceFolders, testModules: testModules,
            testFolders: testFolders)
    }

    private struct Description: Decodable {
        var name: String?
        var targets: [Target]
    }

    private struct Target: Decodable {
        var name: String?
        var c99name: String?
        var path: String
        var type: String
        var sources: [String]?
    }
}
