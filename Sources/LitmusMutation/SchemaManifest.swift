import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

/// What the last schemata build in a kept build folder wrote into its copy of the package, kept beside
/// it (`schemata.json`), so that a run on unchanged sources recompiles nothing.
///
/// Without it every run would bring the copy back to the package's sources (``PackageWorkspace``) and
/// then write the schemata again, with new modification times: SwiftPM would recompile every mutated
/// module, most of a second run's time (on Examples 117 s of 141). With it, a file that still holds the
/// schemata of its unchanged source is left as it is (not restored, not rewritten), and the mutants the
/// compiler rejected last time in a file that did not change are dropped before building.
package struct SchemaManifest: Codable, Sendable {
    /// What was written for one source file.
    struct Entry: Codable, Sendable {
        /// The hash of the package's source it was made from.
        var original: String
        /// The hash of the schemata written into the copy.
        var schema: String
        /// The mutants the compiler rejected, by their index among the file's mutants, with its reason.
        var rejected: [String: String]
        /// The hash of the file's mutants (operator, place, replacement): the indexes hold for these only
        /// (another version of Litmus may make other mutants of the same text).
        var mutants: String
    }

    /// The file's name in the build folder.
    static let fileName = "schemata.json"

    /// By source file, relative to the package.
    var files: [String: Entry]
    /// The support files written (one per mutated module), by path relative to the package: their hashes.
    var support: [String: String]
    /// The hash of the package's manifests (`Package*.swift`): the rejections hold for these only.
    var manifests: String

    /// The manifest in `folder` (a kept build folder), if one can be read.
    static func load(from folder: URL?) -> SchemaManifest? {
        guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(SchemaManifest.self, from: data)
    }

    /// Writes it into `folder`.
    func save(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName))
    }

    /// The files of `copy` that still hold what was written for the package at `original` as it is now:
    /// the schemata of sources whose text is unchanged, and the support files.
    func preserved(original: URL, copy: URL) -> Set<String> {
        // A changed manifest can change which folders are mutated: then nothing is kept.
        guard manifests == Self.manifestsHash(of: original) else { return [] }
        var kept: Set<String> = []
        for (path, entry) in files
        where Self.hash(of: original.appendingPathComponent(path)) == entry.original
            && Self.hash(of: copy.appendingPathComponent(path)) == entry.schema
        {
            kept.insert(path)
        }
        for (path, hash) in support where Self.hash(of: copy.appendingPathComponent(path)) == hash {
            kept.insert(path)
        }
        return kept
    }

    /// The last build's rejections as mutant ids of `files` (made from the package at `original`): those
    /// of each file whose text is unchanged, when the manifests are unchanged too. A rejected mutant is one
    /// the type checker refused in its own file's code, so it stays refused while that file stays the same;
    /// should a change elsewhere make one compile, `--no-cache` (no rejection reused) finds it again.
    func rejections(of files: [SchemaBuild.File], original: URL) -> [Int: String] {
        guard manifests == Self.manifestsHash(of: original) else { return [:] }
        var rejected: [Int: String] = [:]
        for file in files {
            guard let entry = self.files[file.path], entry.original == ContentHash.hex(file.text),
                entry.mutants == Self.mutantsHash(file.mutants)
            else { continue }
            for (index, reason) in entry.rejected {
                if let index = Int(index), file.mutants.indices.contains(index) {
                    rejected[file.mutants[index].id] = reason
                }
            }
        }
        return rejected
    }

    /// The manifest of a build of `files` whose schemata hashed to `schemata` (by path), with the
    /// support files `support` (path to text) and the compiler's `rejected` mutants.
    init(
        files: [SchemaBuild.File], schemata: [String: String], support: [String: String], rejected: [Int: String],
        original: URL
    ) {
        var entries: [String: Entry] = [:]
        for file in files {
            guard let schema = schemata[file.path] else { continue }
            var rejectedHere: [String: String] = [:]
            for (index, mutant) in file.mutants.enumerated() {
                if let reason = rejected[mutant.id] { rejectedHere[String(index)] = reason }
            }
            entries[file.path] = Entry(
                original: ContentHash.hex(file.text), schema: schema, rejected: rejectedHere,
                mutants: Self.mutantsHash(file.mutants))
        }
        self.files = entries
        self.support = support.mapValues(ContentHash.hex)
        self.manifests = Self.manifestsHash(of: original)
    }

    /// One hash of `mutants` without their ids: each one's operator, place and replacement.
    static func mutantsHash(_ mutants: [Mutant]) -> String {
        ContentHash.hex(
            mutants.map {
                "\($0.mutationOperator.rawValue) \($0.changed.lowerBound)-\($0.changed.upperBound) \($0.replacement)"
            }
            .joined(separator: "\n"))
    }

    /// The hash of a file's bytes; `nil` when it cannot be read.
    static func hash(of file: URL) -> String? {
        (try? Data(contentsOf: file)).map { ContentHash.hex($0) }
    }

    /// One hash of the package's manifests (`Package.swift` and `Package@swift-*.swift`), by name.
    private static func manifestsHash(of package: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []).filter {
            $0.hasPrefix("Package") && $0.hasSuffix(".swift")
        }.sorted()
        return ContentHash.hex(names.map { "\($0)\n" + (hash(of: package.appendingPathComponent($0)) ?? "") }.joined())
    }
}
