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
    var progress: @Sendable (AuditProgress) -> Void

    /// What it measured: coverage of the sources (nil when no profile could be read), per test the
    /// source lines it executes alone (`"12-18,22"` per file), and the counts of its checks' positions.
    struct Measured: Sendable {
        var coverage: CoverageReport?
        var coveredLines: [String: [String: String]] = [:]
        var executions: [String: [SourcePosition: Int]] = [:]
    }

    /// Measures the coverage of every profile in the scratch folder, then of each test's own, and
    /// there the execution counts of `checks` (positions in the test targets, by test).
    func measure(_ observations: Observations, checks: [String: [SourcePosition]] = [:]) async throws -> Measured {
        let folder = binary.scratch.appendingPathComponent("profiles")
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".profraw")
        }.sorted().map { folder.appendingPathComponent($0) }
        guard !all.isEmpty else { return Measured() }
        let total = logs.appendingPathComponent("all.profdata")
        guard try await merge(all, into: total) else { return Measured() }
        let export = try await ChildProcess.run(
            cov, ["export", "-summary-only", "-instr-profile", total.path, binary.executable.path], in: logs,
            outputFile: logs.appendingPathComponent("export.json"), timeout: binary.timeout)
        guard export.status == 0 else { return Measured() }
        let paths = self.paths
        let folders = sourceFolders
        let include: @Sendable (String) -> String? = { paths.relative($0, within: folders) }
        let files = try CoverageReader.files(fromExport: Data(export.output.utf8), include: include)
        var measured = Measured(coverage: CoverageReport(files: files))
        let sourceFiles = files.map { paths.copy + "/" + $0.file }
        let tests = observations.tests
        let progress = self.progress
        let perTest = try await concurrentMap(Array(tests.enumerated()), width: width) {
            pair -> ([String: String], [SourcePosition: Int]?) in
            let own = observations.profiles[pair.element.id] ?? []
            let output = logs.appendingPathComponent("test-\(pair.offset).profdata")
            let positions = checks[pair.element.id] ?? []
            guard !own.isEmpty, !sourceFiles.isEmpty || !positions.isEmpty, try await merge(own, into: output) else {
                return ([:], nil)
            }
            // One export of the sources and of the files holding the test's checks, with their segments.
            let checkFiles = Set(positions.map(\.file)).sorted().map { paths.copy + "/" + $0 }
            let export = try await ChildProcess.run(
                cov,
                ["export", "-skip-functions", "-instr-profile", output.path, binary.executable.path] + sourceFiles
                    + checkFiles.filter { !sourceFiles.contains($0) },
                in: logs, outputFile: output.appendingPathExtension("json"), timeout: binary.timeout)
            // The output file holds standard error too: the JSON starts at its first brace.
            guard export.status == 0, let brace = export.output.firstIndex(of: "{") else { return ([:], nil) }
            let json = Data(export.output[brace...].utf8)
            return (
                (try? CoverageReader.coveredLines(fromSegmentExport: json, include: include)) ?? [:],
                positions.isEmpty
                    ? nil
                    : try? CoverageReader.counts(fromExport: json, at: positions, relative: { paths.relative($0) })
            )
        } onEach: { done in
            progress(.step(done: done, total: tests.count))
        }
        for (test, measuredTest) in zip(tests, perTest) {
            measured.coveredLines[test.id] = measuredTest.0
            measured.executions[test.id] = measuredTest.1
        }
        return measured
    }

    /// Merges `profiles` into one `.profdata`; whether llvm-profdata succeeded.
    private func merge(_ profiles: [URL], into output: URL) async throws -> Bool {
        let list = output.appendingPathExtension("inputs")
        try profiles.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        let result = try await ChildProcess.run(
            profdata, ["merge", "-sparse", "--input-files=\(list.path)", "-o", output.path], in: logs,
            outputFile: output.appendingPathExtension("log"), timeout: binary.timeout)
        return result.status == 0
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
