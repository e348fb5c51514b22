import Foundation
import LitmusSupport
import Testing

/// `swift package litmus VERB`: the command plugin lets through the verbs of the `litmus` that is built, so a
/// subcommand added to `litmus` and not to the plugin (or the other way round) fails here, not for a user.
/// ConsumerPackageEndToEndTests runs the plugin itself in a package that depends on Litmus.
@Suite("The command plugin lets every verb of litmus through")
struct LitmusCommandPluginTests {
    @Test("The plugin's verbs are litmus's subcommands but har (it runs litmus-har, which the plugin does not build)")
    func verbsAreTheSubcommands() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let plugin = try String(
            contentsOf: root.appendingPathComponent("Plugins/LitmusCommandPlugin/LitmusCommandPlugin.swift"),
            encoding: .utf8)
        let litmus = try #require(BuiltExecutable.named("litmus"), "build the litmus executable first (swift build)")
        let help = try await ChildProcess.run(litmus, ["--help"], in: root, timeout: 60)
        try #require(help.status == 0, "litmus --help printed:\n\(help.output)")

        let verbs = Self.verbs(inPluginSource: plugin)
        let subcommands = Self.subcommands(inHelp: help.output)

        #expect(!verbs.isEmpty, "no `static let verbs = [...]` in the plugin's source")
        #expect(subcommands.contains("audit"), "no SUBCOMMANDS section in:\n\(help.output)")
        #expect(Set(verbs) == subcommands.subtracting(["har"]))
    }

    /// The string literals of the plugin's `static let verbs = [...]`.
    static func verbs(inPluginSource source: String) -> [String] {
        guard let start = source.range(of: "static let verbs = ["),
            let end = source[start.upperBound...].firstIndex(of: "]")
        else { return [] }
        return source[start.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\""))
        }
    }

    /// The first name of each subcommand `litmus --help` lists (`doubles, mocks` is `doubles`).
    static func subcommands(inHelp help: String) -> Set<String> {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return Set(
            lines[(heading + 1)...].compactMap { line -> String? in
                // A subcommand's line starts with two spaces and its name; its description's later lines
                // start deeper.
                guard line.hasPrefix("  "), !line.hasPrefix("   "),
                    let name = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "," }).first
                else { return nil }
                return String(name)
            }.filter { $0 != "See" })
    }
}
