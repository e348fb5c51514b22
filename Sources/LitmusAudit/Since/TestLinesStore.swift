import Foundation
import LitmusSupport

/// The source lines each test executed alone, from the audits of a package that measured them (`--since`,
/// `--html`, `--test-lines`, `--mutation`), kept in its build folder (`test-lines.json`) for a later
/// `--since` audit to choose the tests it runs alone (``AloneScope``).
///
/// An entry holds while nothing its test depends on changed. The store keeps the hash of every file of
/// the package and of its local dependencies, as the audit that wrote it found them before copying the
/// package; a later audit hashes them again and keeps
/// (``surviving(package:files:layout:)``):
/// - every entry, when no file changed;
/// - when only files in target folders changed: the entries of the test targets that hold none of them
///   and depend, directly or through other targets, on no target that does; a change to a target no test
///   depends on (a plugin's tool, an executable a test runs by path) drops them all (Swift resolves a call across
///   a module: a new overload, a new conformance or a new method in an existing file may change what an
///   unchanged test runs, with no line of it executed before, so a changed file drops its whole module's
///   dependents, not only the tests that executed it);
/// - none, when anything else changed: the manifest, a file outside the targets (a fixture a test reads),
///   a plugin, a local dependency, or the package's path. Markdown at the package's root or under `docs/`
///   (documentation), `.litmus-quarantine` and `.litmus-audit.json` change no test.
package struct TestLinesStore: Sendable, Hashable, Codable {
    /// Bump when what the file holds changes.
    static let currentFormat = 3
    /// The file's name in the build folder.
    package static let fileName = "test-lines.json"

    /// The format it was written in.
    var format = Self.currentFormat
    /// The audited package's path.
    package var package: String
    /// The hash of each file the entries depend on (``hashes(package:dependencies:)``).
    package var files: [String: String]
    /// By test identifier (whose module, ``TestID/module``, is what a change drops), the lines
    /// it executed alone, by source file relative to the package (`"12-18,22"` in the file).
    package var tests: [TestID: [String: LineSet]]

    /// A store of `tests`, measured on `package` with these `files`.
    package init(package: String, files: [String: String], tests: [TestID: [String: LineSet]]) {
        self.package = package
        self.files = files
        self.tests = tests
    }

    /// The store in `folder`, `nil` when there is none, or why it cannot be used (another format, or a
    /// file that cannot be read): then every test runs alone, and the audit writes it afresh.
    package static func load(from folder: URL) -> Result<TestLinesStore, Dropped>? {
        let file = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let store = try? JSONDecoder().decode(TestLinesStore.self, from: data), store.format == currentFormat
        else {
            return .failure(Dropped(reason: "\(file.path) is not of this version of litmus, or cannot be read"))
        }
        return .success(store)
    }

    /// Writes the store into `folder`, atomically (an audit stopped halfway leaves the last whole one).
    package func write(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// The hash of every file of `package` (by path relative to it) and of its local dependencies (every
    /// file of each, by absolute path, the package's own folder left out when it lies inside one); build
    /// folders, `.git` and `.swiftpm` left out.
    package static func hashes(package: URL, dependencies: [URL]) -> [String: String] {
        func hash(_ file: URL) -> String { (try? Data(contentsOf: file)).map(ContentHash.hex) ?? "(unreadable)" }
        var hashes: [String: String] = [:]
        for relative in PackageWorkspace.files(under: package) {
            hashes[relative] = hash(package.appendingPathComponent(relative))
        }
        let own = package.standardizedFileURL.path + "/"
        for dependency in dependencies {
            for relative in PackageWorkspace.files(under: dependency) {
                let file = dependency.appendingPathComponent(relative)
                if !file.standardizedFileURL.path.hasPrefix(own) { hashes[file.path] = hash(file) }
            }
        }
        return hashes
    }

    /// The entries that still hold for `package` as it is now (its path, the hashes of its `files`, its
    /// `layout`), or why none does (the file whose change may change any test).
    package func surviving(package: String, files now: [String: String], layout: PackageLayout)
        -> Result<TestLinesStore, Dropped>
    {
        guard package == self.package else { return .failure(Dropped(reason: "they are of \(self.package)")) }
        let changed = Set(files.keys).union(now.keys).filter { files[$0] != now[$0] }
        var dropped: Set<String> = []
        for path in changed.sorted() {
            guard let modules = Self.modules(changedBy: path, layout: layout) else {
                return .failure(Dropped(reason: "\(path) changed since, which may change any test"))
            }
            dropped.formUnion(modules)
        }
        var valid = self
        valid.files = now
        valid.tests = tests.filter { !dropped.contains($0.key.module) }
        return .success(valid)
    }

    /// Why no kept entry holds, or the file cannot be used.
    package struct Dropped: Error, Sendable, Hashable {
        /// What changed, as the end of "the lines kept by the last audit here do not hold: …".
        package var reason: String
    }

    /// The test modules a change to `path` may change: its test target's, or those depending on its
    /// target; none for documentation; `nil` for any test (a file outside the targets, a plugin's, a
    /// local dependency's).
    static func modules(changedBy path: String, layout: PackageLayout) -> Set<String>? {
        if path.hasSuffix(".md") && (!path.contains("/") || path.hasPrefix("docs/")) { return [] }
        if Self.settings.contains(path) { return [] }
        func contains(_ folder: String) -> Bool { path.hasPrefix(folder + "/") }
        let test = layout.testFolders.filter { contains($0.value) }.max { $0.value.count < $1.value.count }
        let source = layout.sourceFolders.filter(contains).max { $0.count < $1.count }
        // A test target another test target depends on (a shared test helper) drops that one's too.
        if let test, test.value.count > (source?.count ?? 0) {
            return Set([test.key]).union(layout.dependentTests[test.value] ?? [])
        }
        // A target no test depends on may still change them: a plugin's tool, an executable run by path.
        guard let source, !layout.pluginFolders.contains(where: contains),
            let dependents = layout.dependentTests[source]
        else { return nil }
        return dependents
    }

    /// The audit's own files in the package, which change no test: the quarantine and the settings.
    static let settings: Set<String> = [Quarantine.fileName, AuditOptions.fileName]

    /// The store after an audit that measured the entries in `measured` afresh, of a suite of the tests
    /// `suite`, with the package's `files` as it found them: those replaced, the others kept (nothing
    /// they depend on changed), the tests no longer in the suite dropped.
    package func updated(measured: [TestID: [String: LineSet]], suite: [TestID], files: [String: String])
        -> TestLinesStore
    {
        let present = Set(suite)
        let tests = self.tests.merging(measured) { _, new in new }.filter { present.contains($0.key) }
        return TestLinesStore(package: package, files: files, tests: tests)
    }
}
