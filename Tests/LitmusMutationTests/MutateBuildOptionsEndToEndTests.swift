import Foundation
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

/// `litmus mutate` builds and runs a package as its CI does: Tests/Fixtures/StaleLinuxMain builds only with
/// `--enable-test-discovery`, and one of its tests needs a variable its workflow sets.
@Suite("litmus mutate with the package's build options", .tags(.endToEnd))
struct MutateBuildOptionsEndToEndTests {
    @Test("The options reach the mutants' build and the variables every test run: the variable's test counts")
    func buildOptionsAndEnvironment() async throws {
        // Given
        let package = MutateEndToEndTests.fixtures.appendingPathComponent("StaleLinuxMain")
        let build = PackageBuild(
            arguments: ["--enable-test-discovery"], testEnvironment: ["STALE_CURRENCY": "EUR"])
        let lock = try await keptBuild("StaleLinuxMain", variant: build.cacheVariant)
        defer { lock.release() }
        var sut = MutationTesting(package: package, timeoutFloor: 2, buildFolder: lock.folder)
        sut.reuseResults = false
        sut.build = build
        // When
        let report = try await sut.run()
        // Then: every test passed unmutated, the one reading the variable too, and mutants were killed
        #expect(
            report.tests.map(\.name).sorted() == [
                "PriceTests.testCurrency_fromTheEnvironment", "PriceTests.testDiscount_none_keepsThePrice",
                "PriceTests.testDiscount_tenPercent_takesTenPercentOff",
            ])
        #expect(report.results.contains { $0.status == .killed })
        #expect(!report.notes.contains { $0.contains("testCurrency_fromTheEnvironment") })
    }
}
