import ArgumentParser
import Foundation
import LitmusCommands
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// `litmus audit` checks its report files before any work: a bad one costs a second, not a whole audit,
/// and exits 2 (could not be done), never 1 (a threshold not met).
@Suite("The audit's outputs, checked before any work")
struct AuditOutputFaultTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-audit-out-\(UUID())")

    /// A package folder with only a Package.swift, and the build folder the audit would make.
    private func package() throws -> (package: URL, build: URL) {
        let package = root.appendingPathComponent("M")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return (package, root.appendingPathComponent("build"))
    }

    @Test("--json in a folder that does not exist exits 2 before the build: no build folder is made")
    func jsonInMissingFolder() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, build) = try package()
        let sut = try AuditCommand.parse([
            package.path, "--json", root.appendingPathComponent("out/audit.json").path, "--build-path", build.path,
        ])

        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }

    @Test("--junit naming a folder exits 2 before the build")
    func junitIsFolder() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let (package, build) = try package()
        let sut = try AuditCommand.parse([package.path, "--junit", root.path, "--build-path", build.path])

        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }

    @Test("A folder with no Package.swift exits 2 before a build folder is taken")
    func notAPackage() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let build = root.appendingPathComponent("build")
        let sut = try AuditCommand.parse([root.path, "--build-path", build.path])

        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }

    @Test("A test that never finished a suite run is left out of the slowest tests, not shown as 0.0 ms")
    func hungTestNotSlowest() {
        // Given
        func test(_ name: String, _ durations: [Double]) -> TestReport {
            TestReport(
                id: "M.\(name)", name: name, library: .xctest, file: nil, line: nil,
                suiteOutcomes: durations.isEmpty ? [.crashed] : [.passed], aloneOutcome: .passed,
                durationsMilliseconds: durations, medianMilliseconds: durations.first ?? 0, flipRate: 0, issues: [],
                coveredLines: [:])
        }
        let report = ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1,
            tests: [test("T.testHangs", []), test("T.testQuick", [3])], findings: [], coverage: nil, failingTests: [])

        // When
        let text = TerminalReport().render(report)

        // Then
        #expect(text.contains("     3.0 ms  T.testQuick"))
        #expect(!text.contains("testHangs"))
    }

    @Test("The replay hint quotes a package path with a space, so it can be pasted")
    func replayQuoted() {
        // Given
        let report = ReportAssembly.assemble(
            package: "/work/my package", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1,
            tests: [], findings: [], coverage: nil, failingTests: [])

        // Then
        #expect(TerminalReport().render(report).contains("litmus audit --replay 7 '/work/my package'"))
    }
}
