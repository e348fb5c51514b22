import Foundation
import Testing

@testable import LitmusSupport

@Suite("Paths compared with their links resolved")
struct RealPathTests {
    /// A fresh folder holding `M/` and a link `L` to it; deleted by the caller.
    private func packageAndLink() throws -> (root: URL, package: URL, link: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-realpath-\(UUID())")
        let package = root.appendingPathComponent("M")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("L")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: package)
        return (root, package, link)
    }

    @Test("A path through a link that does not exist yet resolves to the folder the link leads to")
    func throughLink() throws {
        // Given
        let (root, package, link) = try packageAndLink()
        defer { try? FileManager.default.removeItem(at: root) }

        // When
        let resolved = RealPath.of(link.appendingPathComponent("bp/inner"))

        // Then
        #expect(resolved == RealPath.of(package) + "/bp/inner")
        #expect(resolved.hasSuffix("/M/bp/inner"))
    }

    @Test("A folder reached through a link to the package is inside it, either way round")
    func insideThroughLink() throws {
        // Given
        let (root, package, link) = try packageAndLink()
        defer { try? FileManager.default.removeItem(at: root) }

        // Then
        #expect(RealPath.isInside(link.appendingPathComponent("bp"), package))
        #expect(RealPath.isInside(package.appendingPathComponent("bp"), link))
        #expect(RealPath.isInside(link, package))
    }

    @Test("A sibling whose name starts with the package's name is not inside it")
    func siblingIsOutside() throws {
        // Given
        let (root, package, _) = try packageAndLink()
        defer { try? FileManager.default.removeItem(at: root) }

        // Then
        #expect(!RealPath.isInside(root.appendingPathComponent("M2/bp"), package))
        #expect(!RealPath.isInside(root, package))
    }

    @Test("Dot-dot in the part that does not exist takes off the last name")
    func dotDotInMissingPart() {
        #expect(RealPath.of(URL(fileURLWithPath: "/nonexistent-litmus/a/../b")) == "/nonexistent-litmus/b")
    }
}
