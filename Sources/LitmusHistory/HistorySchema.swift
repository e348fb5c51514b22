import GRDB

/// The history's schema: its tables' columns, and the migrations from each earlier version.
extension HistoryStore {
    /// The columns each table must have: a database whose migrations have this schema's names but not
    /// its tables (another program's, written with GRDB too) is refused, never read.
    static let columns: [String: Set<String>] = [
        "run": [
            "id", "uuid", "date", "kind", "package", "gitCommit", "fingerprint", "machine", "seed", "litmusVersion",
            "wallSeconds", "share", "spread", "suiteSeconds", "linePercent", "mutationScore", "flakyTests",
            "quarantinedTests",
        ],
        "test": ["id", "name"],
        "observation": [
            "run", "test", "suite", "parallel", "alone", "milliseconds", "quarantined", "budget", "isolated",
        ],
        "finding": ["run", "kind", "test", "file", "line", "message", "quarantined", "note", "ignored"],
    ]

    /// The first table or column of ``columns`` the database lacks, said as a reason; `nil` when none.
    static func missingColumn(_ db: Database) throws -> String? {
        for (table, expected) in columns.sorted(by: { $0.key < $1.key }) {
            let present = Set(
                try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]).map {
                    $0["name"] as String
                })
            if present.isEmpty { return "it has no table \(table)" }
            if let column = expected.subtracting(present).sorted().first {
                return "its table \(table) has no column \(column)"
            }
        }
        return nil
    }

    /// The schema: v1 the runs, their tests' outcomes and findings; v2 the trend's figures per run; v3 each
    /// test's duration budget per run (the history's Fast judges the median over runs against it); v4 the
    /// reason a finding was silenced with (`// litmus:ignore <kind> <reason>`); v5 whether each test's footprint
    /// said it touches no state another test writes (it then needs no alone run).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE run(
                        id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, date REAL NOT NULL, kind TEXT NOT NULL,
                        package TEXT NOT NULL, gitCommit TEXT, fingerprint TEXT NOT NULL, machine TEXT NOT NULL,
                        seed TEXT, litmusVersion TEXT, wallSeconds REAL NOT NULL, share INTEGER, spread INTEGER);
                    CREATE INDEX run_date ON run(date);
                    CREATE TABLE test(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    CREATE TABLE observation(
                        run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        test INTEGER NOT NULL REFERENCES test(id),
                        suite TEXT NOT NULL, parallel TEXT NOT NULL, alone TEXT NOT NULL,
                        milliseconds REAL, quarantined INTEGER NOT NULL,
                        PRIMARY KEY(run, test)) WITHOUT ROWID;
                    CREATE TABLE finding(
                        run INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL, test TEXT, file TEXT, line INTEGER, message TEXT NOT NULL,
                        quarantined INTEGER NOT NULL, note INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX finding_run ON finding(run);
                    """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    ALTER TABLE run ADD COLUMN suiteSeconds REAL;
                    ALTER TABLE run ADD COLUMN linePercent REAL;
                    ALTER TABLE run ADD COLUMN mutationScore REAL;
                    ALTER TABLE run ADD COLUMN flakyTests INTEGER;
                    ALTER TABLE run ADD COLUMN quarantinedTests INTEGER;
                    """)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: "ALTER TABLE observation ADD COLUMN budget REAL")
        }
        migrator.registerMigration("v4") { db in
            // Another program's database with these migrations' names has no such table: left to the check
            // of the columns, which names it.
            if try db.tableExists("finding") {
                try db.execute(sql: "ALTER TABLE finding ADD COLUMN ignored TEXT")
            }
        }
        migrator.registerMigration("v5") { db in
            if try db.tableExists("observation") {
                try db.execute(sql: "ALTER TABLE observation ADD COLUMN isolated INTEGER")
            }
        }
        return migrator
    }
}
