import Foundation

/// The targets of the audited package, as `swift package describe --type json` gives them.
package struct PackageLayout: Sendable {
    /// Folders (relative to the package) of the targets that are not tests.
    package var sourceFolders: [String]
    /// Source files (absolute, in the copy) of the test targets.
    package var testFiles: [URL]

    /// Reads the layout from SwiftPM's JSON description of the package at `root`.
    package static func read(_ data: Data, root: URL) throws -> PackageLayout {
        let description = try JSONDecoder().decode(Description.self, from: data)
        var sourceFolders: [String] = []
        var testFiles: [URL] = []
        for target in description.targets {
            if target.type == "test" {
                let folder = root.appendingPathComponent(target.path)
                testFiles += (target.sources ?? []).filter { $0.hasSuffix(".swift") }.map {
                    folder.appendingPathComponent($0)
                }
            } else if target.type != "plugin" {
                sourceFolders.append(target.path)
            }
        }
        return PackageLayout(sourceFolders: sourceFolders, testFiles: testFiles)
    }

    private struct Description: Decodable {
        var targets: [Target]
    }

    private struct Target: Decodable {
        var path: String
        var type: String
        var sources: [String]?
    }
}
