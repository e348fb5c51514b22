import Foundation
import Testing

@testable import LitmusAudit

@Suite("A second audit of an unchanged package reuses its build", .tags(.endToEnd))
struct BuildReuseEndToEndTests {
    @Test("The second audit of an unchanged fixture compiles nothing and leaves the package byte-identical")
    func secondAuditCompilesNothing() async throws {
        // Given: the Clean fixture (with its local dependency), audited once into a kept build folder
        let package = try FixtureAudits.copy("Clean")
        let buildFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-reuse-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: package.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: buildFolder)
        }
        let before = try FixtureAudits.snapshot(package.deletingLastPathComponent())
        var options = AuditOptions()
        options.runs = 1
        options.randomSubsets = 0
        options.coverage = false
        let sut = Audit(package: package, options: options, seed: 2026, buildFolder: buildFolder)
        _ = try await sut.run()
        let log = buildFolder.appendingPathComponent("last-build.log")
        let firstLog = try String(contentsOf: log, encoding: .utf8)

        // When
        let second = try await sut.run()

        // Then
        let secondLog = try String(contentsOf: log, encoding: .utf8)
        #expect(firstLog.contains("Compiling"))
        #expect(secondLog.split(separator: "\n").filter { $0.contains("Compiling") } == [])
        #expect(
            second.tests.map(\.name).sorted() == ["GreetingTests.testGreeting_withName_greetsThePerson", "emptyName()"])
        #expect(try FixtureAudits.snapshot(package.deletingLastPathComponent()) == before)
    }
}
