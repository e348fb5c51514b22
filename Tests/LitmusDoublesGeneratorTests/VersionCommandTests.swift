import ArgumentParser
import LitmusSupport
import Testing

@testable import LitmusCLI

@Suite("litmus --version")
struct VersionCommandTests {
    @Test("`litmus --version` exits 0 printing the one version, a semantic version")
    func versionIsPrinted() throws {
        // When
        let error = #expect(throws: (any Error).self) { try Litmus.parseAsRoot(["--version"]) }

        // Then
        let printed = try #require(error.map { Litmus.message(for: $0) })
        #expect(printed == LitmusVersion.current)
        #expect(printed.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
        #expect(error.map { Litmus.exitCode(for: $0) } == .success)
    }
}
