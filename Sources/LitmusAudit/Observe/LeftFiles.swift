import Foundation

/// What a test left behind in its alone run: files it created or changed in the package (its copy,
/// outside SwiftPM's and git's folders) and files it left in the temporary folder its run was given.
struct LeftFiles: Sendable, Hashable, Codable {
    /// In the package, relative to it, each with how it changed.
    var package: [PackageFiles.Change] = []
    /// In its temporary folder (`TMPDIR`), relative to it.
    var temporaryFolder: [String] = []

    /// Whether it left nothing.
    var isEmpty: Bool { package.isEmpty && temporaryFolder.isEmpty }
}

extension RunStage {
    /// At most this many tests run alone again to learn which one leaves files in the package.
    static let leftFileConfirmations = 20

    /// The files left in the package's copy since `before` (taken as the alone runs started), each
    /// attributed to the test that makes it again when run alone, one at a time, with nothing beside it.
    /// The candidates are the tests during whose alone run the file changed, then those whose alone
    /// run's span holds its last modification time (at most ``leftFileConfirmations``, in the order they
    /// ran); alone runs overlap (`--jobs`), and random halves may run beside them, so neither blames a
    /// test by itself. The copy is put back as the package is after the runs and after each confirmation;
    /// what no test made again is kept as unattributed.
    func checkLeftFiles(since before: PackageFiles, _ observations: inout Observations, xctests: [TestIdentity])
        async throws
    {
        var left = observations.leftFiles ?? [:]
        defer { observations.leftFiles = left }
        let copy = binary.workingDirectory
        let original = URL(fileURLWithPath: paths.original)
        let changes = PackageFiles.snapshot(of: copy).changes(since: before)
        guard !changes.isEmpty else { return }
        PackageFiles.restore(changes, copy: copy, original: original)
        let candidates = Self.candidates(for: changes, among: observations)
        if !candidates.isEmpty {
            progress(
                .phase(
                    "Running alone again, one at a time, \(candidates.count) test\(candidates.count == 1 ? "" : "s") that may have left files in the package"
                ))
        }
        var explained: Set<String> = []
        for test in candidates {
            let start = PackageFiles.snapshot(of: copy)
            _ = try await binary.run([test], all: xctests, profile: "left-files")
            let made = PackageFiles.snapshot(of: copy).changes(since: start)
            PackageFiles.restore(made, copy: copy, original: original)
            let relevant = made.filter { change in changes.contains { $0.path == change.path } }
            guard !relevant.isEmpty else { continue }
            left[test.id, default: LeftFiles()].package += relevant
            explained.formUnion(relevant.map(\.path))
        }
        let unexplained = changes.filter { !explained.contains($0.path) }
        observations.unattributedFiles = unexplained.isEmpty ? nil : unexplained
    }

    /// The tests during whose alone run a changed file changed, then the alone runs whose process span
    /// holds a created or changed file's modification time (with half a second either side), each in the
    /// order they started, at most ``leftFileConfirmations`` in all.
    static func candidates(for changes: [PackageFiles.Change], among observations: Observations)
        -> [TestIdentity]
    {
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }) { first, _ in first }
        let paths = Set(changes.map(\.path))
        let started = observations.processes.sorted { $0.process.start < $1.process.start }.compactMap {
            recorded -> TestID? in
            guard case .alone(let id) = recorded.run else { return nil }
            return id
        }
        let during = started.compactMap { id -> TestIdentity? in
            guard let changed = observations.changedWhileAlone?[id], !paths.isDisjoint(with: changed) else {
                return nil
            }
            return byID[id]
        }
        var chosen: [TestIdentity] = []
        for test in during + bySpan(changes, among: observations, byID: byID) where !chosen.contains(test) {
            chosen.append(test)
        }
        return Array(chosen.prefix(leftFileConfirmations))
    }

    /// The alone runs whose process span holds a created or changed file's modification time.
    private static func bySpan(
        _ changes: [PackageFiles.Change], among observations: Observations, byID: [TestID: TestIdentity]
    ) -> [TestIdentity] {
        // The processes' spans are seconds on TestBinary's clock; the files' times are dates.
        let offset = Date().timeIntervalSinceReferenceDate - TestBinary.now()
        var chosen: [TestIdentity] = []
        let alone = observations.processes.sorted { $0.process.start < $1.process.start }
        for recorded in alone {
            guard case .alone(let id) = recorded.run, let test = byID[id], !chosen.contains(test) else { continue }
            let from = recorded.process.start + offset - 0.5
            let to = recorded.process.end + offset + 0.5
            let touched = changes.contains { change in
                guard let modified = change.modified?.timeIntervalSinceReferenceDate else { return false }
                return modified >= from && modified <= to
            }
            if touched { chosen.append(test) }
            if chosen.count == leftFileConfirmations { break }
        }
        return chosen
    }
}
