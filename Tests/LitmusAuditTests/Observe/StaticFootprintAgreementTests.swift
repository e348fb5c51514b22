import Foundation
import LitmusModel
import LitmusRunning
import Testing

@testable import LitmusAudit

/// `--static-footprints` on a package whose build cannot be read (Audit+StaticFootprints.swift): the agreement says
/// why, compares nothing, and the audit goes on.
@Suite struct StaticFootprintAgreementTests {
    /// Runs `body` on a package `P` of one library with a global and on its copy in a workspace that was never
    /// built; removes both after.
    private static func withWorkspace(_ body: (URL, PackageWorkspace) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("P")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/P"), withIntermediateDirectories: true)
        try
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"P\")])\n"
            .write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public var counter = 0\n".write(
            to: package.appendingPathComponent("Sources/P/P.swift"), atomically: true, encoding: .utf8)
        let workspace = try PackageWorkspace.make(copying: package, buildFolder: nil)
        defer { workspace.remove() }
        try await body(package, workspace)
    }

    /// A Swift Testing test `PTests.reads()` of `file`, line 1, and the run's candidates of it: isolated, with no
    /// footprint.
    private static func isolatedTest(in file: String) -> (TestIdentity, IsolationCandidates) {
        let test = TestIdentity(library: .swiftTesting, id: TestID("PTests.reads()/T.swift:1:2"), file: file, line: 1)
        return (test, IsolationCandidates.choose([test], footprints: Footprints(tests: [test.id: []])))
    }

    @Test("A build with no description: no test compared, and the problem names the file that cannot be read")
    func unreadableBuildIsAProblem() async throws {
        try await Self.withWorkspace { package, workspace in
            // Given a package copied to a workspace that was never built
            let (test, measured) = Self.isolatedTest(in: "T.swift")

            // When
            let agreement = await Audit(package: package).staticFootprintAgreement(
                tests: [test], measured: measured, workspace: workspace)

            // Then
            #expect(agreement.compared == 0)
            #expect(agreement.problem?.contains("the build's description cannot be read") == true, "\(agreement)")
            #expect(agreement.problem?.contains("description.json") == true, "\(agreement)")
        }
    }

    @Test("A module whose typed AST cannot be made: its test is unseen, a candidate, and the problem names the module")
    func missingTypedASTIsUnseen() async throws {
        try await Self.withWorkspace { package, workspace in
            // Given a build description whose compiler for the package's modules exits 1 (a flag it refuses, say)
            let root = workspace.package.standardizedFileURL.path
            try FileManager.default.createDirectory(
                at: workspace.package.appendingPathComponent("Tests/PTests"), withIntermediateDirectories: true)
            try "@Test func reads() { counter += 1 }\n".write(
                toFile: root + "/Tests/PTests/T.swift", atomically: true, encoding: .utf8)
            let command = { (module: String, source: String) -> [String: Any] in
                ["moduleName": module, "sources": [root + source], "executable": "/bin/false", "otherArguments": []]
            }
            let description: [String: Any] = [
                "swiftCommands": [
                    "C.P": command("P", "/Sources/P/P.swift"), "C.PTests": command("PTests", "/Tests/PTests/T.swift"),
                ]
            ]
            let debug = workspace.build.appendingPathComponent("debug")
            try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: description).write(
                to: debug.appendingPathComponent("description.json"))
            let (test, measured) = Self.isolatedTest(in: "Tests/PTests/T.swift")

            // When
            let agreement = await Audit(package: package).staticFootprintAgreement(
                tests: [test], measured: measured, workspace: workspace)

            // Then the test is compared, unseen by the typed AST (so a candidate there, isolated by the run), and the
            // problem names a module and the compiler's exit
            #expect(agreement.compared == 1, "\(agreement)")
            #expect(agreement.staticUnseen == 1 && agreement.onlyStatic == 1, "\(agreement)")
            #expect(agreement.problem?.contains("no typed AST of P:") == true, "\(agreement)")
            #expect(agreement.problem?.contains("the compiler exited 1") == true, "\(agreement)")
        }
    }
}
