import Testing

@testable import LitmusAudit

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

    @Test("An lcov export gives the executed lines of the sources as ranges")
    func lcov() throws {
        let lines = CoverageReader.coveredLines(fromLcov: try resourceText("one-test.lcov"), include: sourcesOnly)
        #expect(lines == ["Sources/Lib/Lib.swift": "1-2,5-7"])
    }

    @Test("Line numbers become ranges")
    func ranges() {
        #expect(CoverageReader.ranges([1, 2, 3, 7, 9, 10]) == "1-3,7,9-10")
    }
}
