import Foundation
import LitmusSupport

/// The stage that measures coverage with llvm-profdata and llvm-cov: of the package's sources over
/// every run, and the lines each test executes alone, from the profiles its alone run wrote.
struct CoverageStage: Sendable {
    /// `llvm-profdata`.
    var profdata: URL
    /// `llvm-cov`.
    var cov: URL
    /// The built test binary, whose profiles are read.
    var binary: TestBinary
    /// A folder for merged profiles and exports.
    var logs: URL
    /// Maps the copy's paths back to the package.
    var paths: PathMap
    /// The package's source folders (relative to it): coverage counts these only.
    var sourceFolders: [String]
    /// How many merges run at once.
    var width: Int
    /// Where progress goes.
    var progress: @Sendable (RunProgress) -> Void

    /// What it measured: coverage of the sources (nil when no profile could be read), per test the
    /// source lines it executes alone (`"12-18,22"` per file; no entry when its alone run left no
    /// profile or llvm-cov could not read it), and the counts of its checks' positions.
    struct Measured: Sendable {
        var coverage: CoverageReport?
        /// Why the sources' coverage could not be measured (no profile written, a merge or export that
        /// failed); `nil` when it was.
        var problem: String?
        var coveredLines: [TestID: [String: LineSet]] = [:]
        var executions: [TestID: [SourcePosition: Int]] = [:]
    }

    /// Measures the coverage of every profile in the scratch folder, then the counts of `checks`
    /// (positions in the test targets, by test) in each test's alone run, and with `testLines` the
    /// source lines each test executes alone.
    ///
    /// One `llvm-cov export` per test costs about 60 ms on a small package, most of it llvm-cov reading
    /// the binary's coverage mapping. Without `testLines`, the checks of the tests ``ownedByOne(_:)``
    /// picks are read from a single export of those tests' merged alone runs; the other tests get an
    /// export of their own.
    func measure(
        _ observations: Observations, checks: [TestID: CheckPositions], testLines: Bool
    ) async throws -> Measured {
        let folder = binary.scratch.appendingPathComponent("profiles")
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".profraw")
        }.sorted().map { folder.appendingPathComponent($0) }
        guard !all.isEmpty else {
            let why = FileFault.unwritable(folder).map { ": \($0)" } ?? ""
            return Measured(problem: "the test processes wrote no coverage profile in \(folder.path)\(why)")
        }
        let total = logs.appendingPathComponent("all.profdata")
        if let failure = try await mergeFailure(all, into: total) { return Measured(problem: failure) }
        let export = try await ChildProcess.run(
            cov, ["export", "-summary-only", "-instr-profile", total.path, binary.executable.path], in: logs,
            outputFile: logs.appendingPathComponent("export.json"), timeout: binary.timeout)
        guard export.status == 0 else {
            return Measured(
                problem: Self.failure("llvm-cov export", status: export.status, output: export.output, in: logs))
        }
        let paths = self.paths
        let include: @Sendable (String) -> String? = { [sourceFolders] in paths.relative($0, within: sourceFolders) }
        let files = try CoverageReader.files(fromExport: Data(export.output.utf8), include: include)
        var measured = Measured(coverage: CoverageReport(files: files))
        let sourceFiles = testLines ? files.map { paths.copy + "/" + $0.file } : []
        let profiles = observations.profiles
        let suite = SuiteProfiles(observations, folder: logs)
        var together =
            testLines ? [:] : Self.ownedByOne(checks).filter { !(profiles[$0.key] ?? []).isEmpty || suite.has($0.key) }
        if !together.isEmpty {
            // When the merged profile cannot be read, each of these tests gets its own export below.
            let inputs =
                try together.keys.sorted().flatMap { profiles[$0] ?? [] } + suite.write(together.keys, name: "checks")
            if let counts = try await counts(of: together.values.flatMap { $0 }, in: inputs, name: "checks") {
                for (test, positions) in together {
                    // Each test's own positions looked up, not every count filtered for each test.
                    measured.executions[test] = Dictionary(
                        uniqueKeysWithValues: positions.compactMap { position in counts[position].map { (position, $0) }
                        })
                }
            } else {
                together = [:]
            }
        }
        let tests = observations.tests.enumerated().filter { together[$0.element.id] == nil }
        let progress = self.progress
        let perTest = try await concurrentMap(tests, width: width) {
            pair -> ([String: LineSet]?, [SourcePosition: Int]?) in
            let own = try profiles[pair.element.id] ?? suite.write([pair.element.id], name: "test-\(pair.offset)")
            let output = logs.appendingPathComponent("test-\(pair.offset).profdata")
            let positions = checks[pair.element.id]?.all ?? []
            guard !own.isEmpty, !sourceFiles.isEmpty || !positions.isEmpty, try await merge(own, into: output) else {
                return (nil, nil)
            }
            // One export of the sources and of the files holding the test's checks, with their segments.
            guard let json = try await segments(of: output, files: sourceFiles, checks: positions) else {
                return (nil, nil)
            }
            return (
                try? CoverageReader.coveredLines(fromSegmentExport: json, include: include),
                positions.isEmpty
                    ? nil
                    : try? CoverageReader.counts(fromExport: json, at: positions, relative: { paths.relative($0) })
            )
        } onEach: { done in
            progress(.step(done: done, total: tests.count))
        }
        for (pair, measuredTest) in zip(tests, perTest) {
            if testLines, let lines = measuredTest.0 { measured.coveredLines[pair.element.id] = lines }
            measured.executions[pair.element.id] = measuredTest.1
        }
        return measured
    }

    /// The profiles of the tests measured in suite run 1 (``Observations/suiteProfiles``), written into `folder`
    /// as the stage reads them.
    private struct SuiteProfiles: Sendable {
        var profiles: TestProfiles?
        var tests: Set<TestID>
        var folder: URL

        init(_ observations: Observations, folder: URL) {
            profiles = observations.suiteProfiles
            tests = observations.measuredInSuite
            self.folder = folder
        }

        /// Whether `test`'s profile is one of them.
        func has(_ test: TestID) -> Bool { tests.contains(test) }

        /// The profile of those of `tests` measured there, all in one file (`name.profraw`); none when there
        /// are none.
        func write(_ tests: some Collection<TestID>, name: String) throws -> [URL] {
            let own = tests.filter(has)
            let url = folder.appendingPathComponent("\(name).profraw")
            guard let profiles, !own.isEmpty, try profiles.write(own, to: url) else { return [] }
            return [url]
        }
    }

    /// The tests whose every check position is in the test's own body and belongs to no other test (an
    /// inherited XCTest method is two tests' body), with their positions: a merged profile of their
    /// alone runs counts each position as its own test's run did. A position in a helper is never
    /// counted so: the analysis does not see every call of a helper (one inside an assertion's argument,
    /// one on another value), so another test's run may execute it too.
    static func ownedByOne(_ checks: [TestID: CheckPositions]) -> [TestID: Set<SourcePosition>] {
        var owners: [SourcePosition: Int] = [:]
        for checks in checks.values {
            for position in Set(checks.all) { owners[position, default: 0] += 1 }
        }
        return checks.filter { _, checks in
            checks.inBodyOnly && !checks.all.isEmpty && checks.all.allSatisfy { owners[$0] == 1 }
        }.mapValues { Set($0.all) }
    }

    /// The counts at `positions` in the merged `profiles`, or `nil` when llvm-cov could not read them.
    private func counts(of positions: [SourcePosition], in profiles: [URL], name: String) async throws
        -> [SourcePosition: Int]?
    {
        let output = logs.appendingPathComponent("\(name).profdata")
        guard try await merge(profiles, into: output),
            let json = try await segments(of: output, files: [], checks: positions)
        else { return nil }
        let paths = self.paths
        return try? CoverageReader.counts(fromExport: json, at: positions, relative: { paths.relative($0) })
    }

    /// llvm-cov's export with segments of `files` and of the files holding `checks`, from `profile`.
    private func segments(of profile: URL, files: [String], checks: [SourcePosition]) async throws -> Data? {
        let checkFiles = Set(checks.compactMap(\.file)).sorted().map { paths.copy + "/" + $0 }
        let export = try await ChildProcess.run(
            cov,
            ["export", "-skip-functions", "-instr-profile", profile.path, binary.executable.path] + files
                + checkFiles.filter { !files.contains($0) },
            in: logs, outputFile: profile.appendingPathExtension("json"), timeout: binary.timeout)
        // The output file holds standard error too: the JSON starts at its first brace.
        guard export.status == 0, let brace = export.output.firstIndex(of: "{") else { return nil }
        return Data(export.output[brace...].utf8)
    }

    /// Merges `profiles` into one `.profdata`; whether llvm-profdata succeeded.
    private func merge(_ profiles: [URL], into output: URL) async throws -> Bool {
        try await mergeFailure(profiles, into: output) == nil
    }

    /// Merges `profiles` into one `.profdata`; why it failed, or `nil` when llvm-profdata succeeded.
    private func mergeFailure(_ profiles: [URL], into output: URL) async throws -> String? {
        let list = output.appendingPathExtension("inputs")
        do {
            try profiles.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        } catch {
            return "the list of profiles \(list.path) could not be written: \(FileFault.reason(error))"
        }
        let result = try await ChildProcess.run(
            profdata, ["merge", "-sparse", "--input-files=\(list.path)", "-o", output.path], in: logs,
            outputFile: output.appendingPathExtension("log"), timeout: binary.timeout)
        guard result.status != 0 else { return nil }
        return Self.failure("llvm-profdata merge", status: result.status, output: result.output, in: logs)
    }

    /// Why a tool failed: its exit status, its last error line, and whether the folder it wrote in takes
    /// no file (a full disk leaves the tool unable even to log why).
    static func failure(_ tool: String, status: Int32, output: String, in folder: URL) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let said = lines.last { $0.contains("error") } ?? lines.last { !$0.isEmpty }
        let disk = FileFault.unwritable(folder).map { "; \(folder.path): \($0)" } ?? ""
        return "\(tool) failed (exit status \(status))" + (said.map { ": \($0)" } ?? "") + disk
    }
}

extension CoverageReport {
    /// The coverage of `files`, with the totals' percentages (to a tenth; 100 when nothing is executable).
    init(files: [FileCoverage]) {
        let lines = files.reduce((0, 0)) { ($0.0 + $1.coveredLines, $0.1 + $1.lines) }
        let regions = files.reduce((0, 0)) { ($0.0 + $1.coveredRegions, $0.1 + $1.regions) }
        self.init(
            linePercent: Self.percent(lines.0, lines.1), regionPercent: Self.percent(regions.0, regions.1),
            files: files)
    }

    /// The widest of several measures of the same sources: per file, the most lines and regions any of
    /// them executed (shards' coverage, each of the whole suite and of its own alone runs).
    static func widest(_ reports: [CoverageReport]) -> CoverageReport? {
        guard let first = reports.first else { return nil }
        let files = first.files.map { file in
            var widest = file
            for other in reports.dropFirst().compactMap({ $0.files.first { $0.file == file.file } }) {
                widest.coveredLines = max(widest.coveredLines, other.coveredLines)
                widest.coveredRegions = max(widest.coveredRegions, other.coveredRegions)
            }
            return widest
        }
        return CoverageReport(files: files)
    }

    private static func percent(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 100 : (Double(part) / Double(whole) * 1000).rounded() / 10
    }
}
