import Foundation
import LitmusSupport
import Testing

/// docs/using-litmus.md installs `litmus` by copying the executable (`cp .build/release/litmus …`, or
/// `swift package experimental-install`): it must start without the libraries of its build folder.
@Suite("litmus installed by copying its executable", .tags(.endToEnd))
struct InstalledExecutableTests {
    @Test("`litmus` copied out of its build folder starts: it needs no library of the build folder")
    func startsOutsideItsBuildFolder() async throws {
        // Given: the built executable alone in a folder of its own
        let built = try #require(BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-installed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let installed = folder.appendingPathComponent("litmus")
        try BuiltExecutable.place(built, at: installed)

        // When
        let result = try await ChildProcess.run(
            installed, ["--version"], in: folder, unsetting: ["LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"], timeout: 600)

        // Then (with `litmus har` linking LitmusHTTPStubs it exited 127: libIssueReportingTestSupport.so not found)
        #expect(result.status == 0, "the copied litmus printed: \(result.output)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == LitmusVersion.current)
    }
}
