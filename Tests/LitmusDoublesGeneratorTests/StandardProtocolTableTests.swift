import Foundation
import LitmusSupport
import Testing

@testable import LitmusDoublesGenerator

/// The table of the standard library's and Foundation's protocols against the toolchain: what the script
/// makes of its symbol graphs, and what the compiler makes of a double of every protocol in it.
@Suite("The table of the libraries' protocols is the script's, and every double it leads to compiles")
struct StandardProtocolTableTests {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(
        "scripts/standard-protocols writes the checked-in table (else run it and check the table in)",
        .tags(.endToEnd))
    func tableIsTheScripts() async throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let result = try await ChildProcess.run(
            Self.repository.appendingPathComponent("scripts/standard-protocols"), ["--output", folder.path],
            in: folder, timeout: 1200)

        // Then every file of the table it writes is the checked-in one, and no other is checked in
        try #require(result.status == 0, "scripts/standard-protocols failed:\n\(result.output)")
        let sources = Self.repository.appendingPathComponent("Sources/LitmusDoublesGenerator")
        let isTable = { (name: String) in name.hasPrefix("StandardProtocols+Table") && name.hasSuffix(".swift") }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(isTable).sorted()
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter(isTable).sorted()
        #expect(written == checkedIn)
        #expect(written.contains("StandardProtocols+Table.swift"))
        for name in written {
            let expected = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == expected, "\(name)")
        }
    }

    @Test(
        "A protocol refining any protocol of the table gets a double that compiles, or a warning saying why not",
        .tags(.endToEnd))
    func everyDoubleCompiles() async throws {
        // Given: one protocol refining each, the double file without its import of the module
        let names = StandardProtocols.names + StandardProtocols.objectiveCNames.sorted()
        let module = "import Foundation\n" + names.map { "public protocol Refines\($0): \($0) {}\n" }.joined()
        let output = ModuleDoubles(moduleName: "Refining").generate(from: [
            ModuleDoubles.SourceFile(path: "Refining.swift", text: module)
        ])
        let modules = try #require(Self.builtModules(), "no LitmusDoubles.swiftmodule beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try module.write(to: folder.appendingPathComponent("Refining.swift"), atomically: true, encoding: .utf8)
        let doubles = output.source.replacingOccurrences(of: "@testable import Refining\n", with: "")
        try doubles.write(to: folder.appendingPathComponent("Doubles.swift"), atomically: true, encoding: .utf8)

        // When
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name", "Refining",
                "-I", modules.path, "Refining.swift", "Doubles.swift",
            ],
            in: folder, timeout: 1200)

        // Then: each protocol is doubled or named in a warning, and the doubles compile without a warning
        #expect(output.doubles.count + output.warnings.count == names.count, "\(output.warnings)")
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("Doubles.swift"), "\(result.output)")
    }

    /// The folder holding the `LitmusDoubles` module this test target was built with.
    private static func builtModules() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("Modules") }.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("LitmusDoubles.swiftmodule").path)
        }
    }
}
