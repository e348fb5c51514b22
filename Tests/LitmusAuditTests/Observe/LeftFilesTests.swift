import Foundation
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("What a test leaves behind: files in the package and its temporary folder, ports its processes hold")
struct LeftFilesTests {
    private let saver = TestIdentity(
        library: .xctest, id: "ShopTests.ReportTests/testSaves", file: "Tests/ShopTests/ReportTests.swift", line: 9)
    private let reader = TestIdentity(
        library: .xctest, id: "ShopTests.ReportTests/testReads", file: "Tests/ShopTests/ReportTests.swift", line: 20)

    private func passed() -> TestResult { TestResult(outcome: .passed, duration: 0.01, issues: []) }

    private func observations(_ tests: [TestIdentity]) -> Observations {
        let run = ObservedRun(results: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, passed()) }))
        return Observations(
            tests: tests, suiteRuns: [run], alone: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, passed()) }))
    }

    private func judge(_ observed: Observations) async throws -> Judgement {
        try await Judge.judge(observed, JudgingContext(options: AuditOptions(), seed: 1)) { _ in
            BisectionResult(culprits: [])
        }
    }

    @Test("A snapshot's difference names created, changed and deleted files, never SwiftPM's or git's")
    func snapshotDifference() throws {
        // Given
        let root = try temporaryFolder(["Package.swift": "// p", "Sources/A/A.swift": "let a = 1", "notes.txt": "x"])
        defer { try? FileManager.default.removeItem(at: root) }
        let before = PackageFiles.snapshot(of: root)

        // When
        try "let a = 22".write(to: root.appendingPathComponent("Sources/A/A.swift"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("notes.txt"))
        try "out".write(to: root.appendingPathComponent("report.txt"), atomically: false, encoding: .utf8)
        for kept in [".build/debug/x.o", ".swiftpm/config", "Package.resolved", ".git/HEAD"] {
            let url = root.appendingPathComponent(kept)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "k".write(to: url, atomically: false, encoding: .utf8)
        }
        let changes = PackageFiles.snapshot(of: root).changes(since: before)

        // Then
        #expect(
            changes.map(\.described) == [
                "`Sources/A/A.swift` (changed)", "`notes.txt` (deleted)", "`report.txt` (created)",
            ])
    }

    @Test("Restoring puts the copy back as the package is: a new file removed, a changed or deleted one copied again")
    func restore() throws {
        // Given: a package and its copy, in which a test wrote
        let original = try temporaryFolder(["Package.swift": "// p", "data.json": "{}", "keep.txt": "k"])
        let copy = try temporaryFolder(["Package.swift": "// p", "data.json": "{}", "keep.txt": "k"])
        defer {
            try? FileManager.default.removeItem(at: original)
            try? FileManager.default.removeItem(at: copy)
        }
        let before = PackageFiles.snapshot(of: copy)
        try "{\"x\": 1}".write(to: copy.appendingPathComponent("data.json"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("keep.txt"))
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("Output"), withIntermediateDirectories: true)
        try "o".write(to: copy.appendingPathComponent("Output/run.log"), atomically: false, encoding: .utf8)
        let changes = PackageFiles.snapshot(of: copy).changes(since: before)

        // When
        let failed = PackageFiles.restore(changes, copy: copy, original: original)

        // Then
        #expect(failed.isEmpty)
        #expect(try String(contentsOf: copy.appendingPathComponent("data.json"), encoding: .utf8) == "{}")
        #expect(try String(contentsOf: copy.appendingPathComponent("keep.txt"), encoding: .utf8) == "k")
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Output/run.log").path))
        #expect(try String(contentsOf: original.appendingPathComponent("data.json"), encoding: .utf8) == "{}")
    }

    @Test("The candidates for a file are the alone runs whose span holds its time, not the others")
    func candidatesBySpan() {
        // Given: two alone runs, 10 s apart on the runs' clock, and a file written during the second
        var observed = observations([saver, reader])
        let now = TestBinary.now()
        observed.processes = [
            RunProcess(
                run: .alone(test: saver.id),
                process: TestProcess(library: .xctest, start: now - 20, end: now - 19, tests: [saver.id])),
            RunProcess(
                run: .alone(test: reader.id),
                process: TestProcess(library: .xctest, start: now - 10, end: now - 9, tests: [reader.id])),
        ]
        let written = Date().addingTimeInterval(-9.5)
        let change = PackageFiles.Change(path: "report.txt", kind: .created, modified: written)

        // When
        let candidates = RunStage.candidates(for: [change], among: observed)
        let none = RunStage.candidates(
            for: [PackageFiles.Change(path: "gone", kind: .deleted, modified: nil)], among: observed)

        // Then
        #expect(candidates.bySpan == [reader])
        #expect(candidates.during.isEmpty)
        #expect(none.bySpan.isEmpty && none.during.isEmpty)
    }

    @Test(
        "Each test seen changing a file runs again; one only its time suspects runs only while a file is unexplained"
    )
    func attributionStopsWhenExplained() async throws {
        // Given: the saver and the reader were seen changing report.txt while alone; three tests whose spans hold a
        // change's time; the saver makes report.txt again, the second by time makes cache.db
        let byTime = (1...3).map { index in
            TestIdentity(library: .xctest, id: TestID("ShopTests.T/test\(index)"), file: nil, line: nil)
        }
        let report = PackageFiles.Change(path: "report.txt", kind: .created, modified: Date())
        let cache = PackageFiles.Change(path: "cache.db", kind: .created, modified: Date())
        let makes: [TestID: [PackageFiles.Change]] = [saver.id: [report], byTime[1].id: [cache]]
        let ran = Ran()

        // When: only report.txt was left, then both files
        let one = try await RunStage.attribute([report], to: ([saver, reader], byTime)) { test in
            await ran.add(test.id)
            return makes[test.id] ?? []
        }
        let first = await ran.take()
        let both = try await RunStage.attribute([report, cache], to: ([saver, reader], byTime)) { test in
            await ran.add(test.id)
            return makes[test.id] ?? []
        }
        let second = await ran.take()

        // Then: the reader runs though report.txt was explained (it may make it too); no test by time runs for it;
        // for cache.db they run until the one that makes it
        #expect(one == [saver.id: [report]])
        #expect(first == [saver.id, reader.id])
        #expect(both == [saver.id: [report], byTime[1].id: [cache]])
        #expect(second == [saver.id, reader.id, byTime[0].id, byTime[1].id])
    }

    /// The tests a rerun closure was given, in order.
    private actor Ran {
        var ids: [TestID] = []
        func add(_ id: TestID) { ids.append(id) }
        func take() -> [TestID] {
            defer { ids = [] }
            return ids
        }
    }

    @Test("Files a test left are one Isolated finding naming each place; files no test made again are a note")
    func findingsAndNote() async throws {
        // Given
        var observed = observations([saver, reader])
        observed.leftFiles = [
            saver.id: LeftFiles(
                package: [PackageFiles.Change(path: "report.txt", kind: .created, modified: Date())],
                temporaryFolder: ["cache/1.json"]),
            reader.id: LeftFiles(),
        ]
        observed.unattributedFiles = [PackageFiles.Change(path: "stray.log", kind: .changed, modified: Date())]

        // When
        let judgement = try await judge(observed)

        // Then
        #expect(judgement.findings.map(\.kind) == [.leftFiles])
        let finding = try #require(judgement.findings.first)
        #expect(finding.test == saver.id)
        #expect(finding.letter == .isolated)
        #expect(finding.line == 9)
        #expect(
            finding.message
                == "ReportTests.testSaves left files behind when run alone: in the package `report.txt` (created); in its temporary folder `cache/1.json` (the audit removed them; the package itself was not touched)"
        )
        #expect(judgement.notes.map(\.kind) == [.leftFiles])
        #expect(judgement.notes.first?.test == nil)
        #expect(judgement.notes.first?.message.contains("`stray.log` (changed)") == true)
    }

    @Test("A leftover process is named with the addresses it listened on")
    func leftoverWithPorts() async throws {
        // Given
        var observed = observations([saver])
        observed.processes = [
            RunProcess(
                run: .alone(test: saver.id),
                process: TestProcess(
                    library: .xctest, start: 1, end: 2, tests: [saver.id],
                    leftovers: [LeftoverProcess(pid: 7, command: "stub-server", listening: ["127.0.0.1:8080"])]))
        ]

        // When
        let judgement = try await judge(observed)

        // Then
        #expect(judgement.findings.first?.message.contains("`stub-server` listening on 127.0.0.1:8080") == true)
    }

    @Test("A record of a leftover written before ports were kept still reads, with none")
    func leftoverRecordWithoutPorts() throws {
        let old = Data(#"{"pid": 12, "command": "sleep 300"}"#.utf8)

        let process = try JSONDecoder().decode(LeftoverProcess.self, from: old)

        #expect(process == LeftoverProcess(pid: 12, command: "sleep 300"))
    }
}
