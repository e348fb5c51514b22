import Foundation
import LitmusModel
import LitmusRunning
import Testing

@testable import LitmusAudit

/// `--static-footprints` on a package whose build cannot be read (Audit+StaticFootprints.swift): the agreement says
/// why, compares nothing, and the audit goes on.
@Suite struct StaticFootprintAgreementTests {
    @Test("A build with no description: no test compared, and the problem names the file that cannot be read")
    func unreadableBuildIsAProblem() async throws {
        // Given a package copied to a workspace that was never built
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
        let test = TestIdentity(
            library: .swiftTesting, id: TestID("PTests.reads()/T.swift:1:2"), file: "T.swift", line: 1)
        let measured = IsolationCandidates.choose([test], footprints: Footprints(tests: [test.id: []]))

        // When
        let agreement = await Audit(package: package).staticFootprintAgreement(
            tests: [test], measured: measured, workspace: workspace)

        // Then
        #expect(agreement.compared == 0)
        #expect(agreement.problem?.contains("the build's description cannot be read") == true, "\(agreement)")
        #expect(agreement.problem?.contains("description.json") == true, "\(agreement)")
    }
}
