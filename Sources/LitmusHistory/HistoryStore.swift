import Foundation
import GRDB
import LitmusModel

/// A history of runs in one SQLite file (docs/history.md): every audit and mutation run appends a
/// ``HistoryRun`` in one transaction, so a run killed while it appends leaves every earlier run, and
/// two runs appending at once both land (the second waits for the first's lock). A file of an earlier
/// schema is migrated when opened; a file that is not a history, or one a newer litmus wrote, is
/// refused with a ``HistoryError`` naming it.
public final class HistoryStore: Sendable {
    /// The file.
    public let file: URL
    private let queue: DatabaseQueue

    /// The schema's versions, oldest first: a file is migrated to the last.
    static let versions = ["v1", "v2", "v3", "v4", "v5"]

    /// Opens the history at `file`, creating it (and its folder) when missing, migrating it when written
    /// by an earlier litmus. Throws ``HistoryError`` when it cannot be read, is not a history, or is newer.
    public init(file: URL) throws {
        self.file = file
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw HistoryError.unusable(
                file: file.path, reason: "its folder cannot be created (\(error.localizedDescription))")
        }
        var configuration = Configuration()
        // Another run appending holds the lock for as long as one append takes: wait for it.
        configuration.busyMode = .timeout(60)
        configuration.label = "litmus history"
        do {
            queue = try DatabaseQueue(path: file.path, configuration: configuration)
            let migrator = Self.migrator
            let superseded = try queue.read { db in
                try db.tableExists("grdb_migrations") ? try migrator.hasBeenSuperseded(db) : false
            }
            if superseded { throw HistoryError.newer(file: file.path) }
            try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                if !tables.isEmpty, !tables.contains("grdb_migrations") {
                    throw HistoryError.notAHistory(
                        file: file.path,
                        reason:
                            "an SQLite database of something else (tables \(tables.sorted().joined(separator: ", ")))")
                }
                // Another program's GRDB database whose migrations bear our names lacks our tables: refused
                // before a later migration of ours alters a table it does not have.
                if tables.contains("grdb_migrations"), try migrator.appliedIdentifiers(db).contains("v1"),
                    let missing = Self.columns.keys.sorted().first(where: { !tables.contains($0) })
                {
                    throw HistoryError.notAHistory(file: file.path, reason: "it has no table \(missing)")
                }
            }
            // GRDB reads which migrations ran before it takes the write lock, so two processes opening a
            // new file at once may both try the first migration: the second fails (the table exists, or
            // SQLite refuses its lock upgrade as a deadlock). Trying again, it finds the migrations done.
            var attempts = 0
            while true {
                do {
                    try migrator.migrate(queue)
                    break
                } catch let error as DatabaseError where attempts < 20 && Self.isRace(error) {
                    attempts += 1
                    usleep(50_000)
                }
            }
            try queue.read { db in
                if let missing = try Self.missingColumn(db) {
                    throw HistoryError.notAHistory(file: file.path, reason: missing)
                }
            }
        } catch let error as HistoryError {
            throw error
        } catch let error as DatabaseError {
            throw HistoryError.from(error, file: file.path)
        } catch {
            throw HistoryError.unusable(file: file.path, reason: "\(error)")
        }
    }

    /// Whether `error` is what a migration meets when another process migrates the file at the same time:
    /// the lock, or the change already made (a table that "already exists", a "duplicate column name" of a
    /// later migration's `ALTER TABLE … ADD COLUMN`: two new histories appended to at once).
    static func isRace(_ error: DatabaseError) -> Bool {
        let message = error.message ?? ""
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
            || (error.resultCode == .SQLITE_ERROR
                && (message.contains("already exists") || message.contains("duplicate column name")))
    }

    /// Appends `run` in one transaction; a run already in the history (by its id) is not added again.
    /// Returns whether it was added.
    @discardableResult
    public func append(_ run: HistoryRun) throws -> Bool {
        try append([run]) == 1
    }

    /// Appends `runs` in one transaction, skipping those already in the history; returns how many were added.
    @discardableResult
    public func append(_ runs: [HistoryRun]) throws -> Int {
        try guarded {
            try queue.writeWithoutTransaction { db in
                var added = 0
                try db.inTransaction(.immediate) {
                    var testIDs = try Self.testIDs(db)
                    let insertTest = try db.makeStatement(sql: "INSERT INTO test(name) VALUES (?)")
                    let insertObservation = try db.makeStatement(
                        sql: "INSERT INTO observation VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                    let insertFinding = try db.makeStatement(
                        sql: """
                            INSERT INTO finding(run, kind, test, file, line, message, quarantined, note, ignored)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """)
                    for run in runs {
                        let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM run WHERE uuid = ?", arguments: [run.id])
                        if known == true { continue }
                        try db.execute(
                            sql: """
                                INSERT INTO run(uuid, date, kind, package, gitCommit, fingerprint, machine, seed,
                                    litmusVersion, wallSeconds, share, spread, suiteSeconds, linePercent, mutationScore,
                                    flakyTests, quarantinedTests)
                                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                                """,
                            arguments: [
                                run.id, run.date.timeIntervalSince1970, run.kind.rawValue, run.package, run.commit,
                                run.fingerprint, run.machine, run.seed.map(String.init), run.litmusVersion,
                                run.wallSeconds, run.share, run.spread, run.suiteSeconds, run.linePercent,
                                run.mutationScore, run.flakyTests, run.quarantinedTests,
                            ])
                        let runID = db.lastInsertedRowID
                        for test in run.tests {
                            let testID: Int64
                            if let known = testIDs[test.test.rawValue] {
                                testID = known
                            } else {
                                try insertTest.execute(arguments: [test.test.rawValue])
                                testID = db.lastInsertedRowID
                                testIDs[test.test.rawValue] = testID
                            }
                            try insertObservation.execute(arguments: [
                                runID, testID, OutcomeCode.text(test.suite), OutcomeCode.text(test.parallel),
                                OutcomeCode.text([test.alone]), test.milliseconds, test.quarantined,
                                test.budgetMilliseconds, test.isolated,
                            ])
                        }
                        for (finding, note) in run.findings.map({ ($0, false) }) + run.notes.map({ ($0, true) }) {
                            try insertFinding.execute(arguments: [
                                runID, finding.kind.rawValue, finding.test?.rawValue, finding.file, finding.line,
                                finding.message, finding.quarantined ?? false, note, finding.ignored,
                            ])
                        }
                        added += 1
                    }
                    return .commit
                }
                return added
            }
        }
    }

    /// How many runs the history holds.
    public func count() throws -> Int {
        try guarded { try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM run") ?? 0 } }
    }

    /// The last `limit` runs (every run when `nil`; with `auditsOnly`, of the audits), oldest first, with
    /// their tests and findings.
    public func runs(last limit: Int? = nil, auditsOnly: Bool = false) throws -> [HistoryRun] {
        try guarded {
            try queue.read { db in
                let names = Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM test").map {
                        (($0["id"] as Int64), TestID(rawValue: $0["name"] as String))
                    })
                let runRows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM (SELECT * FROM run \(auditsOnly ? "WHERE kind != 'mutation'" : "")
                            ORDER BY date DESC, id DESC LIMIT ?) ORDER BY date, id
                        """,
                    arguments: [limit ?? -1])
                let ids = Set(runRows.map { $0["id"] as Int64 })
                // Runs merged from another history have later ids than their dates say: the lowest id bounds.
                guard let first = ids.min() else { return [] }
                var tests: [Int64: [HistoryTestRun]] = [:]
                let observations = try Row.fetchCursor(
                    db, sql: "SELECT * FROM observation WHERE run >= ? ORDER BY run", arguments: [first])
                while let row = try observations.next() {
                    let run: Int64 = row["run"]
                    guard ids.contains(run), let test = names[row["test"]] else { continue }
                    tests[run, default: []].append(
                        HistoryTestRun(
                            test: test, suite: OutcomeCode.outcomes(row["suite"]),
                            parallel: OutcomeCode.outcomes(row["parallel"]),
                            alone: OutcomeCode.outcomes(row["alone"]).first ?? .notRun,
                            milliseconds: row["milliseconds"],
                            quarantined: row["quarantined"], budgetMilliseconds: row["budget"],
                            isolated: row["isolated"]))
                }
                var findings: [Int64: [Finding]] = [:]
                var notes: [Int64: [Finding]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT * FROM finding WHERE run >= ?", arguments: [first]) {
                    let run: Int64 = row["run"]
                    guard ids.contains(run), let kind = FindingKind(rawValue: row["kind"]) else { continue }
                    var finding = Finding(
                        kind: kind, test: (row["test"] as String?).map(TestID.init(rawValue:)), file: row["file"],
                        line: row["line"], message: row["message"])
                    finding.quarantined = (row["quarantined"] as Bool) ? true : nil
                    finding.ignored = row["ignored"]
                    if row["note"] as Bool {
                        notes[run, default: []].append(finding)
                    } else {
                        findings[run, default: []].append(finding)
                    }
                }
                return runRows.map { row in
                    let id: Int64 = row["id"]
                    return HistoryRun(
                        id: row["uuid"], date: Date(timeIntervalSince1970: row["date"]),
                        kind: HistoryRun.Kind(rawValue: row["kind"]) ?? .audit, package: row["package"],
                        commit: row["gitCommit"], fingerprint: row["fingerprint"], machine: row["machine"],
                        seed: (row["seed"] as String?).flatMap { UInt64($0) }, litmusVersion: row["litmusVersion"],
                        wallSeconds: row["wallSeconds"], suiteSeconds: row["suiteSeconds"],
                        linePercent: row["linePercent"], mutationScore: row["mutationScore"],
                        flakyTests: row["flakyTests"], quarantinedTests: row["quarantinedTests"], share: row["share"],
                        spread: row["spread"], tests: (tests[id] ?? []).sorted { $0.test < $1.test },
                        findings: findings[id] ?? [], notes: notes[id] ?? [])
                }
            }
        }
    }

    /// The last `limit` runs' figures for a trend, oldest first, without their tests.
    public func trend(last limit: Int = 200) throws -> [TrendPoint] {
        try guarded {
            try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM (SELECT date, id, gitCommit, kind, suiteSeconds, linePercent, mutationScore,
                            flakyTests, quarantinedTests FROM run ORDER BY date DESC, id DESC LIMIT ?) ORDER BY date, id
                        """, arguments: [limit]
                ).map { row in
                    TrendPoint(
                        date: Date(timeIntervalSince1970: row["date"]), commit: row["gitCommit"],
                        kind: HistoryRun.Kind(rawValue: row["kind"]) ?? .audit, suiteSeconds: row["suiteSeconds"],
                        linePercent: row["linePercent"], mutationScore: row["mutationScore"],
                        flakyTests: row["flakyTests"], quarantinedTests: row["quarantinedTests"])
                }
            }
        }
    }

    /// When each test last ran alone (the end of that run), by test: a quick audit runs alone the share
    /// whose tests ran alone least recently.
    public func lastRanAlone() throws -> [TestID: Date] {
        try guarded {
            try queue.read { db in
                var dates: [TestID: Date] = [:]
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT test.name AS name, max(run.date) AS date FROM observation
                        JOIN run ON run.id = observation.run JOIN test ON test.id = observation.test
                        WHERE observation.alone != 'N' GROUP BY observation.test
                        """)
                while let row = try rows.next() {
                    dates[TestID(rawValue: row["name"])] = Date(timeIntervalSince1970: row["date"])
                }
                return dates
            }
        }
    }

    /// Adds the runs of `other` this history lacks (by their ids), in one transaction; returns how many.
    @discardableResult
    public func merge(_ other: HistoryStore) throws -> Int {
        try append(try other.runs())
    }

    private static func testIDs(_ db: Database) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM test")
        while let row = try rows.next() { ids[row["name"]] = row["id"] }
        return ids
    }

    /// Runs `body`, naming the file in any database error.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw HistoryError.from(error, file: file.path)
        }
    }
}

/// Outcomes as one letter each in the file: `P`assed, `F`ailed, `S`kipped, `C`rashed, `N`ot run.
enum OutcomeCode {
    static func text(_ outcomes: [TestOutcome]) -> String {
        String(
            outcomes.map { outcome -> Character in
                switch outcome {
                case .passed: "P"
                case .failed: "F"
                case .skipped: "S"
                case .crashed: "C"
                case .notRun: "N"
                }
            })
    }

    static func outcomes(_ text: String) -> [TestOutcome] {
        text.map { letter in
            switch letter {
            case "P": .passed
            case "F": .failed
            case "S": .skipped
            case "C": .crashed
            default: .notRun
            }
        }
    }
}
