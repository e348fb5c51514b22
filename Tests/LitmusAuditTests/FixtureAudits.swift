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

    /// The audit of the fixture named `name` (Planted, Specs, Clean).
    func audit(_ name: String) async throws -> Audited {
        if let running = audits[name] { return try await running.value }
        let task = Task { try await Self.run(name) }
        audits[name] = task
        return try await task.value
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Fixtures")
    }

    /// Copies a fixture to a temporary folder (which it returns; the caller deletes it).
    static func copy(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: copy)
        return copy
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

    private static func run(_ name: String) async throws -> Audited {
        let package = try copy(name)
        defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
        let before = try snapshot(package)
        var options = AuditOptions()
        options.runs = 3
        let report = try await Audit(package: package, options: options, seed: 2026).run()
        return Audited(report: report, unchanged: try snapshot(package) == before)
    }
}

extension AuditReport {
    /// The findings of one kind.
    func findings(_ kind: FindingKind) -> [Finding] { findings.filter { $0.kind == kind } }
}
