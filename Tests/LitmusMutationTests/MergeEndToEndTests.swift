import Foundation
import LitmusSupport
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite(
    "litmus mutate and litmus audit --shard, merged by litmus merge, as separate processes", .tags(.endToEnd),
    .serialized)
struct MergeEndToEndTests {

    /// Runs `litmus` with `arguments`; its exit status, standard output and standard error.
    /// Awaited, not waited for: a blocked thread of the two-thread cooperative pool, for the seconds an
    /// audit takes, stalls every other test's async work (an HTTP test's 10 s deadline passed so).
    private static func litmus(_ arguments: [String], in folder: URL) async throws
        -> (status: Int32, output: String, errors: String)
    {
        let executable = try #require(
            BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
        let errors = folder.appendingPathComponent("stderr.txt")
        let result = try await ChildProcess.run(
            executable, arguments, in: folder, outputFile: folder.appendingPathComponent("stdout.txt"),
            errorFile: errors, timeout: 900)
        return (result.status, result.output, try String(contentsOf: errors, encoding: .utf8))
    }

    /// The JSON without what differs from run to run: each mutant's `duration` (milliseconds its
    /// processes took), and of a mutant that timed out, the time limit in its reason (a multiple of its
    /// tests' measured durations) and how many tests ended before it. Everything else (ids, statuses,
    /// the other reasons, coveredBy, killedBy, testsCompleted, sources, tests, thresholds) must be equal.
    private static func withoutDurations(_ data: Data) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var files = try #require(object["files"] as? [String: [String: Any]])
        for (path, var file) in files {
            let mutants = try #require(file["mutants"] as? [[String: Any]])
            file["mutants"] = mutants.map { mutant in
                var kept = mutant.filter { $0.key != "duration" }
                if mutant["status"] as? String == "Timeout" {
                    kept["testsCompleted"] = nil
                    kept["statusReason"] = (mutant["statusReason"] as? String)?.replacing(/[0-9]+ s/, with: "N s")
                }
                return kept
            }
            files[path] = file
        }
        object["files"] = files
        return object as NSDictionary
    }

    /// The ids of the mutants whose (normalized) JSON differs between two reports, for a failure message.
    private static func differingMutants(_ one: NSDictionary, _ other: NSDictionary) -> [String] {
        func mutants(_ report: NSDictionary) -> [String: NSDictionary] {
            let files = report["files"] as? [String: [String: Any]] ?? [:]
            let all = files.values.flatMap { $0["mutants"] as? [[String: Any]] ?? [] }
            return Dictionary(all.map { ($0["id"] as? String ?? "", $0 as NSDictionary) }) { first, _ in first }
        }
        let (left, right) = (mutants(one), mutants(other))
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted().map { id in
            "\(id): \(left[id]?.description ?? "none") vs \(right[id]?.description ?? "none")"
        }
    }

    /// The terminal report without its times (the first line's wall and build seconds).
    private static func withoutTimes(_ text: String) -> String {
        text.replacing(/[0-9]+\.[0-9] s/, with: "T s")
    }

    @Test("Two shards run one after another and merged make the report of the unsharded run of the same package")
    func mergedShardsEqualTheUnshardedRun() async throws {
        // Given: the unsharded run (MutateEndToEndTests' run of the fixture, timeout floor 2 s)
        let whole = try await MutateEndToEndTests.ledger.value.report
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("Mutation").path
        let shards = (1...2).map { folder.appendingPathComponent("shard-\($0).json").path }
        let lock = try await keptBuild("Mutation")
        defer { lock.release() }

        // When: each shard in its own process, then the merge
        var outputs: [String] = []
        for (index, file) in shards.enumerated() {
            let run = try await Self.litmus(
                [
                    "mutate", package, "--quiet", "--build-path", lock.folder.path, "--no-cache", "--timeout-floor",
                    "2", "--shard", "\(index + 1)/2", "--json", file,
                ],
                in: folder)
            #expect(run.status == 0, "shard \(index + 1)/2: \(run.errors)")
            outputs.append(run.output)
        }
        let merged = folder.appendingPathComponent("merged.json").path
        let merge = try await Self.litmus(["merge"] + shards + ["--json", merged], in: folder)
        let alone = try await Self.litmus(["merge", shards[0]], in: folder)

        // Then: the same mutants, statuses, reasons and tests, durations aside; each shard says it is one
        #expect(merge.status == 0, "\(merge.errors)")
        let (mergedJSON, wholeJSON) = (
            try Self.withoutDurations(Data(contentsOf: URL(fileURLWithPath: merged))),
            try Self.withoutDurations(whole.json())
        )
        #expect(mergedJSON == wholeJSON, "\(Self.differingMutants(mergedJSON, wholeJSON))")
        #expect(Self.withoutTimes(merge.output) == Self.withoutTimes(MutationTerminalReport().render(whole)))
        #expect(outputs.map { $0.contains("This is shard") } == [true, true])
        let testFiles = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged)))
        #expect(
            ((testFiles as? [String: Any])?["testFiles"] as? [String: Any])?.keys.sorted() == [
                "Tests/LedgerTests/LedgerTests.swift"
            ])
        #expect(alone.status == 2)
        #expect(alone.errors == "litmus merge: Shard 2/2 missing: give every shard's partial report.\n")
    }

    /// Report text without what the machine's timing decides: the milliseconds quoted, and which tests
    /// Swift Testing's parallel runs happened to run at the same time as another (its parallel order is
    /// not seeded, so two unsharded audits of one seed name them differently too).
    private static func withoutSchedule(_ text: String) -> String {
        text.replacing(/[0-9]+ ms/, with: "N ms").replacing(
            /running at the same time in each: [^"<]*/, with: "running at the same time in each: (tests)")
    }

    /// An audit's JSON report without what differs from run to run: the wall and build times, each
    /// test's durations and median, and in the findings' messages and the verdicts' summaries what
    /// ``withoutSchedule(_:)`` leaves out; and of a test that flipped between the suite runs, its outcomes (suite and parallel),
    /// flip rate and first failure message, and the counts its finding quotes (Planted's flaky test
    /// counts its runs in a file of the package's copy and fails every second one, so on each shard's
    /// worker it counts from its suite run 1: the finding is the same, its counts are not). Everything
    /// else (every finding, verdict, other outcome, failure message, covered line, killed process, the
    /// seed and the options) must be equal.
    /// `spared`: the tests an unsharded audit's footprints spared the alone run (a shard runs its share of every
    /// test alone), whose outcome alone is left out of both reports, with the footprints' evidence.
    private static func auditWithoutDurations(_ data: Data, spared: Set<String> = []) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["isolation"] = nil
        object["wallSeconds"] = nil
        object["buildSeconds"] = nil
        object["phases"] = nil
        // How the run went (reruns a shard leaves to an unsharded run), like its phases.
        object["conduct"] = nil
        let tests = try #require(object["tests"] as? [[String: Any]])
        object["tests"] = tests.map { test in
            let flipped = (test["flipRate"] as? Double ?? 0) > 0
            let measured = ["durationsMilliseconds", "medianMilliseconds", "freeCoreMilliseconds"]
            let counted = flipped ? ["suiteOutcomes", "parallelOutcomes", "flipRate", "issues"] : []
            let chosen = ["isolation"] + (spared.contains(test["id"] as? String ?? "") ? ["aloneOutcome"] : [])
            return test.filter { !(measured + counted + chosen).contains($0.key) }
        }
        let text = String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        let scrubbed = Self.withoutSchedule(text).replacing(
            /passed [0-9]+ of ([0-9]+) identical runs \(flip rate [0-9.]+\)/, with: "passed N identical runs")
        return try #require(try JSONSerialization.jsonObject(with: Data(scrubbed.utf8)) as? NSDictionary)
    }

    /// The tests whose footprints spared them the alone run in the audit report `data` (`tests[].isolation`).
    private static func spared(_ data: Data) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        return Set(
            tests.filter { ($0["isolation"] as? [String: Any])?["verdict"] as? String == "isolated" }
                .compactMap { $0["id"] as? String })
    }

    /// What differs between two normalized audit reports, for a failure message: the top-level keys
    /// whose values differ, and the findings each has that the other has not.
    private static func auditDifference(_ one: NSDictionary, _ other: NSDictionary) -> String {
        let keys = Set(one.allKeys.map { "\($0)" } + other.allKeys.map { "\($0)" }).sorted().filter {
            (one[$0] as? NSObject) != (other[$0] as? NSObject)
        }
        func findings(_ report: NSDictionary) -> Set<String> {
            Set(
                ((report["findings"] as? [NSDictionary]) ?? []).map {
                    String(
                        decoding: (try? JSONSerialization.data(withJSONObject: $0, options: .sortedKeys)) ?? Data(),
                        as: UTF8.self)
                })
        }
        return "keys \(keys); only in the first: \(findings(one).subtracting(findings(other)).sorted()); "
            + "only in the second: \(findings(other).subtracting(findings(one)).sorted())"
    }

    @Test("Two audit shards with the same seed, merged, make the report of the unsharded audit: JSON and JUnit")
    func mergedAuditShardsEqualTheUnshardedAudit() async throws {
        // Given: the Planted fixture (slow, order-dependent, flaky and self-validating tests), one build
        // folder for the three audits, one seed
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-audit-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("Planted").path
        let lock = try await keptBuild("Planted")
        defer { lock.release() }
        // A budget no test comes near: whether a test is slow is a matter of time, which the shards spend in
        // two processes at two times, and on a busy machine a shard cannot time a test again alone as the
        // unsharded audit does (its slow-looking test is then a note, not a finding). What the merge must
        // keep is everything else (durations are left out of the comparison, below).
        let common = [package, "--quiet", "--replay", "42", "--build-path", lock.folder.path, "--budget-ms", "60000"]
        let file = { (name: String) in folder.appendingPathComponent(name).path }

        // When: the unsharded audit, each shard in its own process, then the merge
        let whole = try await Self.litmus(
            ["audit"] + common + ["--json", file("whole.json"), "--junit", file("whole.xml")], in: folder)
        for index in 1...2 {
            let run = try await Self.litmus(
                ["audit"] + common + ["--shard", "\(index)/2", "--json", file("shard-\(index).json")], in: folder)
            #expect(run.status == 0, "shard \(index)/2: \(run.errors)")
            #expect(run.output.contains("This is shard \(index)/2 of the audit"))
        }
        let merge = try await Self.litmus(
            [
                "merge", file("shard-2.json"), file("shard-1.json"), "--json", file("merged.json"), "--junit",
                file("merged.xml"), "--history", file("history.sqlite"),
            ],
            in: folder)

        // Then: the same exit status (findings over the thresholds), findings, verdicts and outcomes
        #expect(whole.status == 1, "\(whole.errors)")
        #expect(merge.status == whole.status, "\(merge.errors)")
        // The unsharded audit ran alone only the tests its footprints made candidates; the shards, every test
        let wholeReport = try Data(contentsOf: URL(fileURLWithPath: file("whole.json")))
        let spared = try Self.spared(wholeReport)
        #expect(!spared.isEmpty)
        let merged = try Self.auditWithoutDurations(
            Data(contentsOf: URL(fileURLWithPath: file("merged.json"))), spared: spared)
        let unsharded = try Self.auditWithoutDurations(wholeReport, spared: spared)
        #expect(merged == unsharded, "\(Self.auditDifference(merged, unsharded))")
        #expect((merged["findings"] as? [Any])?.count ?? 0 > 5)
        let junit = { (name: String) in
            Self.withoutSchedule(
                try String(contentsOfFile: file(name), encoding: .utf8).replacing(/time="[^"]*"/, with: "time=\"T\""))
        }
        #expect(try junit("merged.xml") == junit("whole.xml"))
        // and the merged run, not a shard's part, is the one run of the history --history names
        let history = try await Self.litmus(["history", file("history.sqlite"), "--json", "-"], in: folder)
        #expect(history.status == 0, "\(history.errors)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [String: Any])
        #expect(summary["runsInFile"] as? Int == 1)
        #expect((summary["findings"] as? [Any])?.count == (merged["findings"] as? [Any])?.count)
    }
}
