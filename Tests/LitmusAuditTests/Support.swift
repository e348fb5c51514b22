import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

extension Tag {
    /// Tests that build packages or start processes: seconds to minutes, not milliseconds.
    @Tag static var endToEnd: Self
    /// Tests that parse many command lines with swift-argument-parser in memory: no disk, no process, but
    /// about 100 ms under coverage for their cases together. `.litmus-audit.json` gives them a budget of
    /// their own (docs/TESTING.md).
    @Tag static var parsing: Self
}

/// A fixture file of this test target's resources.
func resource(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil))
    return try Data(contentsOf: url)
}

/// A fixture file as text.
func resourceText(_ name: String) throws -> String {
    String(decoding: try resource(name), as: UTF8.self)
}

/// Analyzes `files` (name → source) written to a fresh temporary folder, with `packageSources` as the
/// package's own sources.
func analyzeSources(_ files: [String: String], packageSources: [String: String] = [:]) throws -> SourceAnalysis {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-analyzer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func written(_ files: [String: String], prefix: String) throws -> [URL] {
        try files.sorted(by: { $0.key < $1.key }).map { name, source in
            let url = folder.appendingPathComponent(prefix + name)
            try source.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
    }
    var analyzer = TestSourceAnalyzer()
    let sources = try written(packageSources, prefix: "source-")
    analyzer.sourceFiles = { sources }
    return analyzer.analyze(files: try written(files, prefix: ""))
}

/// A new temporary folder holding `files` (path relative to it → text), its folders made; the caller removes it.
func temporaryFolder(_ files: [String: String], named prefix: String = "litmus-test-files") throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}

/// The findings of `kind` in `files` (name → source), as `test:line`.
func analyzedFindings(_ kind: FindingKind, in files: [String: String]) throws -> [String] {
    try analyzeSources(files).findings.filter { $0.kind == kind }.map { "\($0.testName ?? "-"):\($0.line ?? 0)" }
}

/// The lines of the findings of `kind` in one Swift Testing file whose struct holds `tests` (its first test on line 3).
func swiftTestingLines(_ kind: FindingKind, _ tests: String) throws -> [Int] {
    let source = "import Testing\nstruct S {\n" + tests + "\n}\n"
    return try analyzeSources(["S.swift": source]).findings.filter { $0.kind == kind }.compactMap(\.line)
}

/// The names of the Swift Testing tests in one file whose struct holds `tests` that report a finding of `kind`.
func swiftTestingNames(_ kind: FindingKind, _ tests: String) throws -> [String] {
    let source = "import Testing\nstruct S {\n" + tests + "\n}\n"
    return try analyzeSources(["S.swift": source]).findings.filter { $0.kind == kind }.compactMap(\.testName)
        .map { String($0.split(separator: "/").last!) }
}

/// The findings of `kind` in one XCTest file whose class `T` holds `methods`, as `method:line` (the class
/// starts on line 2, so the first method's line is 3).
func xctestFindings(_ kind: FindingKind, _ methods: String) throws -> [String] {
    let source = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
    return try analyzedFindings(kind, in: ["T.swift": source]).map { $0.replacingOccurrences(of: "T.", with: "") }
}

/// Each finding as `note PATH` or `finding PATH`, its file relative to `root`, sorted.
func notesAndFindings(_ findings: [AnalyzedFinding], under root: URL) -> [String] {
    findings.map {
        "\($0.isNote ? "note" : "finding") \($0.file.map { String($0.dropFirst(root.path.count + 1)) } ?? "-")"
    }.sorted()
}

/// The tests of one XCTest file whose class `T` holds `methods` that report a finding of `kind`, as `T.method`, sorted;
/// `package` the package's own sources (name → source) the analysis reads beside them.
func xctestTestNames(_ kind: FindingKind, _ methods: String, package: [String: String]) throws -> [String] {
    let source = "import XCTest\nfinal class T: XCTestCase {\n" + methods + "\n}\n"
    return try analyzeSources(["T.swift": source], packageSources: package).findings.filter { $0.kind == kind }
        .compactMap(\.testName).sorted()
}
