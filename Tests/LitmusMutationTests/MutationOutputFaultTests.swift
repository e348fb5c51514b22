import ArgumentParser
import Foundation
import LitmusAudit
import Testing

@testable import LitmusCommands
@testable import LitmusMutation
@testable import LitmusRunning

/// `litmus mutate` and `litmus merge` refuse a report they could not write before any work (exit 2),
/// and name what they were given when it is not what they read.
@Suite("Mutation outputs and inputs under faults")
struct MutationOutputFaultTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-mutate-out-\(UUID())")

    /// A package folder with only a Package.swift: enough to pass every check before the build.
    private func package() throws -> URL {
        let package = root.appendingPathComponent("M")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return package
    }

    @Test("litmus mutate with --json in a folder that does not exist exits 2 before any mutant, making no build folder")
    func mutateRefusesMissingFolder() async throws {
        // Given
        defer { try? FileManager.default.removeItem(at: root) }
        let build = root.appendingPathComponent("build")
        let sut = try MutateCommand.parse([
            try package().path, "--json", root.appendingPathComponent("out/m.json").path, "--build-path", build.path,
        ])

        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(!FileManager.default.fileExists(atPath: build.path))
    }

    @Test(
        "litmus mutate on a package with no test target refuses after describing it, building nothing",
        .tags(.endToEnd))
    func mutateRefusesNoTestTarget() async throws {
        // Given: a library with a source to mutate and no test target
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("Lib")
        let sources = package.appendingPathComponent("Sources/Lib")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(name: "Lib", targets: [.target(name: "Lib")])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public func adult(_ age: Int) -> Bool { age >= 18 }\n".write(
            to: sources.appendingPathComponent("Lib.swift"), atomically: true, encoding: .utf8)
        let build = root.appendingPathComponent("build")

        // When
        let error = await #expect(throws: AuditError.self) {
            try await MutationTesting(package: package, buildFolder: build).run { _ in }
        }

        // Then: the refusal names the package, and no module was compiled
        #expect(error == .noTestBinary(path: package.path))
        let compiled = FileManager.default.enumerator(atPath: build.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".o") || $0.hasSuffix(".swiftmodule")
        }
        #expect(compiled == [])
    }

    @Test(
        "litmus mutate on a package whose tests do not build fails with the audit's build error, naming the line",
        .tags(.endToEnd))
    func mutateRefusesBrokenTests() async throws {
        // Given: a library whose test target calls a function that does not exist
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("Broken")
        let sources = package.appendingPathComponent("Sources/Lib")
        let tests = package.appendingPathComponent("Tests/LibTests")
        for folder in [sources, tests] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "Broken", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public func adult(_ age: Int) -> Bool { age >= 18 }\n".write(
            to: sources.appendingPathComponent("Lib.swift"), atomically: true, encoding: .utf8)
        try "import Lib\nimport Testing\n@Test func grownUp() { #expect(adultt(30)) }\n".write(
            to: tests.appendingPathComponent("LibTests.swift"), atomically: true, encoding: .utf8)

        // When
        let error = await #expect(throws: AuditError.self) {
            try await MutationTesting(package: package, buildFolder: root.appendingPathComponent("build")).run { _ in }
        }

        // Then: one error type for a build that fails, whichever tool built; it quotes the compiler's line
        guard case .buildFailed(let path, let errors) = error else {
            Issue.record("expected buildFailed, got \(String(describing: error))")
            return
        }
        #expect(path == package.path)
        #expect(errors.contains { $0.contains("LibTests.swift:3") && $0.contains("adultt") }, "\(errors)")
        #expect(error?.description.contains("then run again") == true)
    }

    @Test(
        "litmus mutate refuses on its command line a shard without --json, with a whole-run output, or no share",
        arguments: [
            (["--shard", "1/2"], "give --json FILE"),
            (["--shard", "1/2", "--json", "s.json", "--html", "m.html"], "give them to litmus merge"),
            (["--shard", "3/2", "--json", "s.json"], "3/2"),
        ])
    func mutateShardRefused(arguments: [String], message: String) {
        // Then: refused while the command line is read (exit 64), before run() could do anything
        #expect {
            _ = try MutateCommand.parse(["/nowhere"] + arguments)
        } throws: { error in
            MutateCommand.message(for: error).contains(message)
        }
    }

    @Test("litmus merge with --html naming a folder exits 2 before reading any shard")
    func mergeRefusesFolder() async throws {
        // Given: no shard file at all; the output is checked first
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let sut = try MergeCommand.parse(["/nowhere/s1.json", "--html", root.path])

        // Then
        await #expect(throws: ExitCode(2)) { try await sut.run() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
    }

    @Test("litmus merge given a JSON array says it is JSON, but an array, not 'not JSON'")
    func mergeJSONArray() {
        // When
        let error = #expect(throws: MergeError.self) {
            _ = try MergeCommand.kind(of: [(file: "s1.json", data: Data("[1, 2]".utf8))])
        }

        // Then
        #expect(
            error == .corrupt(file: "s1.json", reason: "it is JSON, but an array, not the object a --shard run writes"))
    }

    @Test("One mutant, one file and one test are counted in the singular")
    func singular() throws {
        // Given
        let source = "func f(a: Int, b: Int) -> Bool {\n    a < b\n}\n"
        let mutant = try #require(MutationSource(path: "Sources/M/F.swift", text: source).mutants().first)
        let test: TestID = "M.FTests/checks()/FTests.swift:3:2"
        let report = MutationReport(
            package: "/p", sources: ["Sources/M/F.swift": source],
            results: [
                MutantResult(
                    mutant: mutant, status: .killed, reason: "why", coveredBy: [test], killedBy: [test],
                    testsCompleted: 1, durationMilliseconds: 10, reused: false)
            ],
            tests: [TestIdentity(library: .swiftTesting, id: test, file: "Tests/MTests/FTests.swift", line: 3)],
            notes: [], wallSeconds: 1, buildSeconds: 1, since: nil)

        // When
        let text = MutationTerminalReport().render(report)

        // Then
        #expect(text.contains("Mutation testing of /p: 1 mutant in 1 file, 1 test,"))
    }
}
