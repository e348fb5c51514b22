import Foundation

/// Reads llvm-cov's output: the JSON summary export (`llvm-cov export -summary-only`) for per-file
/// totals, and the JSON export with segments (`-skip-functions`) for the lines one test executes and
/// the execution counts of its checks.
public enum CoverageReader {
    /// Per-file line and region counts of the files accepted by `include`, from a JSON export.
    public static func files(fromExport data: Data, include: (String) -> String?) throws -> [FileCoverage] {
        let export = try JSONDecoder().decode(Export<File>.self, from: data)
        var files: [FileCoverage] = []
        for entry in export.data.flatMap(\.files) {
            guard let name = include(entry.filename) else { continue }
            files.append(
                FileCoverage(
                    file: name, coveredLines: entry.summary.lines.covered, lines: entry.summary.lines.count,
                    coveredRegions: entry.summary.regions.covered, regions: entry.summary.regions.count))
        }
        return files.sorted { $0.file < $1.file }
    }

    /// The execution count at each of `positions` (files relative to the package), from a JSON export
    /// with segments (`llvm-cov export -skip-functions`): the count of the last segment starting at or
    /// before the position. A position outside every counted region, or in a file not exported, is left
    /// out (unknown). `relative` maps an exported file name to the positions' form.
    public static func counts(
        fromExport data: Data, at positions: [SourcePosition], relative: (String) -> String
    ) throws -> [SourcePosition: Int] {
        let export = try JSONDecoder().decode(Export<SegmentFile>.self, from: data)
        var segmentsByFile: [String: [Segment]] = [:]
        for file in export.data.flatMap(\.files) {
            segmentsByFile[relative(file.filename)] = file.segments.sorted {
                ($0.line, $0.column) < ($1.line, $1.column)
            }
        }
        var counts: [SourcePosition: Int] = [:]
        for position in positions {
            guard let file = position.file, let segments = segmentsByFile[file],
                let last = segments.last(where: { ($0.line, $0.column) <= (position.line, position.column) }),
                last.hasCount
            else { continue }
            counts[position] = last.count
        }
        return counts
    }

    /// The executed lines per file of a JSON export with segments, as ranges `"3-5,9"`, for the files
    /// accepted by `include`: the lines llvm-cov's own line coverage (and so its lcov export) counts as
    /// executed, computed from the same segments.
    public static func coveredLines(fromSegmentExport data: Data, include: (String) -> String?) throws -> [String:
        LineSet]
    {
        let export = try JSONDecoder().decode(Export<SegmentFile>.self, from: data)
        var result: [String: LineSet] = [:]
        for file in export.data.flatMap(\.files) {
            guard let name = include(file.filename) else { continue }
            let lines = executedLines(file.segments.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
            if !lines.isEmpty { result[name] = LineSet(lines) }
        }
        return result
    }

    /// llvm-cov's LineCoverageStats over sorted segments: a line is mapped when a region starts on it or
    /// the segment in effect at its start has a count (and no skipped region starts it); its count is the
    /// largest of that segment's and of the regions starting on it.
    private static func executedLines(_ segments: [Segment]) -> [Int] {
        guard let first = segments.first?.line, let last = segments.last?.line else { return [] }
        var executed: [Int] = []
        var wrapped: Segment?
        var next = 0
        for line in first...last {
            var starting: [Segment] = []
            while next < segments.count, segments[next].line == line {
                starting.append(segments[next])
                next += 1
            }
            let entries = starting.filter { !$0.isGap && $0.hasCount && $0.isRegionEntry }
            let skipped = starting.first.map { !$0.hasCount && $0.isRegionEntry } ?? false
            let mapped = !skipped && (wrapped?.hasCount == true || !entries.isEmpty)
            let count = max(wrapped?.count ?? 0, entries.map(\.count).max() ?? 0)
            if mapped, count > 0 { executed.append(line) }
            wrapped = starting.last ?? wrapped
        }
        return executed
    }

    /// `[1, 2, 3, 7]` as `"1-3,7"`.
    @available(*, deprecated, message: "use LineSet(lines).description")
    public static func ranges(_ sorted: [Int]) -> String {
        LineSet(sorted).description
    }

    /// llvm-cov's export: its units, each with its files, of the kind asked for (summaries or segments).
    private struct Export<FileData: Decodable>: Decodable {
        struct Unit: Decodable {
            var files: [FileData]
        }

        var data: [Unit]
    }

    private struct SegmentFile: Decodable {
        var filename: String
        var segments: [Segment]
    }

    /// `[line, column, count, hasCount, isRegionEntry, isGapRegion]`.
    private struct Segment: Decodable {
        var line: Int
        var column: Int
        var count: Int
        var hasCount: Bool
        var isRegionEntry: Bool
        var isGap: Bool

        init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            line = try fields.decode(Int.self)
            column = try fields.decode(Int.self)
            count = try fields.decode(Int.self)
            hasCount = try fields.decode(Bool.self)
            isRegionEntry = try fields.decode(Bool.self)
            isGap = try fields.decode(Bool.self)
        }
    }

    private struct File: Decodable {
        var filename: String
        var summary: Summary
    }

    private struct Summary: Decodable {
        var lines: Count
        var regions: Count
    }

    private struct Count: Decodable {
        var count: Int
        var covered: Int
    }
}
