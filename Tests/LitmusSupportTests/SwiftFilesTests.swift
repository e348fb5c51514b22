import Foundation
import Testing

@testable import LitmusSupport

@Suite("The Swift files of a folder, as SwiftPM finds them")
struct SwiftFilesTests {
    /// A fresh folder, named `.build` inside (as the audit's copies of fixture packages are), holding the
    /// given files with empty contents; deleted by the caller.
    private func folder(with files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-swiftfiles-\(UUID())")
            .appendingPathComponent(".build").appendingPathComponent("package")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        return root
    }

    @Test("Every .swift file below the folder, sorted, even when the folder itself lies under a hidden one")
    func sortedInsideHiddenParent() throws {
        // Given
        let sut = try folder(with: ["Sources/B.swift", "Sources/A/A.swift", "README.md", "Tests/T.swift"])
        defer { try? FileManager.default.removeItem(at: sut.deletingLastPathComponent().deletingLastPathComponent()) }

        // When
        let found = SwiftFiles.under(sut).map { String($0.path.dropFirst(sut.standardizedFileURL.path.count)) }

        // Then
        #expect(found == ["/Sources/A/A.swift", "/Sources/B.swift", "/Tests/T.swift"])
    }

    @Test("A folder that is a symbolic link is read where it points, its files named under the link")
    func linkedFolder() throws {
        // Given: Sourcery 2.3.0's shape, a test target's folder that links to a folder beside it
        let sut = try folder(with: ["SourceryTests/ParserSpec.swift", "SourceryTests/Models/TypeSpec.swift"])
        defer { try? FileManager.default.removeItem(at: sut.deletingLastPathComponent().deletingLastPathComponent()) }
        let link = sut.appendingPathComponent("Tests/SourceryLibTests")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../SourceryTests")

        // When
        let found = SwiftFiles.under(link).map { String($0.path.dropFirst(sut.standardizedFileURL.path.count)) }

        // Then: both files, under the link's path
        #expect(found == ["/Tests/SourceryLibTests/Models/TypeSpec.swift", "/Tests/SourceryLibTests/ParserSpec.swift"])
    }

    @Test("Hidden folders below it and the excluded paths are left out")
    func hiddenAndExcluded() throws {
        // Given
        let sut = try folder(with: [
            "Sources/A.swift", ".build/checkouts/X.swift", "Sources/.hidden/H.swift", "Skip/S.swift",
        ])
        defer { try? FileManager.default.removeItem(at: sut.deletingLastPathComponent().deletingLastPathComponent()) }

        // When
        let found = SwiftFiles.under(sut, excluding: [sut.appendingPathComponent("Skip").standardizedFileURL.path])

        // Then
        #expect(found.map(\.lastPathComponent) == ["A.swift"])
    }

    @Test("Vendored and hidden folders inside a package hold none of its sources")
    func vendored() {
        #expect(SwiftFiles.isVendored("Pods/X/File.swift"))
        #expect(SwiftFiles.isVendored(".build/checkouts/X.swift"))
        #expect(!SwiftFiles.isVendored("Sources/Pods.swift"))
        #expect(!SwiftFiles.isVendored("Sources/Module/File.swift"))
    }
}
