import Foundation
import LitmusHistory
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The history under faults, through the `litmus` executable: killed while it appends, two appending at
/// once, a damaged file given to an audit.
@Suite("The history under faults, through litmus", .tags(.endToEnd), .serialized)
struct HistoryFaultEndToEndTests {
    /// A folder of the test's own, with the audit report `tests` tests long written in it as JSON.
    private struct Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-history-\(UUID().uuidString)")
        var history: URL { folder.appendingPathComponent("history.sqlite") }

        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// Writes an audit report of `tests` passing tests (and one finding) as `name`; returns its path.
        func report(_ name: String, tests: Int, seed: UInt64) throws -> String {
            let reports = (0..<tests).map { index in
                TestReport(
                    id: TestID("Big.Case\(index / 100)/test\(index)"), name: "test\(index)", library: .xctest,
                    suiteOutcomes: [.passed, .passed], aloneOutcome: index % 5 == 0 ? .passed : .notRun,
                    durationsMilliseconds: [1, 2], medianMilliseconds: 1.5, flipRate: 0, issues: [], coveredLines: [:])
            }
            let report = AuditReport(
                package: folder.path, seed: seed, options: AuditOptions(), wallSeconds: 1, buildSeconds: 0,
                tests: reports,
                findings: [Finding(kind: .noAssertion, test: reports.first?.id, message: "asserts nothing")],
                verdicts: [], failingTests: [], unmetThresholds: [])
            let url = folder.appendingPathComponent(name)
            try JSONEncoder().encode(report).write(to: url)
            return url.path
        }

        /// Starts `litmus ARGUMENTS`, its standard error in `errors.txt`.
        func start(_ arguments: [String]) throws -> pid_t {
            let executable = try #require(BuiltExecutable.named("litmus"), "build the litmus executable first")
            return try ChildProcess.spawn(
                [executable.path] + arguments, environment: ProcessInfo.processInfo.environment,
                directory: folder.path, standardError: .file(folder.appendingPathComponent("errors-\(UUID()).txt").path)
            )
        }

        /// Runs `litmus ARGUMENTS` to its end; its exit status.
        func run(_ arguments: [String]) async throws -> Int32? {
            await ChildProcess.termination(of: try start(arguments))?.status
        }
    }

    @Test("SIGKILL while litmus appends a run leaves a history that opens with every earlier run, and takes the next")
    func killedWhileAppending() async throws {
        // Given: a history of two runs, and a report big enough that its append takes a while
        let scratch = try Scratch()
        defer { scratch.remove() }
        for seed in [UInt64(1), 2] {
            let status = try await scratch.run([
                "history", "add", try scratch.report("r\(seed).json", tests: 50, seed: seed), "--history",
                scratch.history.path,
            ])
            try #require(status == 0)
        }
        let before = try HistoryStore(file: scratch.history).runs()
        let big = try scratch.report("big.json", tests: 10_000, seed: 3)

        // When: litmus is killed once its append's transaction has begun (SQLite's journal exists)
        let litmus = try scratch.start(["history", "add", big, "--history", scratch.history.path])
        let sawJournal = await ProcessWatch.signal(litmus, SIGKILL, whenExists: scratch.history.path + "-journal")
        let termination = await ChildProcess.termination(of: litmus)
        try #require(sawJournal, "the append's journal never appeared")
        try #require(termination?.status != 0, "litmus ended before it was killed")

        // Then: the history opens, with exactly the earlier runs, intact, and records the next run
        let store = try HistoryStore(file: scratch.history)
        #expect(try store.runs() == before)
        let status = try await scratch.run([
            "history", "add", try scratch.report("r4.json", tests: 50, seed: 4), "--history", scratch.history.path,
        ])
        #expect(status == 0)
        #expect(try store.count() == 3)
    }

    @Test("Two litmus processes appending to one history at once both land")
    func twoAppendingAtOnce() async throws {
        // Given
        let scratch = try Scratch()
        defer { scratch.remove() }
        let reports = try [5, 6].map { try scratch.report("r\($0).json", tests: 5_000, seed: UInt64($0)) }

        // When: both start together
        let processes = try reports.map {
            try scratch.start(["history", "add", $0, "--history", scratch.history.path])
        }
        var statuses: [Int32?] = []
        for process in processes { statuses.append(await ChildProcess.termination(of: process)?.status) }

        // Then
        #expect(statuses == [0, 0])
        let runs = try HistoryStore(file: scratch.history).runs()
        #expect(Set(runs.compactMap(\.seed)) == [5, 6])
        #expect(runs.allSatisfy { $0.tests.count == 5_000 })
    }

    @Test("An audit given a damaged history names it and the fix, still reports, and leaves the file as it was")
    func damagedHistory() async throws {
        // Given: the Clean fixture's kept build, and a history file of garbage
        let scratch = try Scratch()
        defer { scratch.remove() }
        let kept = try await FixtureAudits.kept("Clean")
        defer { kept.release() }
        let garbage = Data(repeating: 0x41, count: 8192)
        try garbage.write(to: scratch.history)
        let errors = scratch.folder.appendingPathComponent("audit-errors.txt")
        let report = scratch.folder.appendingPathComponent("report.json")

        // When
        let executable = try #require(BuiltExecutable.named("litmus"))
        let result = try await ChildProcess.run(
            executable,
            [
                "audit", kept.package.path, "--quiet", "--runs", "1", "--max-fast", "250", "--build-path",
                kept.buildFolder.path,
                "--history", scratch.history.path, "--json", report.path,
            ],
            in: scratch.folder, errorFile: errors, timeout: 600)

        // Then: the report is there and the exit is the audit's own; standard error names the file and the fix
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(result.status == 0, "\(said)")
        let written = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: report))
        #expect(!written.tests.isEmpty)
        #expect(said.contains("The history \(scratch.history.path) cannot be read"))
        #expect(said.contains("mv \(scratch.history.path) \(scratch.history.path).broken"))
        #expect(said.contains("This run was not recorded; its report is complete."))
        #expect(try Data(contentsOf: scratch.history) == garbage)
    }

    @Test("history merge INTO a corrupt b merges a and b, names the corrupt file, exits 2 and leaves it as it was")
    func mergePastACorruptHistory() async throws {
        // Given: two histories of one run each, and a file of garbage between them
        let scratch = try Scratch()
        defer { scratch.remove() }
        var sources: [String] = []
        for (name, seed) in [("a.sqlite", UInt64(1)), ("b.sqlite", 2)] {
            let file = scratch.folder.appendingPathComponent(name).path
            let status = try await scratch.run([
                "history", "add", try scratch.report("r\(seed).json", tests: 5, seed: seed), "--history", file,
            ])
            try #require(status == 0)
            sources.append(file)
        }
        let corrupt = scratch.folder.appendingPathComponent("corrupt.sqlite")
        let garbage = Data(repeating: 0x41, count: 8192)
        try garbage.write(to: corrupt)
        let errors = scratch.folder.appendingPathComponent("merge-errors.txt")

        // When
        let result = try await ChildProcess.run(
            try #require(BuiltExecutable.named("litmus")),
            ["history", "merge", scratch.history.path, sources[0], corrupt.path, sources[1]],
            in: scratch.folder, errorFile: errors, timeout: 120)

        // Then
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(result.status == 2)
        #expect(Set(try HistoryStore(file: scratch.history).runs().compactMap(\.seed)) == [1, 2])
        #expect(result.output.contains("Added 1 run of \(sources[1])"))
        #expect(said.contains("The history \(corrupt.path) cannot be read"))
        #expect(said.contains("1 of 3 histories could not be merged: \(corrupt.path)"))
        #expect(try Data(contentsOf: corrupt) == garbage)
    }

    @Test("history merge with a missing history among others merges the others and names it")
    func mergePastAMissingHistory() async throws {
        // Given
        let scratch = try Scratch()
        defer { scratch.remove() }
        let source = scratch.folder.appendingPathComponent("a.sqlite").path
        let added = try await scratch.run([
            "history", "add", try scratch.report("r.json", tests: 5, seed: 7), "--history", source,
        ])
        try #require(added == 0)
        let missing = scratch.folder.appendingPathComponent("missing.sqlite").path

        // When
        let status = try await scratch.run(["history", "merge", scratch.history.path, missing, source])

        // Then
        #expect(status == 2)
        #expect(try HistoryStore(file: scratch.history).runs().compactMap(\.seed) == [7])
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
