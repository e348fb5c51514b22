import Foundation
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Every operator, built into a schema and switched on at run time", .tags(.endToEnd))
struct OperatorFixtureEndToEndTests {
    @Test("The MutationOperators fixture has mutants of each operator, and its tests kill each one")
    func everyOperatorIsKilled() async throws {
        // Given: one function per operator, with tests that notice every change
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("MutationOperators")

        // When
        let lock = try await keptBuild("MutationOperators")
        defer { lock.release() }
        var sut = MutationTesting(package: package, timeoutFloor: 2, buildFolder: lock.folder)
        sut.reuseResults = false
        let report = try await sut.run()

        // Then
        let byOperator = Dictionary(grouping: report.results, by: \.mutant.mutationOperator)
        for mutationOperator in MutationOperator.allCases {
            let results = byOperator[mutationOperator] ?? []
            #expect(!results.isEmpty, "no \(mutationOperator.rawValue) mutant")
            for result in results where !result.status.isDetected {
                Issue.record(
                    "\(mutationOperator.rawValue) \(result.mutant.original) -> \(result.mutant.replacement) at line \(result.mutant.start.line): \(result.status.rawValue) \(result.reason ?? "")"
                )
            }
        }
        #expect(report.score == 100)
    }
}
