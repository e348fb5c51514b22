import Foundation
import Testing

@testable import LitmusAudit

/// The audit of the TypedShapes fixture with the compiler's facts: its build's typed AST read beside the
/// build, and the static findings decided by it. Also holds the facts the unit tests read
/// (Resources/typed/TypedShapes.facts.json) to what the compiler gives: `LITMUS_RECORD_TYPED_FACTS=1` writes
/// them anew after a change to the fixture.
@Suite(
    "Typed facts end to end: the fixture's audit decides its static findings by the compiler's facts",
    .tags(.endToEnd))
struct TypedFactsEndToEndTests {
    @Test("The audit reads the typed AST of the test module and decides the findings by it")
    func audit() async throws {
        // When
        let audited = try await FixtureAudits.shared.audit("TypedShapes")
        let report = audited.report

        // Then
        #expect(report.phases?.contains { $0.phase == "typed" } == true)
        #expect(report.findings.allSatisfy { $0.unconfirmed == nil })
        #expect(report.notes?.contains { $0.message.contains("unconfirmed") } != true)
        let floats = report.findings(.floatEquality).compactMap(\.test?.rawValue)
        #expect(
            floats.sorted() == [
                "ShapesTests.FloatTests/testComputedRatios", "ShapesTests.FloatTests/testOneSideRounded",
                "ShapesTests.FloatTests/testRatioLiteral", "ShapesTests.FloatTests/testRoundingOfTwoCalls",
                "ShapesTests.FloatTests/testScaledRounding",
            ])
        #expect(!report.findings(.neverRan).contains { $0.message.contains("PublisherTests") })
        #expect(report.findings(.redundantPrint).count == 1)
        #expect(audited.unchanged)
    }

    @Test("The facts kept beside the fixture's build are the checked-in ones the unit tests read")
    func checkedInFacts() async throws {
        // Given: the fixture audited, its facts kept in its build folder
        _ = try await FixtureAudits.shared.audit("TypedShapes")
        let kept = try await FixtureAudits.kept("TypedShapes")
        defer { kept.release() }
        // The audit's copy, which the build compiled (the facts are asked for by the paths the build names)
        let tests = kept.buildFolder.appendingPathComponent("package/TypedShapes/Tests/ShapesTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: tests.path).map {
            tests.appendingPathComponent($0)
        }

        // When
        let facts = await TypedFactsStage(
            build: kept.buildFolder.appendingPathComponent("build"), modules: ["ShapesTests": files],
            scratch: kept.buildFolder.appendingPathComponent("typed-scratch")
        ).read()

        // Then
        #expect(facts.problem == nil)
        // The audit's copy of the fixture in its build folder: paths from the fixture's folder on.
        let relative = Dictionary(
            uniqueKeysWithValues: facts.files.map { path, facts in
                (String(path[path.range(of: "/TypedShapes/", options: .backwards)!.upperBound...]), facts)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let checkedIn = FixtureAudits.fixtures.deletingLastPathComponent().appendingPathComponent(
            "LitmusAuditTests/Resources/typed/TypedShapes.facts.json")
        if ProcessInfo.processInfo.environment["LITMUS_RECORD_TYPED_FACTS"] != nil {
            try encoder.encode(relative).write(to: checkedIn)
        }
        #expect(relative.keys.sorted() == files.map { "Tests/ShapesTests/\($0.lastPathComponent)" }.sorted())
        // Compared within each file: the places past its end are in macros' expansion buffers, whose text
        // names the checkout's folder.
        let recorded = try JSONDecoder().decode([String: TypedFileFacts].self, from: Data(contentsOf: checkedIn))
        let withinFiles = { (facts: [String: TypedFileFacts]) throws -> Data in
            var cut: [String: TypedFileFacts] = [:]
            for (file, fileFacts) in facts {
                let path = kept.package.appendingPathComponent(file).path
                let length = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
                cut[file] = fileFacts.within(length: length)
            }
            return try encoder.encode(cut)
        }
        #expect(Self.withoutPathHashes(try withinFiles(relative)) == Self.withoutPathHashes(try withinFiles(recorded)))
    }

    @Test("litmus smells --typed decides the fixture's static findings by its build's facts, as the audit does")
    func smellsWithTheBuild() async throws {
        // Given: the fixture audited, its build kept: the copy built in place, as `swift build --build-tests` builds
        let audited = try await FixtureAudits.shared.audit("TypedShapes")
        let kept = try await FixtureAudits.kept("TypedShapes")
        defer { kept.release() }
        let build = kept.buildFolder.appendingPathComponent("build")
        let package = kept.buildFolder.appendingPathComponent("package/TypedShapes").path

        // When
        let syntax = try SmellsReport.make(paths: [package], options: AuditOptions())
        let typed = try await SmellsReport.make(paths: [package], options: AuditOptions(), typedBuild: build)

        // Then: without the build the findings the types decide are unconfirmed; with it, none is, and the float
        // comparisons are the audit's
        #expect(syntax.findings.contains { $0.unconfirmed != nil })
        #expect(typed.findings.allSatisfy { $0.unconfirmed == nil })
        #expect(typed.notes?.contains { $0.message.contains("unconfirmed") } != true)
        let places = { (report: AuditReport) in
            Set(
                report.findings(.floatEquality).compactMap { finding in
                    finding.line.map { "\(URL(fileURLWithPath: finding.file ?? "").lastPathComponent):\($0)" }
                })
        }
        #expect(places(typed) == places(audited.report))
        // The facts both drop comparisons the syntax took for floating point and find one it could not see (a
        // ratio computed from `Double`s)
        #expect(!places(syntax).subtracting(places(typed)).isEmpty)
        #expect(!places(typed).subtracting(places(syntax)).isEmpty)

        // And through a symbolic link to the package (macOS's `/tmp`), the facts the build keeps under the real paths
        let links = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-linked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: links) }
        let link = links.appendingPathComponent("TypedShapes")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: package)
        let linked = try await SmellsReport.make(paths: [link.path], options: AuditOptions(), typedBuild: build)
        #expect(linked.findings.allSatisfy { $0.unconfirmed == nil })
        #expect(places(linked) == places(typed))
    }

    @Test("litmus smells --typed without a build says what to build, naming the folder it looked in")
    func smellsWithoutTheBuild() async throws {
        // Given: the fixture's package, and a build folder with nothing built in it
        let kept = try await FixtureAudits.kept("TypedShapes")
        defer { kept.release() }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-unbuilt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }

        // When
        let error = await #expect(throws: SmellsReport.BadPath.self) {
            try await SmellsReport.make(paths: [kept.package.path], options: AuditOptions(), typedBuild: empty)
        }

        // Then
        #expect(error?.path == empty.path)
        #expect(error?.reason.contains("debug/description.json") == true)
        #expect(error?.reason.contains("swift build --build-tests") == true)
    }

    /// `facts` with the hash of the source file's path that the names of macro expansions carry (`@Test`'s
    /// `…fMu_33_CA8A9E20…`) taken out: the checkout's folder differs from one machine to the next.
    static func withoutPathHashes(_ facts: Data) -> String {
        String(decoding: facts, as: UTF8.self).replacing(/fMu(\d*)_(\d+)_[0-9A-F]{32}/) { match in
            "fMu\(match.1)_\(match.2)_<path hash>"
        }
    }
}
