import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Audits of the fixture packages under Tests/Fixtures, each run once per test process and shared by
/// the end-to-end tests. Each fixture is first copied out of the repository (``kept(_:)``), so the
/// repository is never built into nor modified, and the copy is checked to be byte-identical after the
/// audit.
actor FixtureAudits {
    static let shared = FixtureAudits()

    struct Audited: Sendable {
        var report: AuditReport
        var unchanged: Bool
    }

    /// By fixture and options: a caller asking for other options gets an audit of its own, never another's.
    private var audits: [Key: Task<Audited, any Error>] = [:]

    private struct Key: Hashable {
        var name: String
        var options: AuditOptions
    }

    /// The options of every fixture's audit but Hanging's: three runs, a 250 ms budget, the other
    /// defaults. The budget is not the default 100 ms because these audits run inside the toolkit's
    /// own suite, several at once in its parallel runs: on 2 loaded cores a fixture's trivial test
    /// took 113 ms there, and Clean's audit then found it slow (1 parallel run of 3 under `litmus
    /// audit`). Planted's slow test sleeps 300 ms, so it is over 250 ms however idle the machine.
    static var standard: AuditOptions {
        var options = AuditOptions()
        options.runs = 3
        options.budgetMilliseconds = 250
        return options
    }

    /// HiddenState's: the standard ones, and its footprints read from the typed AST too (`--static-footprints`),
    /// which IsolationEndToEndTests holds to the run's.
    static var hiddenState: AuditOptions {
        var options = standard
        options.staticFootprints = true
        return options
    }

    /// The audit of the fixture named `name` (Planted, Specs, Clean, Hanging, NoTests) with `options`; one audit
    /// per fixture and options, shared by every test that asks for the same.
    func audit(_ name: String, options: AuditOptions = standard) async throws -> Audited {
        let key = Key(name: name, options: options)
        if let running = audits[key] { return try await running.value }
        let task = Task { try await Self.run(name, options: options) }
        audits[key] = task
        return try await task.value
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// The fixtures a fixture names by a relative path (`.package(path: "../Punctuation")`).
    static let localDependencies = ["Clean": ["Punctuation"], "HiddenState": ["HiddenStateKit"]]

    /// Copies a fixture, and the fixtures it depends on, side by side to a temporary folder; returns the
    /// fixture's copy (the caller deletes its parent folder).
    static func copy(_ name: String) throws -> URL {
        try copy(
            name,
            into: FileManager.default.temporaryDirectory.appendingPathComponent("litmus-fixture-\(UUID().uuidString)"))
    }

    /// Copies a fixture, and the fixtures it depends on, side by side into `folder`, each file with the
    /// repository's modification time; returns the fixture's copy.
    static func copy(_ name: String, into folder: URL) throws -> URL {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in [name] + localDependencies[name, default: []] {
            let source = fixtures.appendingPathComponent(fixture)
            let destination = folder.appendingPathComponent(fixture)
            try fileManager.copyItem(at: source, to: destination)
            let enumerator = fileManager.enumerator(atPath: source.path)
            while let relative = enumerator?.nextObject() as? String {
                let modified = try fileManager.attributesOfItem(atPath: source.path + "/" + relative)[.modificationDate]
                if let modified {
                    try fileManager.setAttributes(
                        [.modificationDate: modified], ofItemAtPath: destination.path + "/" + relative)
                }
            }
        }
        return folder.appendingPathComponent(name)
    }

    /// Every file under `folder` with its contents.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                files[url.path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    private static func run(_ name: String, options: AuditOptions) async throws -> Audited {
        let kept = try await kept(name)
        defer { kept.release() }
        // The fixture and its local dependencies: the audit writes to none of them.
        let before = try snapshot(kept.package.deletingLastPathComponent())
        let report = try await Audit(package: kept.package, options: options, seed: 2026, buildFolder: kept.buildFolder)
            .run()
        return Audited(report: report, unchanged: try snapshot(kept.package.deletingLastPathComponent()) == before)
    }

    /// The fixtures' kept builds, in this package's own `.build` folder (`.build/litmus-fixtures`): a
    /// fixture is built from nothing once, by the first test process that audits it, and every later
    /// audit of it (in this process, a later one, the runs of `litmus audit` on this package) only
    /// checks that nothing changed. Before, each of those audits built its fixture from nothing; in the
    /// toolkit's own audit, which runs every end-to-end test in every suite run and alone, that was
    /// most of its hour.
    static let builds = BuildCache(
        root: fixtures.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build")
            .appendingPathComponent("litmus-fixtures"))

    /// A fixture's copy and kept build folder, locked for one audit at a time: a second test auditing the
    /// same fixture at once, in this process or another, waits for it (``BuildCache/acquireWaiting(for:use:timeout:)``).
    /// It used to take a second folder and build the fixture there from nothing: in the toolkit's own audit
    /// two alone runs auditing Planted at once did, and the build beside it starved Planted's parallel-only
    /// pair, which then did not meet (`AuditEndToEndTests/parallelOnly()` failed alone).
    struct Kept {
        /// The lock on the folder; ``release()`` lets the next audit take it.
        var lock: BuildCacheLock
        /// The fixture's copy, at the same path every time, beside the fixtures it depends on: the copy's
        /// manifest names them by that path, so an unchanged fixture's manifest is unchanged too.
        var package: URL
        /// The audit's build folder (`--build-path`).
        var buildFolder: URL

        func release() { lock.release() }
    }

    /// Takes a kept folder for the fixture `name` and copies the fixture (and the fixtures it depends on)
    /// into it afresh, with the repository's modification times, so an unchanged fixture recompiles
    /// nothing there.
    /// `variant` is a build with options of its own (``PackageBuild/cacheVariant``), kept in a folder of its own.
    static func kept(_ name: String, variant: String? = nil) async throws -> Kept {
        let lock = try await builds.acquireWaiting(for: fixtures.appendingPathComponent(name), variant: variant)
        do {
            let sources = lock.folder.appendingPathComponent("sources")
            try? FileManager.default.removeItem(at: sources)
            let package = try copy(name, into: sources)
            return Kept(lock: lock, package: package, buildFolder: lock.folder.appendingPathComponent("build-folder"))
        } catch {
            lock.release()
            throw error
        }
    }
}

extension AuditReport {
    /// The findings of one kind.
    func findings(_ kind: FindingKind) -> [Finding] { findings.filter { $0.kind == kind } }

    /// Each order-dependent test with the culprits bisection named (`testB ["testA"]`), sorted.
    var orderDependences: [String] {
        (findings(.failsOnlyWithOthers) + findings(.passesOnlyWithOthers)).map {
            "\($0.test?.lastComponent ?? "-") \($0.culprits?.map(\.lastComponent) ?? [])"
        }.sorted()
    }
}
