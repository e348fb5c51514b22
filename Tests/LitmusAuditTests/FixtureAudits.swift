import Foundation
import Testing

@testable import LitmusAudit

/// Audits of the fixture packages under Tests/Fixtures, each run once per test process and shared by
/// the end-to-end tests. Each fixture is first copied to a temporary folder, so the repository is never
/// built into nor modified, and the copy is checked to be byte-identical after the audit.
actor FixtureAudits {
    static let shared = FixtureAudits()

    struct Audited: Sendable {
        var report: AuditReport
        var unchanged: Bool
    }

    private var audits: [String: Task<Audited, any Error>] = [:]

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

    /// The audit of the fixture named `name` (Planted, Specs, Clean, Hanging, NoTests) with `options`; one audit
    /// per fixture, so each fixture is always audited with the same options.
    func audit(_ name: String, options: AuditOptions = standard) async throws -> Audited {
        if let running = audits[name] { return try await running.value }
        let task = Task { try await Self.run(name, options: options) }
        audits[name] = task
        return try await task.value
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Fixtures")
    }

    /// The fixtures a fixture names by a relative path (`.package(path: "../Punctuation")`).
    static let localDependencies = ["Clean": ["Punctuation"]]

    /// Copies a fixture, and the fixtures it depends on, side by side to a temporary folder; returns the
    /// fixture's copy (the caller deletes its parent folder).
    static func copy(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in [name] + localDependencies[name, default: []] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(fixture), to: folder.appendingPathComponent(fixture))
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
        let package = try copy(name)
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        // The fixture and its local dependencies: the audit writes to none of them.
        let before = try snapshot(package.deletingLastPathComponent())
        let report = try await Audit(package: package, options: options, seed: 2026).run()
        return Audited(report: report, unchanged: try snapshot(package.deletingLastPathComponent()) == before)
    }
}

extension AuditReport {
    /// The findings of one kind.
    func findings(_ kind: FindingKind) -> [Finding] { findings.filter { $0.kind == kind } }
}
