import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("Reading llvm-cov")
struct CoverageReaderTests {
    private let sourcesOnly: @Sendable (String) -> String? = { path in
        path.hasPrefix("/pkg/Sources/") ? String(path.dropFirst("/pkg/".count)) : nil
    }

    @Test("The summary export gives line and region counts of the sources only, per file")
    func summary() throws {
        let files = try CoverageReader.files(fromExport: try resource("llvm-cov-summary.json"), include: sourcesOnly)
        #expect(
            files == [
                FileCoverage(file: "Sources/Lib/Lib.swift", coveredLines: 7, lines: 10, coveredRegions: 2, regions: 4),
                FileCoverage(
                    file: "Sources/Lib/Unused.swift", coveredLines: 0, lines: 5, coveredRegions: 0, regions: 1),
            ])
    }

    @Test("A segment export gives the executed lines of the sources, the same as llvm-cov's lcov export")
    func lines() throws {
        // Given both exports of one profile (Planted's NeverRanTests and SelfValidationTests)
        let json = try resource("planted-lines.json")
        let lcov = try resourceText("planted-lines.lcov")

        // When the segments are read
        let lines = try CoverageReader.coveredLines(fromSegmentExport: json, include: sourcesOnly)

        // Then the sources' executed lines are lcov's lines with a count above zero
        #expect(lines == ["Sources/Planted/Pricing.swift": "2-4,7-10"])
        let all = try CoverageReader.coveredLines(fromSegmentExport: json) { $0 }
        #expect(all == Self.executedLines(lcov))
        #expect(all.count == 3)
    }

    /// lcov's executed lines per file (`SF:` then `DA:line,count` with a count above zero), as ranges.
    private static func executedLines(_ lcov: String) -> [String: LineSet] {
        var result: [String: [Int]] = [:]
        var file = ""
        for line in lcov.split(separator: "\n") {
            if line.hasPrefix("SF:") { file = String(line.dropFirst(3)) }
            let fields = line.dropFirst(3).split(separator: ",").compactMap { Int($0) }
            if line.hasPrefix("DA:"), fields.count == 2, fields[1] > 0 { result[file, default: []].append(fields[0]) }
        }
        return result.mapValues { LineSet($0) }
    }

    @Test("Only tests whose every check position is theirs alone are counted from one merged profile")
    func ownedByOne() {
        let body = SourcePosition(file: "Tests/T/A.swift", line: 4, column: 9)
        let other = SourcePosition(file: "Tests/T/A.swift", line: 9, column: 9)
        let helper = SourcePosition(file: "Tests/T/Helpers.swift", line: 2, column: 5)
        typealias Checks = CheckPositions
        let checks: [TestID: Checks] = [
            "A/one": Checks(all: [body], inBodyOnly: true),  // its own body only
            "A/two": Checks(all: [other, helper], inBodyOnly: false),  // and a helper another test calls too
            "A/three": Checks(all: [helper], inBodyOnly: false),
            "A/inherited": Checks(all: [other], inBodyOnly: true),  // the body A/two has too
            "A/none": Checks(all: [], inBodyOnly: true),
        ]
        #expect(CoverageStage.ownedByOne(checks) == ["A/one": [body]])
        // A helper only it is seen to call is still a helper (another call may be unseen); the same
        // position listed twice for one test is still that test's own.
        let lone = Checks(all: [body, body], inBodyOnly: true)
        #expect(
            CoverageStage.ownedByOne(["A/one": lone, "A/four": Checks(all: [helper], inBodyOnly: false)]) == [
                "A/one": [body]
            ])
    }
}
