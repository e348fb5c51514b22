import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusModel

@Suite("Source files only other platforms' code uses")
struct PlatformOnlyUseTests {
    /// Quick 7.6.2's `Sources/Quick/URL+FileName.swift`.
    let fileName = """
        import Foundation

        extension URL {
            var fileName: String {
                return self.deletingPathExtension().lastPathComponent
            }
        }
        """

    /// A caller of `fileName`, inside `#if canImport(Darwin)` or not.
    func caller(darwinOnly: Bool) -> String {
        let call = "func currentTestBundle(_ url: URL) -> String { url.fileName }"
        return darwinOnly ? "#if canImport(Darwin)\n\(call)\n#endif\n" : call + "\n"
    }

    @Test("A file whose only caller is in an #if this build does not compile is named with that caller")
    func onlyDarwinCaller() {
        let user = PlatformOnlyUse.user(
            of: fileName,
            siblings: [
                ("Sources/Quick/NSBundle+CurrentTestBundle.swift", caller(darwinOnly: true)),
                ("Sources/Quick/World.swift", "final class World { var count = 0 }\n"),
            ])
        #if os(Linux)
            #expect(user == "Sources/Quick/NSBundle+CurrentTestBundle.swift")
        #else
            #expect(user == nil)
        #endif
    }

    @Test("A caller this build compiles, beside one it does not, leaves the file an uncovered file")
    func compiledCaller() {
        let user = PlatformOnlyUse.user(
            of: fileName,
            siblings: [
                ("Sources/Quick/A.swift", caller(darwinOnly: true)),
                ("Sources/Quick/B.swift", caller(darwinOnly: false)),
            ])
        #expect(user == nil)
    }

    @Test("A file nothing uses is left an uncovered file: dead code everywhere")
    func unused() {
        #expect(PlatformOnlyUse.user(of: fileName, siblings: [("Sources/Quick/World.swift", "let x = 1\n")]) == nil)
    }

    @Test("The names looked for are the file's functions, properties and types, not their locals")
    func names() {
        let tree = """
            struct Box { var width = 1; func area() -> Int { let local = width; return local } }
            typealias Size = Int
            extension Box { static let empty = Box() }
            """
        #expect(
            PlatformOnlyUse.declaredNames(.init(stringLiteral: tree))
                == ["Box", "width", "area", "Size", "empty"])
    }

    @Test("The thorough judge makes such a file a note, and keeps the others as findings")
    func judgedAsNote() {
        // Given: two files no test executes, the first used only by code this build does not compile
        var platformOnly = FileCoverage(
            file: "Sources/Quick/URL+FileName.swift", coveredLines: 0, lines: 3, coveredRegions: 0, regions: 1)
        platformOnly.usedOnlyOnOtherPlatformsBy = "Sources/Quick/NSBundle+CurrentTestBundle.swift"
        let dead = FileCoverage(
            file: "Sources/Quick/Dead.swift", coveredLines: 0, lines: 4, coveredRegions: 0, regions: 1)
        var context = JudgingContext(options: AuditOptions(), seed: 1)
        context.coverage = CoverageReport(linePercent: 0, regionPercent: 0, files: [platformOnly, dead])
        // When
        let judged = ThoroughJudge.judged(context)
        // Then
        #expect(judged.findings.map(\.file) == ["Sources/Quick/Dead.swift"])
        #expect(
            judged.notes.map(\.message) == [
                "Sources/Quick/URL+FileName.swift is never executed here, and cannot be: only "
                    + "Sources/Quick/NSBundle+CurrentTestBundle.swift uses it, in code this platform's build does "
                    + "not compile (an #if)"
            ])
    }
}
