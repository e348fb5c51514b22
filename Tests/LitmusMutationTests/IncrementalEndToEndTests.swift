import Foundation
import LitmusAudit
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("litmus mutate run again: the kept results are reused until the code or its tests change", .tags(.endToEnd))
struct IncrementalEndToEndTests {
    /// Runs the mutation testing of `package` with its results kept in `buildFolder`.
    private func mutate(_ package: URL, _ buildFolder: URL) async throws -> MutationReport {
        try await MutationTesting(package: package, timeoutFloor: 2, buildFolder: buildFolder).run()
    }

    /// When each of `paths` of the kept copy of `package` in `buildFolder` was last written.
    private func written(_ paths: [String], of package: URL, in buildFolder: URL) throws -> [Date?] {
        let copy = PackageWorkspace.copyFolder(of: package, in: buildFolder)
        return try paths.map {
            try FileManager.default.attributesOfItem(atPath: copy.appendingPathComponent($0).path)[.modificationDate]
                as? Date
        }
    }

    private func compiled(_ report: MutationReport, in file: String? = nil) -> [MutantResult] {
        report.results.filter { $0.status != .compileError && (file == nil || $0.mutant.file == file) }
    }

    @Test(
        "A second run reuses every result; an edited source line reruns its file's mutants; an edited test file reruns the mutants its tests cover; a corrupt cache is a note"
    )
    func reuse() async throws {
        // Given: a copy of the Mutation fixture with a second source file and a test of it
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-incremental-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = scratch.appendingPathComponent("Ledger")
        let buildFolder = scratch.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: MutateEndToEndTests.fixtures.appendingPathComponent("Mutation"), to: package)
        let extra = package.appendingPathComponent("Sources/Ledger/Fee.swift")
        try "public func fee(_ amount: Int) -> Int {\n    amount / 10 + 1\n}\n".write(
            to: extra, atomically: true, encoding: .utf8)
        let tests = package.appendingPathComponent("Tests/LedgerTests/LedgerTests.swift")
        let testText = try String(contentsOf: tests, encoding: .utf8)
        try "import Testing\nimport Ledger\n\n@Test func feeOfAHundred() { #expect(fee(100) == 11) }\n".write(
            to: package.appendingPathComponent("Tests/LedgerTests/FeeTests.swift"), atomically: true, encoding: .utf8)

        // When: the first run, then the same package again
        let schemata = [
            "Sources/Ledger/Ledger.swift", "Sources/Ledger/Fee.swift", "Sources/Ledger/LitmusMutantSwitch.swift",
        ]
        let first = try await mutate(package, buildFolder)
        let writtenFirst = try written(schemata, of: package, in: buildFolder)
        let second = try await mutate(package, buildFolder)

        // Then: every result reused, the same statuses (the compiler's rejection too), and the copy's
        // schemata and switch left as they were (SwiftPM then recompiles nothing)
        #expect(first.reused == 0)
        #expect(compiled(first, in: "Sources/Ledger/Fee.swift").count >= 3)
        #expect(second.reused == compiled(second).count)
        #expect(second.results.map(\.status) == first.results.map(\.status))
        #expect(second.results.map(\.reason) == first.results.map(\.reason))
        #expect(first.results.contains { $0.status == .compileError })
        #expect(try written(schemata, of: package, in: buildFolder) == writtenFirst)
        #expect(writtenFirst.allSatisfy { $0 != nil })

        // When: one line of Fee.swift changes (and still passes its test)
        try "public func fee(_ amount: Int) -> Int {\n    1 + amount / 10\n}\n".write(
            to: extra, atomically: true, encoding: .utf8)
        let edited = try await mutate(package, buildFolder)

        // Then: only Fee.swift's mutants ran, and only Fee.swift's schemata were written again
        let writtenEdited = try written(schemata, of: package, in: buildFolder)
        #expect(writtenEdited[0] == writtenFirst[0] && writtenEdited[1] != writtenFirst[1])
        #expect(compiled(edited, in: "Sources/Ledger/Fee.swift").allSatisfy { !$0.reused })
        #expect(compiled(edited, in: "Sources/Ledger/Ledger.swift").allSatisfy { $0.reused })
        #expect(compiled(edited, in: "Sources/Ledger/Fee.swift").contains { $0.status == .killed })

        // When: a test file of the tests' module changes
        try (testText + "\n// edited\n").write(to: tests, atomically: true, encoding: .utf8)
        let retested = try await mutate(package, buildFolder)

        // Then: every mutant a test reaches ran again; the ones no test reaches were reused
        #expect(compiled(retested).filter { !$0.coveredBy.isEmpty }.allSatisfy { !$0.reused })
        #expect(compiled(retested).filter { $0.coveredBy.isEmpty }.allSatisfy { $0.reused })
        #expect(compiled(retested).contains { $0.coveredBy.isEmpty })

        // When: the cache file is corrupt
        try Data("not json".utf8).write(to: buildFolder.appendingPathComponent(MutationResultCache.fileName))
        let afterCorruption = try await mutate(package, buildFolder)

        // Then: a note, and every mutant ran
        #expect(afterCorruption.reused == 0)
        #expect(afterCorruption.notes.contains { $0.contains("cannot be read") })
        #expect(afterCorruption.results.map(\.status) == retested.results.map(\.status))
    }
}
