import Foundation
import LitmusSupport
import Testing

/// The version is written once (LitmusVersion); the files a release touches must name the same one
/// (docs/releasing.md).
@Suite("The release's files agree with LitmusVersion")
struct ReleaseMetadataTests {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("CHANGELOG.md has a section for the version and an Unreleased section above it")
    func changelogHasTheVersion() throws {
        let headings = try text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## [") }
        #expect(headings.first == "## [Unreleased]")
        #expect(headings.contains { $0.hasPrefix("## [\(LitmusVersion.current)] - ") })
    }

    @Test(
        "The README's and docs/using-litmus.md's .package line names the version",
        arguments: ["README.md", "docs/using-litmus.md"])
    func packageLineNamesTheVersion(file: String) throws {
        let line = ".package(url: \"https://github.com/OWNER/litmus\", from: \"\(LitmusVersion.current)\")"
        #expect(try text(file).contains(line))
    }

    @Test("The repository holds the Apache 2.0 license")
    func licenseIsApache() throws {
        let license = try text("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
    }
}
