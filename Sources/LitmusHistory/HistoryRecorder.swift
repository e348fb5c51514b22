import Foundation
import LitmusModel
import LitmusSupport

/// Appends what audits and mutation runs observed to a history (`--history`), and tells a quick audit
/// when each test last ran alone. A history that cannot be used never stops the run: the run reports,
/// and the ``HistoryError`` says which file and the fix.
public struct HistoryRecorder: Sendable {
    /// The history's file.
    public var file: URL
    /// The audits the flaky count of a run's trend point reads (`litmus history --last`'s default).
    public var window = HistoryAnalysis.defaultWindow

    /// A recorder for the history at `file`.
    public init(file: URL) { self.file = file }

    /// The default history of `package`: `history/<package key>.sqlite` beside the build cache's `builds`
    /// folder (`$LITMUS_CACHE_DIR/history/…`, else `~/.cache/litmus/history/…`).
    public static func defaultFile(
        for package: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws -> URL
    {
        LitmusCacheFolder.standard(environment: environment).appendingPathComponent("history")
            .appendingPathComponent(LitmusCacheFolder.key(for: package) + ".sqlite")
    }

    /// Records `report`, an audit of `package` that ended at `date`: its run, with the flaky count the
    /// history gives it. Returns the run recorded.
    @discardableResult
    public func record(_ report: AuditReport, package: URL, date: Date = Date()) async throws -> HistoryRun {
        let (commit, fingerprint) = await CodeFingerprint.of(package)
        let run = HistoryRun(
            report: report, date: date, commit: commit, fingerprint: fingerprint, machine: Self.machine)
        return try append(run)
    }

    /// Records a mutation run of `package` with `score` (percent), `wallSeconds` long, that ended at `date`.
    @discardableResult
    public func recordMutation(
        score: Double, wallSeconds: Double, package: URL, seed: UInt64? = nil, date: Date = Date()
    ) async throws -> HistoryRun {
        let (commit, fingerprint) = await CodeFingerprint.of(package)
        let run = HistoryRun(
            date: date, kind: .mutation, package: package.path, commit: commit, fingerprint: fingerprint,
            machine: Self.machine, seed: seed, litmusVersion: LitmusVersion.current, wallSeconds: wallSeconds,
            mutationScore: score, tests: [], findings: [])
        return try append(run)
    }

    /// Appends `run`, its flaky count judged over the window it closes.
    public func append(_ run: HistoryRun) throws -> HistoryRun {
        let store = try HistoryStore(file: file)
        var run = run
        if run.kind != .mutation {
            run.flakyTests = HistoryAnalysis.flakyCount(
                try store.runs(last: window, auditsOnly: true) + [run], window: window)
        }
        try store.append(run)
        return run
    }

    /// What the history's last `window` audits add up to; throws ``HistoryError/missing(file:)`` when there is
    /// no history (none is created).
    public func summary(
        window: Int = HistoryAnalysis.defaultWindow, quarantineRate: Double = HistoryAnalysis.defaultQuarantineRate,
        releaseAfter: Int = HistoryAnalysis.defaultReleaseAfter
    ) throws -> HistorySummary {
        guard FileManager.default.fileExists(atPath: file.path) else { throw HistoryError.missing(file: file.path) }
        let store = try HistoryStore(file: file)
        return HistoryAnalysis.summarize(
            try store.runs(last: window, auditsOnly: true), file: file.path, runsInFile: try store.count(),
            trend: try store.trend(), window: window, quarantineRate: quarantineRate, releaseAfter: releaseAfter)
    }

    /// When each test last ran alone; empty when the history does not exist yet.
    public func lastRanAlone() throws -> [TestID: Date] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        return try HistoryStore(file: file).lastRanAlone()
    }

    /// This machine's host name.
    public static var machine: String { ProcessInfo.processInfo.hostName }
}

/// What code a run saw: the package's git commit and a fingerprint of the commit with its uncommitted
/// changes, or, when git does not track its Package.swift, of the package's files (Package.swift,
/// Sources, Tests).
public enum CodeFingerprint {
    /// The commit (when in a git work tree) and the fingerprint of `package`.
    public static func of(_ package: URL) async -> (commit: String?, fingerprint: String) {
        // A package git does not track (in an ignored folder of another repository) has no commit of its own.
        if let commit = await Git.head(of: package),
            !(await Git.output(["ls-files", "--", "Package.swift"], in: package) ?? "").isEmpty
        {
            let changes = await Git.output(["status", "--porcelain=v1", "--untracked-files=all", "."], in: package)
            let diff = await Git.output(["diff", "HEAD", "--binary", "--", "."], in: package)
            return (commit, ContentHash.hex(commit + "\n" + (changes ?? "") + "\n" + (diff ?? "")))
        }
        return (nil, files(of: package))
    }

    /// The hash of Package.swift and every file under Sources and Tests (paths and contents, sorted).
    static func files(of package: URL) -> String {
        var text = ""
        let manager = FileManager.default
        for top in ["Package.swift", "Sources", "Tests"] {
            let root = package.appendingPathComponent(top)
            var paths: [String] = []
            if let enumerator = manager.enumerator(atPath: root.path) {
                while let path = enumerator.nextObject() as? String { paths.append(path) }
            }
            if paths.isEmpty { paths = [""] }
            for path in paths.sorted() {
                let url = path.isEmpty ? root : root.appendingPathComponent(path)
                guard let data = try? Data(contentsOf: url) else { continue }
                text += "\(top)/\(path)\n\(ContentHash.hex(data))\n"
            }
        }
        return ContentHash.hex(text)
    }
}
