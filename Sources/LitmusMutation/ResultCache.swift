import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

/// The results of the last `litmus mutate` of a package, kept in its build folder
/// (`mutation-results.json`), so that a mutant whose file, covering tests and those tests' sources are
/// unchanged is not run again.
///
/// A result is found by its key (``key(for:fileHash:coveredBy:testSources:)``), which holds everything
/// the result depends on except the ids (which shift when a file earlier in the order gains a mutant).
/// The whole file is set aside when it was made by another format, toolchain or time limit (its stamp).
package struct MutationResultCache: Sendable {
    /// Bump when what a result means changes (a new status, a new way of running mutants).
    static let format = 1
    /// The file's name in the build folder.
    package static let fileName = "mutation-results.json"

    /// One mutant's result without the mutant.
    struct Entry: Codable, Sendable, Hashable {
        var status: MutantStatus
        var reason: String?
        var coveredBy: [TestID]
        var killedBy: [TestID]
        var testsCompleted: Int
        var durationMilliseconds: Int
    }

    private struct Stored: Codable {
        var format: Int
        var stamp: String
        var entries: [String: Entry]
    }

    /// What the results depend on beyond each mutant (toolchain, time limits).
    package var stamp: String
    /// Results by key.
    var entries: [String: Entry] = [:]

    /// An empty cache with `stamp`.
    package init(stamp: String) { self.stamp = stamp }

    /// The cache in `file`: empty when there is none or its stamp differs, and empty with a warning
    /// (never an error) when it cannot be read.
    package static func load(from file: URL, stamp: String) -> (cache: MutationResultCache, warning: String?) {
        var cache = MutationResultCache(stamp: stamp)
        guard FileManager.default.fileExists(atPath: file.path) else { return (cache, nil) }
        do {
            let stored = try JSONDecoder().decode(Stored.self, from: Data(contentsOf: file))
            if stored.format == format && stored.stamp == stamp { cache.entries = stored.entries }
            return (cache, nil)
        } catch {
            return (
                cache,
                "the result cache \(file.path) cannot be read (\(error.localizedDescription)); "
                    + "it is ignored, every mutant runs, and it is written afresh"
            )
        }
    }

    /// Writes the cache to `file` (atomically, so a run stopped halfway leaves the last whole one).
    package func write(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(Stored(format: Self.format, stamp: stamp, entries: entries)).write(
            to: file, options: .atomic)
    }

    /// The stored result of `mutant` under `key`, if any.
    package func result(for mutant: Mutant, key: String) -> MutantResult? {
        guard let entry = entries[key] else { return nil }
        return MutantResult(
            mutant: mutant, status: entry.status, reason: entry.reason, coveredBy: entry.coveredBy,
            killedBy: entry.killedBy, testsCompleted: entry.testsCompleted,
            durationMilliseconds: entry.durationMilliseconds, reused: true)
    }

    /// Keeps `result` under `key`.
    package mutating func record(_ result: MutantResult, key: String) {
        entries[key] = Entry(
            status: result.status, reason: result.reason, coveredBy: result.coveredBy, killedBy: result.killedBy,
            testsCompleted: result.testsCompleted, durationMilliseconds: result.durationMilliseconds)
    }

    /// Drops every entry whose key is not in `keys` (mutants that no longer exist).
    package mutating func keep(only keys: Set<String>) {
        entries = entries.filter { keys.contains($0.key) }
    }

    /// The key of a mutant's result: its file, operator, place, original and replacement text; the hash
    /// of its file's text (`fileHash`); the ids of the tests that reach it; and the hash of each of those
    /// tests' sources (`testSources`, by test module; a test whose module is not there falls back to
    /// `testSources["*"]`, the hash of every test file).
    package static func key(
        for mutant: Mutant, fileHash: String, coveredBy tests: [TestID], testSources: [String: String]
    ) -> String {
        let covering = Set(tests).sorted()
        let modules = Set(
            covering.map(\.module).map { testSources[$0] == nil ? "*" : $0 }
        ).sorted()
        let parts: [String] =
            [
                mutant.file, mutant.mutationOperator.rawValue, "\(mutant.start.line):\(mutant.start.column)",
                "\(mutant.end.line):\(mutant.end.column)", mutant.original, mutant.replacement, fileHash,
            ] + covering.map(\.rawValue) + modules.map { "\($0)=\(testSources[$0] ?? "")" }
        // Joined with a byte no source text holds, so two lists cannot join to the same text.
        return ContentHash.hex(parts.joined(separator: "\u{1}"))
    }

    /// The hash of each test module's files (paths and contents), and of all of them as `"*"`.
    package static func testSources(_ modules: [String: [URL]], root: URL) -> [String: String] {
        func hash(_ files: [URL]) -> String {
            var text = ""
            for file in files.sorted(by: { $0.path < $1.path }) {
                let contents = (try? String(contentsOf: file, encoding: .utf8)) ?? "(unreadable)"
                text += file.path.replacingOccurrences(of: root.path, with: "") + "\u{1}" + contents + "\u{1}"
            }
            return ContentHash.hex(text)
        }
        var hashes = modules.mapValues(hash)
        hashes["*"] = hash(modules.values.flatMap { $0 })
        return hashes
    }

}
