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
    /// The candidates are the tests during whose alone run the file changed, then, while a file is left that
    /// none of them made again, those whose alone run's span holds its last modification time (at most
    /// ``leftFileConfirmations``, in the order they ran); alone runs overlap (`--jobs`), and random halves may
    /// run beside them, so neither blames a test by itself. The copy is put back as the package is after the runs and after each confirmation;
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
        let count = candidates.during.count + candidates.bySpan.count
        if count > 0 {
            progress(
                .phase(
                    "Running alone again, one at a time, up to \(count) test\(count == 1 ? "" : "s") that may have left files in the package"
                ))
        }
        let binary = self.binary
        let attributed = try await Self.attribute(changes, to: candidates) { test in
            let start = PackageFiles.snapshot(of: copy)
            _ = try await binary.run([test], all: xctests, profile: "left-files")
            let made = PackageFiles.snapshot(of: copy).changes(since: start)
            PackageFiles.restore(made, copy: copy, original: original)
            return made
        }
        for (test, files) in attributed { left[test, default: LeftFiles()].package += files }
        let explained = Set(attributed.values.joined().map(\.path))
        let unexplained = changes.filter { !explained.contains($0.path) }
        observations.unattributedFiles = unexplained.isEmpty ? nil : unexplained
    }

    /// Which of `candidates` make `changes` again, each run by `rerun` (the changes it made): every test seen
    /// changing a file while it ran alone, then those only the time of a change suspects, until every changed file
    /// is made again by some test (another alone run beside it may have made it: the time alone blames no test).
    static func attribute(
        _ changes: [PackageFiles.Change], to candidates: (during: [TestIdentity], bySpan: [TestIdentity]),
        rerun: (TestIdentity) async throws -> [PackageFiles.Change]
    ) async throws -> [TestID: [PackageFiles.Change]] {
        let paths = Set(changes.map(\.path))
        var explained: Set<String> = []
        var attributed: [TestID: [PackageFiles.Change]] = [:]
        for (index, test) in (candidates.during + candidates.bySpan).enumerated() {
            if index >= candidates.during.count, explained == paths { break }
            let relevant = try await rerun(test).filter { paths.contains($0.path) }
            guard !relevant.isEmpty else { continue }
            attributed[test.id, default: []] += relevant
            explained.formUnion(relevant.map(\.path))
        }
        return attributed
    }

    /// The tests that may have made `changes`: `during`, those during whose alone run a changed file changed, and
    /// `bySpan`, the other alone runs whose process span holds a created or changed file's modification time (with
    /// half a second either side), each in the order they started, at most ``leftFileConfirmations`` in all.
    static func candidates(for changes: [PackageFiles.Change], among observations: Observations)
        -> (during: [TestIdentity], bySpan: [TestIdentity])
    {
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }) { first, _ in first }
        let paths = Set(changes.map(\.path))
        let started = observations.processes.sorted { $0.process.start < $1.process.start }.compactMap {
            recorded -> TestID? in
            guard case .alone(let id) = recorded.run else { return nil }
            return id
        }
        var during: [TestIdentity] = []
        for id in started {
            guard let changed = observations.changedWhileAlone?[id], !paths.isDisjoint(with: changed),
                let test = byID[id], !during.contains(test)
            else { continue }
            during.append(test)
        }
        let bySpan = bySpan(changes, among: observations, byID: byID).filter { !during.contains($0) }
        let kept = Array(during.prefix(leftFileConfirmations))
        return (kept, Array(bySpan.prefix(leftFileConfirmations - kept.count)))
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
