import Foundation
import LitmusAudit
import Testing

@testable import LitmusCommands
@testable import LitmusMutation
@testable import LitmusRunning

@Suite("litmus merge of mutation shards")
struct MergeTests {
    private let source = "func f(a: Int, b: Int) -> Bool {\n    a + b > 1 && a < b\n}\n"
    private let test: TestID = "M.fTests/checks()/FTests.swift:3:2"

    /// The whole run: every mutant of `source` with a status of its own, every fourth one's result reused
    /// from the result cache, its mutants those on lines changed since `v1`.
    private func wholeRun() -> MutationReport {
        let found = MutationSource(path: "Sources/M/F.swift", text: source).mutants()
        let statuses: [MutantStatus] = [.killed, .survived, .compileError, .noCoverage, .timeout, .runtimeError]
        let results = found.enumerated().map { index, mutant in
            let status = statuses[index % statuses.count]
            return MutantResult(
                mutant: mutant, status: status, reason: status == .survived ? nil : "why \(index)",
                coveredBy: status == .noCoverage ? [] : [test], killedBy: status.isDetected ? [test] : [],
                testsCompleted: 1, durationMilliseconds: 10 + index, reused: index % 4 == 1)
        }
        return MutationReport(
            package: "/p", sources: ["Sources/M/F.swift": source], results: results,
            tests: [TestIdentity(library: .swiftTesting, id: test, file: "Tests/MTests/FTests.swift", line: 3)],
            notes: ["a note"], wallSeconds: 5, buildSeconds: 2, since: "v1")
    }

    /// Shard `index` of `count` of the whole run, as `litmus mutate --shard` writes it.
    private func shard(
        _ index: Int, of count: Int, commit: String? = "abc", package: String = "M", run: MutationReport? = nil
    ) throws -> Data {
        let whole = run ?? wholeRun()
        let shard = try Shard(index: index, count: count)
        var report = whole
        report.results = shard.share(of: whole.results, by: \.mutant.id)
        report.partial = MutationPartial(
            header: PartialHeader(kind: .mutation, shard: shard, commit: commit, package: package),
            mutantIDs: whole.results.map(\.mutant.id))
        return try report.json()
    }

    private func merge(_ files: [(String, Data)]) throws -> MutationReport {
        try MutationReport.merging(files.map { (file: $0.0, data: $0.1) })
    }

    @Test("The merged shards make the JSON and the terminal report of the unsharded run", arguments: 1...3)
    func mergedEqualsWhole(count: Int) throws {
        // Given
        let whole = wholeRun()
        let files = try (1...count).reversed().map { ("s\($0).json", try shard($0, of: count)) }

        // When
        let merged = try merge(files)

        // Then: the same results, and as many reused from the cache (the terminal's "Reused" line)
        #expect(whole.results.count > 6)
        #expect(merged.reused == whole.reused && whole.reused > 0)
        // and the --since ref, read back from the schema's config beside the shards' litmus section
        #expect(merged.since == "v1")
        #expect(try merged.json() == whole.json())
        #expect(MutationTerminalReport().render(merged) == MutationTerminalReport().render(whole))
    }

    @Test("A missing shard is named")
    func missing() throws {
        #expect(throws: MergeError.missing(shards: ["2/3"])) {
            try merge([("a.json", try shard(1, of: 3)), ("c.json", try shard(3, of: 3))])
        }
    }

    @Test("A shard given twice names both files")
    func duplicate() throws {
        let sut = try Shard(index: 1, count: 2)
        #expect(throws: MergeError.duplicate(file: "b.json", shard: sut, other: "a.json")) {
            try merge([("a.json", try shard(1, of: 2)), ("b.json", try shard(1, of: 2))])
        }
    }

    @Test("A shard of another commit, package or split is refused, naming the file")
    func otherRun() throws {
        let first = ("a.json", try shard(1, of: 2))
        #expect(throws: MergeError.otherCommit(file: "b.json", commit: "def", other: "a.json", otherCommit: "abc")) {
            try merge([first, ("b.json", try shard(2, of: 2, commit: "def"))])
        }
        #expect(throws: MergeError.otherPackage(file: "b.json", package: "N", other: "a.json", otherPackage: "M")) {
            try merge([first, ("b.json", try shard(2, of: 2, package: "N"))])
        }
        #expect(
            throws: MergeError.otherCount(
                file: "b.json", shard: try Shard(index: 2, count: 3), other: "a.json",
                otherShard: try Shard(index: 1, count: 2))
        ) {
            try merge([first, ("b.json", try shard(2, of: 3))])
        }
    }

    @Test("A shard of other sources is refused, naming the file")
    func otherSources() throws {
        var changed = wholeRun()
        changed.sources["Sources/M/F.swift"] = source + "\n"
        #expect(
            throws: MergeError.inconsistent(file: "b.json", reason: "its Sources/M/F.swift differs from a.json's")
        ) {
            try merge([("a.json", try shard(1, of: 2)), ("b.json", try shard(2, of: 2, run: changed))])
        }
    }

    @Test("A file that is not JSON, or the report of an unsharded run, is corrupt, by name")
    func corrupt() throws {
        #expect(throws: MergeError.corrupt(file: "x.json", reason: "not a mutation report in Stryker's schema")) {
            try merge([("x.json", Data("{ half".utf8))])
        }
        #expect(
            throws: MergeError.corrupt(
                file: "whole.json", reason: "it has no litmus section: a run without --shard wrote it")
        ) {
            try merge([("whole.json", try wholeRun().json())])
        }
        #expect(MergeError.corrupt(file: "x.json", reason: "r").description.hasPrefix("x.json is not"))
    }

    @Test(
        "A shard whose mutant lacks a key litmus always writes, or has a status it never gives, is corrupt, by name",
        arguments: ["duration", "coveredBy", "killedBy", "testsCompleted", "replacement", "status", "hugeDuration"])
    func mutantNotLitmus(key: String) throws {
        // Given: shard 1 of 1 with its first mutant's key removed, its status one litmus never gives, or a
        // duration no run takes (it would overflow an Int)
        var object = try #require(try JSONSerialization.jsonObject(with: shard(1, of: 1)) as? [String: Any])
        var files = try #require(object["files"] as? [String: [String: Any]])
        var mutants = try #require(files["Sources/M/F.swift"]?["mutants"] as? [[String: Any]])
        switch key {
        case "status": mutants[0][key] = "Ignored"
        case "hugeDuration": mutants[0]["duration"] = 1e30
        default: mutants[0][key] = nil
        }
        files["Sources/M/F.swift"]?["mutants"] = mutants
        object["files"] = files
        let data = try JSONSerialization.data(withJSONObject: object)

        // Then
        #expect(
            throws: MergeError.corrupt(file: "s.json", reason: "mutant 1 of Sources/M/F.swift is not one litmus wrote")
        ) { try merge([("s.json", data)]) }
    }

    @Test("A mutant at line or column 0 lies outside its file: corrupt, by name")
    func positionZero() throws {
        // Given: shard 1 of 1 with its first mutant starting at column 0
        var object = try #require(try JSONSerialization.jsonObject(with: shard(1, of: 1)) as? [String: Any])
        var files = try #require(object["files"] as? [String: [String: Any]])
        var mutants = try #require(files["Sources/M/F.swift"]?["mutants"] as? [[String: Any]])
        var location = try #require(mutants[0]["location"] as? [String: Any])
        location["start"] = ["line": 1, "column": 0]
        mutants[0]["location"] = location
        files["Sources/M/F.swift"]?["mutants"] = mutants
        object["files"] = files
        let data = try JSONSerialization.data(withJSONObject: object)

        // Then
        #expect(throws: MergeError.corrupt(file: "s.json", reason: "mutant 1 lies outside Sources/M/F.swift")) {
            try merge([("s.json", data)])
        }
    }

    @Test("litmus merge reads the kind of run from the files, and refuses audit and mutation shards together")
    func kinds() throws {
        // Given
        let mutation = ("m.json", try shard(1, of: 2))
        let header = PartialHeader(kind: .audit, shard: try Shard(index: 2, count: 2), commit: "abc", package: "M")
        let audit = ("a.json", try JSONEncoder().encode(["litmus": ["header": header]]))

        // Then
        #expect(try MergeCommand.kind(of: [mutation].map { (file: $0.0, data: $0.1) }) == .mutation)
        #expect(throws: MergeError.mixedKinds(file: "a.json", kind: .audit, other: "m.json", otherKind: .mutation)) {
            try MergeCommand.kind(of: [mutation, audit].map { (file: $0.0, data: $0.1) })
        }
    }
}
