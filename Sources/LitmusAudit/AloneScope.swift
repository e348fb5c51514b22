import Foundation

/// `--since REF`: which tests run alone. The report keeps the findings of the tests that touch the
/// changes (``ChangedScope``): a test whose file changed, or whose lines executed alone include a changed
/// line. Which lines a test executes is what its alone run measures, so an audit with nothing to go by
/// runs every test alone. With the lines each test executed alone in an earlier audit of the package
/// (``TestLinesStore``, in the kept build folder), still valid for the package as it is now, a test
/// whose stored lines touch no change and whose file did not change is out of scope before it runs: its
/// alone run would only feed findings the report drops, so it is skipped, and the report takes its
/// lines from the store. Without coverage (`--no-coverage`) only a changed test file puts a test in
/// scope, so only those tests run alone.
package struct AloneScope: Sendable, Hashable, Codable {
    /// The tests to run alone, by identifier; `nil`: every test.
    package var tests: Set<String>?
    /// Why every test runs alone, when `tests` is `nil`.
    package var reason: String?

    /// Every test runs alone, for `reason`.
    package static func everyTest(_ reason: String) -> AloneScope { AloneScope(tests: nil, reason: reason) }

    /// The tests of `tests` to run alone for `changes`, given the lines each executed alone before
    /// (`previous`: the store, already checked against what changed since it was written; `nil` when there
    /// is none).
    package static func choose(_ tests: [TestIdentity], changes: ChangedLines, previous: TestLinesStore?)
        -> AloneScope
    {
        guard let previous else {
            return .everyTest("no earlier audit in this build folder recorded the lines each test executes alone")
        }
        let chosen = tests.filter { test in
            guard let entry = previous.tests[test.id] else { return true }
            return ChangedScope.touches(changes, file: test.file, lines: entry.lines)
        }
        return AloneScope(tests: Set(chosen.map(\.id)), reason: nil)
    }

    /// The tests whose own file changed: without coverage, the only ones `--since` keeps.
    package static func byFile(_ tests: [TestIdentity], changes: ChangedLines) -> AloneScope {
        AloneScope(tests: Set(tests.filter { $0.file.map(changes.touches(file:)) ?? false }.map(\.id)), reason: nil)
    }

    /// The tests of `tests` this scope runs alone, in their order.
    package func filter(_ tests: [TestIdentity]) -> [TestIdentity] {
        guard let chosen = self.tests else { return tests }
        return tests.filter { chosen.contains($0.id) }
    }
}

/// The source lines each test executed alone, from the audits of a package that measured them (`--since`,
/// `--html`, `--test-lines`, `--mutation`), kept in its build folder (`test-lines.json`) for a later
/// `--since` audit to choose the tests it runs alone (``AloneScope``).
///
/// An entry holds while nothing its test executes changed. The kept copy of the package is brought up to
/// date at the start of every audit (``WorkspaceSync``), which names the files it wrote or deleted; the
/// store drops at once, and on disk, every entry those files may change (``invalidated(by:)``): a test
/// whose file, test target or executed source file changed. A change to anything other than a target's
/// Swift source (Package.swift, a resource, a fixture a test reads) may change any test and drops them
/// all; Markdown outside the targets is documentation and drops none. What no entry can see: code that no
/// test executed and that an unchanged test now reaches with no changed line on its way (a new file's
/// conformance picked at run time). `--no-build-cache` keeps no store: every test runs alone.
package struct TestLinesStore: Sendable, Hashable, Codable {
    /// One test's lines, and what else they depend on.
    package struct Entry: Sendable, Hashable, Codable {
        /// The file declaring the test, relative to the package.
        package var file: String?
        /// The folder of its test target, relative to the package.
        package var folder: String?
        /// The lines it executed alone, by source file relative to the package (`"12-18,22"`).
        package var lines: [String: String]

        /// An entry.
        package init(file: String?, folder: String?, lines: [String: String]) {
            self.file = file
            self.folder = folder
            self.lines = lines
        }
    }

    /// Bump when what an entry means changes.
    static let currentFormat = 1
    /// The file's name in the build folder.
    package static let fileName = "test-lines.json"

    /// The format it was written in.
    var format = Self.currentFormat
    /// The folders of the package's targets, sources and tests, relative to it.
    package var targetFolders: [String]
    /// The entries, by test identifier.
    package var tests: [String: Entry]

    /// A store of `tests`.
    package init(targetFolders: [String], tests: [String: Entry]) {
        self.targetFolders = targetFolders
        self.tests = tests
    }

    /// The store in `folder`: `nil` when there is none, when it is of another format, or when it cannot
    /// be read (then every test runs alone, and the audit writes it afresh).
    package static func load(from folder: URL) -> TestLinesStore? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
            let store = try? JSONDecoder().decode(TestLinesStore.self, from: data), store.format == currentFormat
        else { return nil }
        return store
    }

    /// Writes the store into `folder`, atomically (an audit stopped halfway leaves the last whole one).
    package func write(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Drops, from the store in `folder`, every entry the files `changed` since it was written may change
    /// (``invalidated(by:)``), on disk at once, so an audit that stops before writing the store again
    /// leaves none that no longer holds; returns what is left.
    package static func load(from folder: URL, changed: [String]) throws -> TestLinesStore? {
        let file = folder.appendingPathComponent(fileName)
        guard let store = load(from: folder) else { return nil }
        guard !changed.isEmpty else { return store }
        guard let valid = store.invalidated(by: changed) else {
            try FileManager.default.removeItem(at: file)
            return nil
        }
        try valid.write(to: folder)
        return valid
    }

    /// The store without the entries that the files `changed` (relative paths, written or deleted) may
    /// change; `nil` when a change may change any test.
    package func invalidated(by changed: [String]) -> TestLinesStore? {
        func inTarget(_ path: String) -> Bool { targetFolders.contains { path.hasPrefix($0 + "/") } }
        let anyTest = changed.contains { path in
            inTarget(path) ? !path.hasSuffix(".swift") : !(path.hasSuffix(".md") || path.hasSuffix(".markdown"))
        }
        guard !anyTest else { return nil }
        let changedSet = Set(changed)
        var valid = self
        valid.tests = tests.filter { _, entry in
            if let file = entry.file, changedSet.contains(file) { return false }
            if let folder = entry.folder, changed.contains(where: { $0.hasPrefix(folder + "/") }) { return false }
            return !entry.lines.keys.contains(where: changedSet.contains)
        }
        return valid
    }

    /// The store after an audit of `suite` (with the package's `targetFolders`) that measured the entries
    /// in `measured` afresh: those replaced, the others kept as they were (nothing they depend on
    /// changed), the tests no longer in the suite dropped.
    package func updated(measured: [String: Entry], suite: [String], targetFolders: [String]) -> TestLinesStore {
        let present = Set(suite)
        let tests = self.tests.merging(measured) { _, new in new }.filter { present.contains($0.key) }
        return TestLinesStore(targetFolders: targetFolders, tests: tests)
    }
}
