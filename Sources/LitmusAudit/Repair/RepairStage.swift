import Foundation
import LitmusSupport
import Synchronization

/// The stage that looks for a verified fix of each order-dependent XCTest test bisection explained
/// (`--fixes`), after iFixFlakies (Shi et al., ESEC/FSE 2019):
///
/// - A **brittle** test (it passes only after another, `passesOnlyWithOthers`) needs that test's state:
///   the state-setter is the helper.
/// - A **victim** (it fails after a polluter, `failsOnlyWithOthers`) needs what a **cleaner** does, a
///   test whose statements reset the polluter's state. XCTest runs a process's tests in its own order,
///   so a cleaner cannot be run between the two as iFixFlakies does: each candidate's statements (the
///   victim's class first, then its file, then the rest, at most ``candidateLimit``) go into the
///   victim's `setUp()` and the failing order runs again.
///
/// The helper's statements (its checks left out) are then reduced by delta debugging to those that
/// matter, each try a build and a run in the audit's copy; the patch puts them in the victim's
/// `setUp()`, and is offered only when the failing order passed with it. The package is never written
/// to: the copy's file is put back after each finding. Swift Testing tests get advice, not a patch.
struct RepairStage {
    /// The audit's copy.
    var workspace: PackageWorkspace
    /// The toolchain that builds it.
    var toolchain: Toolchain
    /// The built tests.
    var binary: TestBinary
    /// Every test, located in the sources.
    var tests: [TestIdentity]
    /// A build's time limit, in seconds.
    var timeout: Double
    /// Where progress goes.
    var progress: @Sendable (RunProgress) -> Void
    /// The package's own build options, as the audit built it (a patched build recompiles only the file).
    var build = PackageBuild()
    /// The writes of the copy's file, each with a later modification time than the last.
    private let stamps = Stamps()

    /// At most this many cleaner candidates are tried per victim.
    static let candidateLimit = 5
    /// At most this many builds per finding.
    static let buildLimit = 12

    /// What one finding's search found: its repair, and the statements its patch adds to which class.
    struct Found {
        var repair: Repair
        var insertion: (file: String, className: String, statements: [String])?
    }

    /// `findings` with a ``Repair`` on each order-dependent test bisection explained, and the verified
    /// patches together, one diff per file (verified together again when a file has several).
    func repair(_ findings: [Finding]) async throws -> (findings: [Finding], fixes: String) {
        var repaired = findings
        var insertions: [(file: String, className: String, statements: [String], orders: [[TestIdentity]])] = []
        for index in repaired.indices {
            let finding = repaired[index]
            guard finding.kind == .failsOnlyWithOthers || finding.kind == .passesOnlyWithOthers,
                let id = finding.test, let victim = tests.first(where: { $0.id == id }),
                let culpritID = finding.culprits?.first, finding.culprits?.count == 1,
                let culprit = tests.first(where: { $0.id == culpritID })
            else { continue }
            progress(.phase("Looking for a verified fix of \(victim.name)"))
            let found = try await search(
                victim: victim, culprit: culprit, brittle: finding.kind == .passesOnlyWithOthers)
            repaired[index].repair = found.repair
            if let insertion = found.insertion {
                insertions.append(
                    (insertion.file, insertion.className, insertion.statements, [order(victim, culprit, finding.kind)]))
            }
        }
        return (repaired, try await combined(insertions))
    }

    /// The order that failed: the victim after its polluter, or the brittle test alone.
    private func order(_ victim: TestIdentity, _ culprit: TestIdentity, _ kind: FindingKind) -> [TestIdentity] {
        kind == .passesOnlyWithOthers ? [victim] : [culprit, victim]
    }

    /// The search for one finding.
    private func search(victim: TestIdentity, culprit: TestIdentity, brittle: Bool) async throws -> Found {
        let started = ContinuousClock.now
        var counter = Counter()
        func done(_ patch: String?, _ summary: String) -> Repair {
            Repair(
                patch: patch, summary: summary, runs: counter.runs, builds: counter.builds,
                seconds: (ContinuousClock.now - started).inSeconds)
        }
        guard victim.library == .xctest, culprit.library == .xctest, let file = victim.file,
            let className = victim.xctestClass
        else {
            return Found(
                repair: done(
                    nil,
                    "No patch for a Swift Testing test: give each test its own state (an instance property of the suite, made in its init), "
                        + "or mark the suite `.serialized` or scope the state with a task-local value or a trait so that no other test sees it"
                ),
                insertion: nil)
        }
        let url = workspace.package.appendingPathComponent(file)
        let original = try String(contentsOf: url, encoding: .utf8)
        defer { try? stamps.write(original, to: url) }
        let failingOrder = brittle ? [victim] : [culprit, victim]
        let helpers = brittle ? [culprit] : Self.cleanerCandidates(victim: victim, polluter: culprit, among: tests)
        if helpers.isEmpty {
            return Found(repair: done(nil, "No cleaner: no other XCTest test to try"), insertion: nil)
        }
        for helper in helpers {
            guard let helperFile = helper.file, let helperClass = helper.xctestClass,
                let helperText = try? String(
                    contentsOf: workspace.package.appendingPathComponent(helperFile), encoding: .utf8),
                let statements = RepairSource.statements(
                    of: String(helper.id.lastComponent), in: helperClass, text: helperText),
                !statements.isEmpty
            else { continue }
            func passes(_ chosen: [Int]) async throws -> Bool {
                guard counter.builds < Self.buildLimit,
                    let patched = RepairSource.inserting(
                        chosen.map { statements[$0] }, intoSetUpOf: className, text: original)
                else { return false }
                return try await self.passes(patched, at: url, order: failingOrder, victim: victim, counter: &counter)
            }
            guard try await passes(Array(statements.indices)) else { continue }
            let minimal = try await DeltaDebugging.minimize(Array(statements.indices), passes)
            let kept = minimal.map { statements[$0] }
            guard try await passes(minimal),
                let patched = RepairSource.inserting(kept, intoSetUpOf: className, text: original)
            else { continue }
            let role = brittle ? "the state-setter \(helper.name)" : "the cleaner \(helper.name)"
            let summary =
                "Verified: \(kept.count) of the \(statements.count) statements of \(role) in \(className).setUp() make "
                + (brittle ? "\(victim.name) pass alone" : "\(victim.name) pass after \(culprit.name)")
            return Found(
                repair: done(UnifiedDiff.of(path: file, old: original, new: patched), summary),
                insertion: (file, className, kept))
        }
        let tried = helpers.map(\.name).joined(separator: ", ")
        let summary =
            brittle
            ? "No verified patch: the statements of \(culprit.name) in \(className).setUp() did not make \(victim.name) pass alone"
            : "No cleaner: the statements of none of \(helpers.count) candidate\(helpers.count == 1 ? "" : "s") (\(tried)) in \(className).setUp() made \(victim.name) pass after \(culprit.name)"
        return Found(repair: done(nil, summary), insertion: nil)
    }

    /// The tests whose statements may reset what `polluter` left: the victim's class first, then its file,
    /// then the rest, XCTest's only, at most ``candidateLimit``.
    static func cleanerCandidates(victim: TestIdentity, polluter: TestIdentity, among tests: [TestIdentity])
        -> [TestIdentity]
    {
        let others = tests.filter { $0.library == .xctest && $0.id != victim.id && $0.id != polluter.id }
        let sameClass = others.filter { $0.qualifiedXCTestClass == victim.qualifiedXCTestClass }
        let sameFile = others.filter { $0.file == victim.file && !sameClass.contains($0) }
        let rest = others.filter { !sameClass.contains($0) && !sameFile.contains($0) }
        return Array((sameClass + sameFile + rest).prefix(Self.candidateLimit))
    }

    /// Whether `victim` passes in `order` with `text` in the copy's file at `url` (a build, then a run).
    private func passes(
        _ text: String, at url: URL, order: [TestIdentity], victim: TestIdentity, counter: inout Counter
    ) async throws -> Bool {
        try stamps.write(text, to: url)
        counter.builds += 1
        let built: TestBinary
        do {
            built = try await BuildStage(toolchain: toolchain, workspace: workspace, timeout: timeout, build: build)
                .build()
        } catch let error as AuditError {
            if case .buildFailed = error { return false }
            if case .buildNeedsOption = error { return false }
            throw error
        }
        var runner = binary
        runner.executable = built.executable
        counter.runs += 1
        let run = try await runner.run(order, all: tests.filter { $0.library == .xctest }, profile: "repair")
        return run.results[victim.id]?.outcome == .passed
    }

    /// The verified insertions as one diff per file, each file's insertions together; a file with several
    /// is built and its failing orders run again, and keeps only its first insertion if they fail together.
    private func combined(
        _ insertions: [(file: String, className: String, statements: [String], orders: [[TestIdentity]])]
    ) async throws -> String {
        var diffs: [String] = []
        for file in Set(insertions.map(\.file)).sorted() {
            let mine = insertions.filter { $0.file == file }
            let url = workspace.package.appendingPathComponent(file)
            let original = try String(contentsOf: url, encoding: .utf8)
            defer { try? stamps.write(original, to: url) }
            var text = original
            for insertion in mine {
                text =
                    RepairSource.inserting(insertion.statements, intoSetUpOf: insertion.className, text: text) ?? text
            }
            if mine.count > 1 {
                var counter = Counter()
                var together = true
                for order in mine.flatMap(\.orders) {
                    guard let victim = order.last else { continue }
                    if !(try await passes(text, at: url, order: order, victim: victim, counter: &counter)) {
                        together = false
                        break
                    }
                }
                if !together {
                    text =
                        RepairSource.inserting(mine[0].statements, intoSetUpOf: mine[0].className, text: original)
                        ?? original
                }
            }
            diffs.append(UnifiedDiff.of(path: file, old: original, new: text))
        }
        return diffs.joined()
    }

    /// Writes a file with a modification time at least two seconds after the last one it gave: the tries
    /// rewrite one file within a second, and the build, which compares times, once ran the stale test
    /// binary (seen in the toolkit's own suite: a state-setter's patch tried on the unpatched binary).
    final class Stamps: Sendable {
        private let last = Mutex(Date.distantPast)

        func write(_ text: String, to url: URL) throws {
            try text.write(to: url, atomically: true, encoding: .utf8)
            let stamp = last.withLock { last in
                last = max(Date(), last.addingTimeInterval(2))
                return last
            }
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: url.path)
        }
    }

    /// What a search ran.
    struct Counter {
        var runs = 0
        var builds = 0
    }
}

/// Delta debugging (Zeller and Hildebrandt's ddmin): the smallest subset of `items` found for which
/// `passes` holds, given that it holds for all of them; the items keep their order.
enum DeltaDebugging {
    static func minimize(_ items: [Int], _ passes: ([Int]) async throws -> Bool) async throws -> [Int] {
        var current = items
        var parts = 2
        while current.count >= 2 {
            let size = Int((Double(current.count) / Double(parts)).rounded(.up))
            let chunks = stride(from: 0, to: current.count, by: size).map {
                Array(current[$0..<min($0 + size, current.count)])
            }
            var reduced = false
            for chunk in chunks where try await passes(chunk) {
                current = chunk
                parts = 2
                reduced = true
                break
            }
            if !reduced, chunks.count > 2 {
                for chunk in chunks {
                    let complement = current.filter { !chunk.contains($0) }
                    if try await passes(complement) {
                        current = complement
                        parts = max(parts - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if parts >= current.count { break }
                parts = min(current.count, parts * 2)
            }
        }
        return current
    }
}
