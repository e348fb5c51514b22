import ArgumentParser
import Foundation
import LitmusCommands
import LitmusReport
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("litmus mutate on the fixture packages", .tags(.endToEnd), .serialized)
struct MutateEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The Mutation fixture's report, made once per test process, with whether the package's files
    /// are byte-identical afterwards and the processes left behind.
    static let ledger = Task {
        () throws -> (report: LitmusMutation.MutationReport, unchanged: Bool, leftover: [Int32]) in
        let package = fixtures.appendingPathComponent("Mutation")
        let before = try snapshot(package)
        // A kept build folder this run holds alone (so its processes are told apart from other suites' runs
        // of the same fixture by the folder in their command lines), every mutant run afresh.
        let lock = try await keptBuild("Mutation")
        defer { lock.release() }
        let buildFolder = lock.folder
        var sut = MutationTesting(package: package, timeoutFloor: 2, buildFolder: buildFolder)
        sut.reuseResults = false
        let report = try await sut.run()
        return (report, try snapshot(package) == before, ownDescendants(using: buildFolder.path))
    }

    private func status(of function: String, _ replacement: String) async throws -> [MutantStatus] {
        let report = try await Self.ledger.value.report
        let source = report.sources["Sources/Ledger/Ledger.swift"] ?? ""
        let line =
            source.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("func \(function)(") }.map { $0 + 1 } ?? 0
        return report.results.filter {
            $0.mutant.start.line > line && $0.mutant.start.line <= line + 8 && $0.mutant.replacement == replacement
        }.map(\.status).prefix(1).map { $0 }
    }

    @Test("A mutant a test notices is Killed, by that test")
    func killed() async throws {
        #expect(try await status(of: "add", "-") == [.killed])
    }

    @Test("A mutant no test notices Survives")
    func survived() async throws {
        #expect(try await status(of: "isAdult", ">") == [.survived])
    }

    @Test("A mutant no test reaches is NoCoverage")
    func noCoverage() async throws {
        #expect(try await status(of: "untested", "/") == [.noCoverage])
    }

    @Test("A mutant that never ends is a Timeout")
    func timeout() async throws {
        #expect(try await status(of: "steps", "+=") == [.timeout])
    }

    @Test("A mutant that crashes the tests is a RuntimeError")
    func runtimeError() async throws {
        #expect(try await status(of: "element", "+") == [.runtimeError])
    }

    @Test("A mutant the compiler rejects is a CompileError with the compiler's reason, and the rest still run")
    func compileError() async throws {
        let report = try await Self.ledger.value.report
        let rejected = report.results.filter { $0.status == .compileError }
        #expect(rejected.map { "\($0.mutant.original) -> \($0.mutant.replacement)" } == ["+ -> -"])
        #expect(rejected.first?.reason?.contains("-") == true)
    }

    @Test("The Stryker JSON of a run is what the HTML report reads: the same mutants, statuses and source")
    func reportReadsTheJSON() async throws {
        // Given
        let report = try await Self.ledger.value.report
        let json = try report.json(high: 80, low: 60)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-ledger-\(UUID().uuidString).json")
        try json.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }

        // When: read as `litmus report --mutation` reads it
        let read = try JSONDecoder().decode(StrykerReport.self, from: ReportFile.mutation(at: path.path))

        // Then
        let ledger = try #require(read.files["Sources/Ledger/Ledger.swift"])
        #expect(ledger.source == report.sources["Sources/Ledger/Ledger.swift"])
        #expect(ledger.mutants.count == report.results.count)
        #expect(
            ledger.mutants.filter { $0.status.rawValue == "Survived" }.count
                == report.results.filter { $0.status == .survived }.count)
        #expect(HTMLReport(auditJSON: nil, mutationJSON: json).render().contains("Sources/Ledger/Ledger.swift"))
    }

    @Test("The package's files are byte-identical afterwards and no process is left")
    func leavesNothing() async throws {
        let (_, unchanged, leftover) = try await Self.ledger.value
        #expect(unchanged)
        #expect(leftover == [])
    }

    @Test("A package whose tests do not get LITMUS_MUTANT stops at the sanity check")
    func sanityStop() async throws {
        let lock = try await keptBuild("MutationUnreachable")
        defer { lock.release() }
        var sut = MutationTesting(
            package: Self.fixtures.appendingPathComponent("MutationUnreachable"), buildFolder: lock.folder)
        sut.reuseResults = false
        await #expect(throws: MutationError.probeSurvived(file: "Sources/Probe/Probe.swift", test: "doubles()")) {
            _ = try await sut.run()
        }
    }

    private static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// This process's children (Linux /proc) that use `folder` (the run's build folder), which a finished
    /// run must not leave.
    private static func ownDescendants(using folder: String) -> [Int32] {
        let me = getpid()
        var found: [Int32] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == me, uses(folder, pid) { found.append(pid) }
        }
        return found
    }

    /// Whether `pid`'s command line names `folder`: the run's build (`--scratch-path`), its test binary and
    /// llvm tools all do.
    private static func uses(_ folder: String, _ pid: Int32) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        // The folder's own path, whole: kept folders are `<key>`, `<key>-2`, … (a prefix of one another), and
        // command lines separate arguments with NUL.
        return String(decoding: data, as: UTF8.self).split(separator: "\0").contains {
            $0 == folder || $0.hasPrefix(folder + "/") || $0.contains("=" + folder + "/")
        }
    }
}

@Suite("litmus mutate's command line")
struct MutateCommandTests {
    @Test(
        "A minimum score outside 0 to 100 is refused while the command line is read, naming the value, by mutate and merge"
    )
    func minimumOutOfRange() throws {
        // When
        let mutate = #expect(throws: (any Error).self) {
            try MutateCommand.parse(["Tests/Fixtures/Mutation", "--min-mutation-score", "150"])
        }
        let merge = #expect(throws: (any Error).self) {
            try MergeCommand.parse(["a.json", "--min-mutation-score=-1"])
        }
        // Then
        #expect(
            MutateCommand.message(for: try #require(mutate)) == "--min-mutation-score must be 0 to 100 (it is 150.0)")
        #expect(MergeCommand.message(for: try #require(merge)) == "--min-mutation-score must be 0 to 100 (it is -1.0)")
        #expect(
            try MutateCommand.parse(["Tests/Fixtures/Mutation", "--min-mutation-score", "100"]).minMutationScore == 100)
    }

    @Test("--jobs sets the test processes at once, as litmus audit's does; --parallel is its earlier name")
    func jobs() throws {
        #expect(try MutateCommand.parse(["--jobs", "3"]).parallel == 3)
        #expect(try MutateCommand.parse(["--parallel", "4"]).parallel == 4)
    }

    @Test("A score under --min-mutation-score exits with status 1", .tags(.endToEnd))
    func underMinimum() async throws {
        // Given: the Mutation fixture scores 73.9%.
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("Mutation").path
        let lock = try await keptBuild("Mutation")
        defer { lock.release() }
        let sut = try MutateCommand.parse([
            package, "--min-mutation-score", "90", "--quiet", "--timeout-floor", "2", "--build-path", lock.folder.path,
            "--no-cache",
        ])

        // Then
        await #expect(throws: ExitCode(1)) {
            try await sut.run()
        }
    }
}
