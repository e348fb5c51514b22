import Foundation
import LitmusModel
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

@Suite("Survivor hints on the MutationSurvivors fixture", .tags(.endToEnd))
struct SurvivorHintEndToEndTests {
    @Test("Every survivor says which check would kill it, and the covering test that ran its code most")
    func everySurvivorHasItsHint() async throws {
        // Given: a shop whose tests run every line and miss a boundary, an operand, a default and a side effect
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("MutationSurvivors")
        let lock = try await keptBuild("MutationSurvivors")
        defer { lock.release() }
        // No mutant of this fixture can hang (it has no loop), so the time limit is a bound on liveness, not speed: with
        // a floor of 2 s, a clean-clone CI run beside builds and corpus runs timed out the `/` mutant, and so found no
        // survivor to give a hint.
        var sut = MutationTesting(package: package, timeoutFloor: 120, buildFolder: lock.folder)
        sut.reuseResults = false

        // When
        let report = try await sut.run()

        // Then
        let undetected = report.results.filter(\.isUndetected)
        #expect(undetected.count >= 5)
        for result in undetected {
            #expect(result.hint != nil, "mutant \(result.mutant.id) at line \(result.mutant.start.line) has no hint")
        }
        func hint(_ mutationOperator: MutationOperator, _ replacement: String) -> SurvivorHint? {
            report.results.first {
                $0.mutant.mutationOperator == mutationOperator && $0.mutant.replacement == replacement
            }?
            .hint
        }
        let boundary = try #require(hint(.relationalBoundary, ">"))
        #expect(boundary.check.contains("add a case where `age` is 18"))
        #expect(boundary.closestTest?.rawValue.hasSuffix("testAdultsAndChildren") == true)
        #expect(boundary.executions == 2)
        let operand = try #require(hint(.arithmetic, "/"))
        #expect(operand.check.contains("whenever `quantity` is not 1"))
        #expect(operand.closestTest?.rawValue.hasSuffix("testTotalOfOne") == true)
        let sideEffect = try #require(hint(.removedCall, ""))
        #expect(sideEffect.check.contains("`items.append(item)` in `add(_:)`"))
        #expect(sideEffect.executions == 2)
        let fallback = try #require(hint(.stringLiteral, "\"\""))
        #expect(
            fallback.check
                == "No test runs this code. No test checks the text \"Guest\" in `receiptName(_:)`: the tests pass with \"\" instead."
        )
        let json = try JSONSerialization.jsonObject(with: report.json()) as? [String: Any]
        let files = json?["files"] as? [String: [String: Any]]
        let mutants = files?["Sources/Shop/Shop.swift"]?["mutants"] as? [[String: Any]] ?? []
        let survivors = mutants.filter { $0["status"] as? String == "Survived" }
        #expect(!survivors.isEmpty)
        #expect(survivors.allSatisfy { ($0["statusReason"] as? String)?.isEmpty == false })
    }
}
