import Foundation
import LitmusAudit
import Testing

@testable import LitmusMutation
@testable import LitmusRunning
@testable import LitmusSupport

@Suite("What the last schemata build wrote, kept so that unchanged sources are not written and compiled again")
struct SchemaManifestTests {
    /// A package folder with Package.swift and `sources` (path to text), and a copy folder beside it.
    private func folders(_ sources: [String: String]) throws -> (package: URL, copy: URL, scratch: URL) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-manifest-\(UUID())")
        let package = scratch.appendingPathComponent("P")
        let copy = scratch.appendingPathComponent("copy")
        for (path, text) in sources.merging(["Package.swift": "// swift-tools-version:6.0\n"], uniquingKeysWith: { $1 })
        {
            for root in [package, copy] {
                let file = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        }
        return (package, copy, scratch)
    }

    private func file(_ path: String, _ text: String, number: Int, firstID: Int) -> SchemaBuild.File {
        SchemaBuild.File(
            path: path, module: "Sources/M", number: number, text: text,
            mutants: MutationSource(path: path, text: text).mutants(firstID: firstID))
    }

    @Test("The copy's schemata of an unchanged source, and the switch, are kept; a changed source's are not")
    func preserved() throws {
        // Given: two sources, their schemata written into the copy, and the manifest of that build
        let a = "func a(x: Int) -> Bool { x > 1 }\n"
        let b = "func b(y: Int) -> Int { y + 2 }\n"
        let (package, copy, scratch) = try folders(["Sources/M/A.swift": a, "Sources/M/B.swift": b])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = [
            file("Sources/M/A.swift", a, number: 1, firstID: 1), file("Sources/M/B.swift", b, number: 2, firstID: 10),
        ]
        var schemata: [String: String] = [:]
        for file in files {
            let text = Schema(source: file.text, mutants: file.mutants, fileNumber: file.number, excluding: []).text
            try text.write(to: copy.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
            schemata[file.path] = ContentHash.hex(text)
        }
        let support = ["Sources/M/LitmusMutantSwitch.swift": Schema.supportFile(mutantCount: 12)]
        try support.values.first?.write(
            to: copy.appendingPathComponent("Sources/M/LitmusMutantSwitch.swift"), atomically: true, encoding: .utf8)
        let sut = SchemaManifest(files: files, schemata: schemata, support: support, rejected: [:], original: package)

        // When: B's source changes in the package
        try "func b(y: Int) -> Int { y + 3 }\n".write(
            to: package.appendingPathComponent("Sources/M/B.swift"), atomically: true, encoding: .utf8)

        // Then
        #expect(
            sut.preserved(original: package, copy: copy)
                == ["Sources/M/A.swift", "Sources/M/LitmusMutantSwitch.swift"])

        // When: the package's manifest changes (it may mutate other folders now)
        try "// swift-tools-version:6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        // Then: nothing is kept
        #expect(sut.preserved(original: package, copy: copy).isEmpty)
    }

    @Test("A rejected mutant is dropped again while its file and the manifests are unchanged, by its new id")
    func rejections() throws {
        // Given: a build of A (ids from 1) that rejected A's second mutant
        let a = "func a(x: Int) -> Bool { x > 1 && x < 9 }\n"
        let (package, _, scratch) = try folders(["Sources/M/A.swift": a])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let built = file("Sources/M/A.swift", a, number: 1, firstID: 1)
        let rejectedID = built.mutants[1].id
        let sut = SchemaManifest(
            files: [built], schemata: [built.path: "h"], support: [:], rejected: [rejectedID: "no '<' here"],
            original: package)

        // When: the next run numbers A's mutants from 5 (a file before it gained mutants)
        let renumbered = file("Sources/M/A.swift", a, number: 2, firstID: 5)
        let again = sut.rejections(of: [renumbered], original: package)
        // When: the manifest was written by a Litmus that made other mutants of the same text
        var otherLitmus = sut
        otherLitmus.files[built.path]?.mutants = "the mutants another version of Litmus made"
        let fromAnotherVersion = otherLitmus.rejections(of: [renumbered], original: package)
        // When: A changed, or the manifest did
        let changed = sut.rejections(
            of: [file("Sources/M/A.swift", "func a(x: Int) -> Bool { x >= 1 }\n", number: 1, firstID: 1)],
            original: package)
        try "// swift-tools-version:6.1\n".write(
            to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let newManifest = sut.rejections(of: [renumbered], original: package)

        // Then
        #expect(again == [renumbered.mutants[1].id: "no '<' here"])
        #expect(fromAnotherVersion.isEmpty)
        #expect(changed.isEmpty)
        #expect(newManifest.isEmpty)
    }
}
