import Foundation
import GRDB
import LitmusModel
import Testing

@testable import LitmusHistory

/// A folder of its own for one test's files, deleted when it ends.
final class ScratchFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-history-\(UUID().uuidString)")
    init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

@Suite("The history's file")
struct HistoryStoreTests {
    @Test("A run appended reads back the same, tests, findings and figures; appended again, it is not doubled")
    func roundTrip() throws {
        // Given
        let scratch = ScratchFolder()
        var first = run(
            1, ["T.a": ("PF", "P"), "T.b": ("P", "N")],
            findings: [
                Finding(kind: .tautology, test: "T.a", file: "Tests/A.swift", line: 4, message: "same sides")
            ])
        first.tests[0].parallel = [.failed, .passed]
        first.linePercent = 81.5
        first.seed = UInt64.max
        let second = run(2, code: "c2", commit: "abc", ["T.a": ("P", "N")])
        let store = try HistoryStore(file: scratch.file("h.sqlite"))

        // When
        try store.append(first)
        try store.append(second)
        let again = try store.append(first)

        // Then
        #expect(!again)
        #expect(try store.runs() == [first, second])
        #expect(try store.runs(last: 1) == [second])
        #expect(try store.count() == 2)
    }

    @Test("Merging adds the other history's runs this one lacks, once, in date order")
    func merge() throws {
        // Given: runs 1 and 3 in one file, 2 and 3 in the other
        let scratch = ScratchFolder()
        let one = try HistoryStore(file: scratch.file("one.sqlite"))
        let other = try HistoryStore(file: scratch.file("other.sqlite"))
        let runs = (1...3).map { run($0, ["T.a": ("P", "P")]) }
        try one.append([runs[0], runs[2]])
        try other.append([runs[1], runs[2]])

        // When
        let added = try one.merge(other)

        // Then
        #expect(added == 1)
        #expect(try one.runs().map(\.id) == ["run-1", "run-2", "run-3"])
        #expect(try one.runs(last: 2).map(\.id) == ["run-2", "run-3"])
    }

    /// A history file as schema `version` wrote it (its migrations up to that one), holding one run, `old`,
    /// and `rows` (SQL inserting what that run observed, in that version's columns).
    static func oldHistory(upTo version: String, in scratch: ScratchFolder, rows: String) throws -> URL {
        let file = scratch.file("\(version).sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try HistoryStore.migrator.migrate(queue, upTo: version)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO run(uuid, date, kind, package, fingerprint, machine, wallSeconds)
                    VALUES ('old', 86400, 'audit', '/p', 'c1', 'm', 2.5);
                    \(rows)
                    """)
        }
        try queue.close()
        return file
    }

    @Test(
        "A migration that finds the lock taken or its change made by another process is tried again; other errors are not",
        arguments: [
            ("database is locked", ResultCode.SQLITE_BUSY, true),
            ("table run already exists", ResultCode.SQLITE_ERROR, true),
            // Two new histories appended to at once: the second process's v3 meets the first one's column.
            ("duplicate column name: budget", ResultCode.SQLITE_ERROR, true),
            ("no such table: run", ResultCode.SQLITE_ERROR, false),
            ("disk I/O error", ResultCode.SQLITE_IOERR, false),
        ])
    func migrationRaces(message: String, code: ResultCode, isRace: Bool) {
        #expect(HistoryStore.isRace(DatabaseError(resultCode: code, message: message)) == isRace)
    }

    @Test("A file of schema version 1 is migrated when opened, its runs kept")
    func migratesVersion1() throws {
        // Given: a file with only the first migration, and one run written as version 1 wrote it
        let scratch = ScratchFolder()
        let file = try Self.oldHistory(
            upTo: "v1", in: scratch,
            rows:
                "INSERT INTO test(name) VALUES ('T.a'); INSERT INTO observation VALUES (1, 1, 'PPP', '', 'P', 3.0, 0);")

        // When
        let store = try HistoryStore(file: file)
        let runs = try store.runs()

        // Then
        #expect(runs.map(\.id) == ["old"])
        #expect(
            runs.first?.tests == [
                HistoryTestRun(test: "T.a", suite: [.passed, .passed, .passed], alone: .passed, milliseconds: 3)
            ])
        #expect(runs.first?.linePercent == nil)
        try store.append(run(2, ["T.a": ("P", "N")]))
        #expect(try store.count() == 2)
    }

    @Test("A file of schema version 2 is migrated to keep each test's budget; its runs have none, new runs keep it")
    func migratesVersion2() throws {
        // Given: a file with the first two migrations and one run
        let scratch = ScratchFolder()
        let file = try Self.oldHistory(
            upTo: "v2", in: scratch,
            rows: "INSERT INTO test(name) VALUES ('T.a'); INSERT INTO observation VALUES (1, 1, 'P', '', 'P', 3.0, 0);")
        var new = run(2, ["T.a": ("P", "N")])
        new.tests[0].budgetMilliseconds = 250

        // When
        let store = try HistoryStore(file: file)
        try store.append(new)

        // Then
        #expect(try store.runs().map { $0.tests.first?.budgetMilliseconds } == [nil, 250])
    }

    @Test("A finding silenced with litmus:ignore keeps its reason; a file of schema version 2 gains the column")
    func keepsIgnoredReason() throws {
        // Given: a file as version 2 wrote it, with one finding
        let scratch = ScratchFolder()
        let file = try Self.oldHistory(
            upTo: "v2", in: scratch,
            rows: "INSERT INTO finding VALUES (1, 'trapInTest', 'T.a', 'Tests/A.swift', 3, 'can trap', 0, 0);")
        var silenced = Finding(kind: .trapInTest, test: "T.b", file: "Tests/B.swift", line: 7, message: "can trap")
        silenced.ignored = "the fixture URL is a literal"
        let newer = run(2, ["T.b": ("P", "P")], findings: [silenced])

        // When
        let store = try HistoryStore(file: file)
        try store.append(newer)
        let runs = try store.runs()

        // Then: the old finding has no reason, the new one its own
        #expect(runs.map { $0.findings.map(\.ignored) } == [[nil], ["the fixture URL is a literal"]])
        #expect(runs.last == newer)
    }

    @Test("A file of schema version 4 gains whether each test's footprint found it isolated; old runs do not know")
    func migratesVersion4() throws {
        // Given: a file with the first four migrations and one run
        let scratch = ScratchFolder()
        let file = try Self.oldHistory(
            upTo: "v4", in: scratch,
            rows:
                "INSERT INTO test(name) VALUES ('T.a'); INSERT INTO observation VALUES (1, 1, 'P', '', 'P', 3.0, 0, NULL);"
        )
        var new = run(2, ["T.a": ("P", "N"), "T.b": ("P", "P")])
        new.tests[0].isolated = true
        new.tests[1].isolated = false

        // When
        let store = try HistoryStore(file: file)
        try store.append(new)

        // Then
        #expect(try store.runs().map { $0.tests.map(\.isolated) } == [[nil], [true, false]])
    }

    @Test("A file a newer litmus wrote is refused, naming it")
    func newerRefused() throws {
        // Given
        let scratch = ScratchFolder()
        let file = scratch.file("new.sqlite")
        var newer = HistoryStore.migrator
        newer.registerMigration("v99") { db in try db.execute(sql: "CREATE TABLE later(x)") }
        try newer.migrate(try DatabaseQueue(path: file.path))

        // Then
        #expect(throws: HistoryError.newer(file: file.path)) { try HistoryStore(file: file) }
    }

    @Test("A damaged file is named with the fix; an SQLite database of something else is not taken for a history")
    func corruptRefused() throws {
        // Given
        let scratch = ScratchFolder()
        let garbage = scratch.file("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: garbage)
        let foreign = scratch.file("foreign.sqlite")
        try DatabaseQueue(path: foreign.path).write { db in try db.execute(sql: "CREATE TABLE songs(title)") }

        // Then
        do {
            _ = try HistoryStore(file: garbage)
            Issue.record("opened a file of 'A's")
        } catch let error as HistoryError {
            guard case .corrupt(let file, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == garbage.path)
            #expect(error.description.contains("mv \(garbage.path) \(garbage.path).broken"))
        }
        #expect(
            throws: HistoryError.notAHistory(
                file: foreign.path, reason: "an SQLite database of something else (tables songs)")
        ) {
            try HistoryStore(file: foreign)
        }
        // and neither file was changed
        #expect(try Data(contentsOf: garbage) == Data(repeating: 0x41, count: 4096))
    }

    @Test("A database whose migrations bear this schema's names but whose tables differ is refused, not read")
    func sameNamesOtherTables() throws {
        // Given: another program's database, written with GRDB, with migrations named v1 and v2
        let scratch = ScratchFolder()
        let file = scratch.file("other.sqlite")
        var other = DatabaseMigrator()
        other.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE run(id INTEGER PRIMARY KEY, title TEXT)")
        }
        other.registerMigration("v2") { db in try db.execute(sql: "ALTER TABLE run ADD COLUMN year INTEGER") }
        try other.migrate(try DatabaseQueue(path: file.path))

        // Then
        #expect(throws: HistoryError.notAHistory(file: file.path, reason: "it has no table finding")) {
            try HistoryStore(file: file)
        }
    }

    @Test("When each test last ran alone is the date of the latest run that ran it alone")
    func lastRanAlone() throws {
        let scratch = ScratchFolder()
        let store = try HistoryStore(file: scratch.file("h.sqlite"))
        try store.append([
            run(1, ["T.a": ("P", "P"), "T.b": ("P", "N")]), run(2, ["T.a": ("P", "N"), "T.b": ("P", "N")]),
        ])
        #expect(try store.lastRanAlone() == ["T.a": Date(timeIntervalSince1970: 86_400)])
    }
}
