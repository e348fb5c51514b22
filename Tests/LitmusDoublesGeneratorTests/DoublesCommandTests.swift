import Foundation
import Testing

@testable import LitmusCLI

@Suite("litmus doubles refuses input it cannot turn into a compiling file, and answers to its old name")
struct DoublesCommandTests {
    @Test("An empty --condition or --suffix is refused, naming the option")
    func emptyOptions() throws {
        let base = ["Sources/App", "--module", "App", "--output", "AppDoubles.swift"]
        let condition = try #require(DoublesCommand.validationError(base + ["--condition", " "]))
        #expect(DoublesCommand.message(for: condition).contains("--condition is empty"))
        let suffix = try #require(DoublesCommand.validationError(base + ["--suffix", ""]))
        #expect(DoublesCommand.message(for: suffix).contains("--suffix is empty"))
        #expect(DoublesCommand.validationError(base + ["--condition", "DEBUG"]) == nil)
    }

    @Test("--parent names the module after its folder, or as Module=folder")
    func parentModuleNames() {
        let byFolder = DoublesCommand.parentModule("Sources/Instrumentation/")
        #expect(byFolder.name == "Instrumentation" && byFolder.folder == "Sources/Instrumentation/")
        let named = DoublesCommand.parentModule("FlyingSocks=FlyingSocks/Sources")
        #expect(named.name == "FlyingSocks" && named.folder == "FlyingSocks/Sources")
        let equalsInPath = DoublesCommand.parentModule("/tmp/a=b/Sources/Kit")
        #expect(equalsInPath.name == "Kit" && equalsInPath.folder == "/tmp/a=b/Sources/Kit")
    }

    @Test("A folder without a Swift file is an error naming it, not an empty doubles file")
    func folderWithoutSwiftFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-doubles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "no code".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        let error = try #require(throws: (any Error).self) { try SourceFinder.swiftFiles(in: [folder.path]) }

        #expect(DoublesCommand.message(for: error).contains("\(folder.path) holds no .swift file"))
    }

    @Test("--split writes both doubles of a protocol declared in two #if clauses into its one file")
    func splitKeepsEveryClause() throws {
        let text =
            "#if os(Linux)\nprotocol Poller { func poll() -> Int }\n#else\nprotocol Poller { func poll() }\n#endif\n"

        let written = try splitDoubles(of: text, in: "Poller.swift")

        #expect(Array(written.keys) == ["PollerMock.swift"])
        let double = try #require(written["PollerMock.swift"])
        #expect(double.contains("#if os(Linux)\n") && double.contains("func poll() -> Int"))
        #expect(double.contains("#if !os(Linux)\n") && double.contains("    func poll() {"))
    }

    @Test("A protocol with a syntax error is not written as a double of a guessed requirement")
    func syntaxErrorWritesNoDouble() throws {
        let written = try splitDoubles(of: "protocol P { func f( }\n", in: "P.swift")

        #expect(written.isEmpty)
    }

    @Test("A protocol refining the standard library's is written as a double with the library's requirements")
    func standardLibraryRefinement() throws {
        let text = "protocol Named: CustomStringConvertible, Comparable { var name: String { get } }\n"

        let written = try splitDoubles(of: text, in: "Named.swift")

        let double = try #require(written["NamedMock.swift"])
        #expect(double.contains("self.double.description.call((), unstubbed: { String(describing: Self.self) })"))
        #expect(double.contains("static func <(lhs: NamedMock, rhs: NamedMock) -> Bool"))
    }

    /// Runs `litmus doubles --split` on a fresh module of one file, `name` holding `text`, and returns
    /// the files it wrote (name to contents); the module's folder is removed after.
    private func splitDoubles(of text: String, in name: String) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-doubles-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources")
        let output = folder.appendingPathComponent("Doubles")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: sources.appendingPathComponent(name), atomically: true, encoding: .utf8)

        let command = try DoublesCommand.parse([sources.path, "--module", "App", "--split", "--output", output.path])
        try command.run()

        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        return try Dictionary(
            uniqueKeysWithValues: names.map { name in
                (name, try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8))
            })
    }

    @Test("`litmus mocks`, the command's name before the doubles took one name, is still `litmus doubles`")
    func oldNameIsAnAlias() throws {
        let arguments = ["Sources/App", "--module", "App", "--output", "AppDoubles.swift", "--suffix", "Double"]

        let current = try #require(try Litmus.parseAsRoot(["doubles"] + arguments) as? DoublesCommand)
        let old = try #require(try Litmus.parseAsRoot(["mocks"] + arguments) as? DoublesCommand)

        for command in [current, old] {
            #expect(command.paths == ["Sources/App"] && command.module == "App")
            #expect(command.output == "AppDoubles.swift" && command.suffix == "Double")
        }
        #expect(DoublesCommand.configuration.commandName == "doubles")
    }
}

extension DoublesCommand {
    /// The error `parse` throws for `arguments` (validation included), or nil.
    fileprivate static func validationError(_ arguments: [String]) -> (any Error)? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }
}
