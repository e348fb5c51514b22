import ArgumentParser
import Foundation
import LitmusCommands
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// A package audited the way its CI builds and runs it: Tests/Fixtures/StaleLinuxMain, whose stale
/// LinuxMain.swift calls `__allTests`, builds only with `--enable-test-discovery`, as its workflow passes
/// it, and one of whose tests reads a variable its workflow sets.
@Suite("A package built as its CI builds it", .tags(.endToEnd))
struct BuildOptionsEndToEndTests {
    /// The audit of StaleLinuxMain with `options`, in its kept folder for those options, and whether the
    /// fixture's copy is unchanged after it.
    private func audit(_ options: AuditOptions) async throws -> (Result<AuditReport, any Error>, unchanged: Bool) {
        let kept = try await FixtureAudits.kept("StaleLinuxMain", variant: PackageBuild(options: options).cacheVariant)
        defer { kept.release() }
        let before = try FixtureAudits.snapshot(kept.package)
        let result: Result<AuditReport, any Error>
        do {
            result = .success(
                try await Audit(package: kept.package, options: options, seed: 2026, buildFolder: kept.buildFolder)
                    .run())
        } catch {
            result = .failure(error)
        }
        return (result, try FixtureAudits.snapshot(kept.package) == before)
    }

    @Test("Without --enable-test-discovery the audit is refused, naming the flag; with it, the tests are audited")
    func staleLinuxMain() async throws {
        // Given
        var options = FixtureAudits.standard
        options.coverage = false
        // When: as the package is
        let (refused, untouched) = try await audit(options)
        // Then
        guard case .failure(let failure) = refused,
            case .buildNeedsOption(_, _, let option, let why) = failure as? AuditError
        else {
            Issue.record("expected the hint of --enable-test-discovery, got \(refused)")
            return
        }
        #expect(option == "--enable-test-discovery")
        #expect(why.hasPrefix("LinuxMain.swift:6 calls `__allTests`"))
        #expect(untouched)

        // When: as its CI builds and runs it
        options.buildArguments = ["--enable-test-discovery"]
        options.testEnvironment = ["STALE_CURRENCY": "EUR"]
        let (audited, unchanged) = try await audit(options)
        let report = try audited.get()
        // Then: the three tests ran and passed (the one reading the variable too); the never-run family of the
        // fixture named, each by its cause
        #expect(
            report.tests.map(\.name).sorted() == [
                "PriceTests.testCurrency_fromTheEnvironment", "PriceTests.testDiscount_none_keepsThePrice",
                "PriceTests.testDiscount_tenPercent_takesTenPercentOff",
            ])
        #expect(report.failingTests.isEmpty)
        #expect(report.tests.allSatisfy { $0.aloneOutcome == .passed })
        #expect(
            report.findings(.neverRan).compactMap(\.cause).map(\.rawValue).sorted() == [
                "privateMethod", "takesParameters",
            ])
        // and its macOS-only test, which its Linux-only workflow never builds, a note
        #expect((report.notes ?? []).compactMap(\.cause) == [.compiledOut])
        #expect(report.options.buildArguments == ["--enable-test-discovery"])
        #expect(unchanged)
    }

    @Test("An option swift build refuses is named with SwiftPM's own message, exit 2, nothing written into the package")
    func refusedOption() async throws {
        // Given
        var options = FixtureAudits.standard
        options.buildArguments = ["--frobnicate"]
        // When
        let (result, unchanged) = try await audit(options)
        // Then
        guard case .failure(let error) = result else {
            Issue.record("the audit ran with an option swift build does not have")
            return
        }
        #expect(
            error as? AuditError
                == .buildOptionRejected(arguments: ["--frobnicate"], message: "error: Unknown option '--frobnicate'"))
        #expect(unchanged)
        // And the command exits 2
        let copy = try FixtureAudits.copy("StaleLinuxMain")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let folder = copy.deletingLastPathComponent().appendingPathComponent("build")
        let sut = try AuditCommand.parse([copy.path, "--quiet", "--build-path", folder.path, "--", "--frobnicate"])
        let exit = await #expect(throws: ExitCode.self) { try await sut.run() }
        #expect(exit == ExitCode(2))
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent(".build").path))
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Package.resolved").path))
    }
}
