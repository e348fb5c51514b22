import Foundation
import Testing

@testable import LitmusAudit

/// The stage that dumps each test module's typed AST, run against a stand-in compiler (a shell script the
/// build description names): what it keeps, when it dumps again, and what it says when the compiler fails.
@Suite("Typed facts: dumped once per module and kept with the build; a failed dump is named", .tags(.endToEnd))
struct TypedFactsStageTests {
    /// A build folder whose description, in `configuration`'s folder, compiles `AppTests` from one source with
    /// `compiler`'s script.
    private struct Build {
        var folder: URL
        var source: URL
        var calls: URL
        var configuration: String

        init(compiler script: String, configuration: String = "debug") throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-stage-\(UUID().uuidString)")
            self.configuration = configuration
            let made = folder.appendingPathComponent(configuration)
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            source = folder.appendingPathComponent("A.swift")
            try "let a = 1\n".write(to: source, atomically: true, encoding: .utf8)
            calls = folder.appendingPathComponent("calls")
            let compiler = folder.appendingPathComponent("swiftc")
            try ("#!/bin/sh\necho called >> '\(calls.path)'\n" + script).write(
                to: compiler, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler.path)
            let description: [String: Any] = [
                "swiftCommands": [
                    "C.AppTests": [
                        "moduleName": "AppTests", "executable": compiler.path, "sources": [source.path],
                        "importPath": folder.path, "otherArguments": ["-DDEBUG"],
                    ]
                ]
            ]
            try JSONSerialization.data(withJSONObject: description).write(
                to: made.appendingPathComponent("description.json"))
        }

        var stage: TypedFactsStage {
            TypedFactsStage(
                build: folder, configuration: configuration, modules: ["AppTests": [source]],
                scratch: folder.appendingPathComponent("scratch"))
        }

        var callCount: Int {
            ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
    }

    /// A compiler whose dump names its last argument, the source, with one fact of it.
    private static let dumping = """
        for last; do :; done
        printf '{"_kind":"source_file","filename":"%s","items":[{"_kind":"integer_literal_expr",\
        "range":{"start":8,"end":8},"type":"$sSiD"}]}' "$last"

        """

    @Test("The facts are dumped once and kept: the same inputs again read the kept facts, a changed source dumps anew")
    func kept() async throws {
        // Given
        let build = try Build(compiler: Self.dumping)
        defer { try? FileManager.default.removeItem(at: build.folder) }

        // When
        let first = await build.stage.read()
        let second = await build.stage.read()
        try "let a = 2\n".write(to: build.source, atomically: true, encoding: .utf8)
        let third = await build.stage.read()

        // Then
        #expect(first.problem == nil)
        #expect(first.file(build.source.path)?.count == 1)
        #expect(second.file(build.source.path)?.count == 1)
        #expect(third.file(build.source.path)?.count == 1)
        #expect(build.callCount == 2)
    }

    @Test("A library module built anew under the same test sources dumps the tests again; an unrelated file does not")
    func importedModuleChanged() async throws {
        // Given kept facts, then a file that is no module added to the import folder, then a module built there, then
        // built again with other content
        let build = try Build(compiler: Self.dumping)
        defer { try? FileManager.default.removeItem(at: build.folder) }
        let module = build.folder.appendingPathComponent("Lib.swiftmodule")

        // When
        _ = await build.stage.read()
        try "notes".write(to: build.folder.appendingPathComponent("Lib.o"), atomically: true, encoding: .utf8)
        _ = await build.stage.read()
        try "module 1".write(to: module, atomically: true, encoding: .utf8)
        let afterModule = await build.stage.read()
        try "module 2, longer".write(to: module, atomically: true, encoding: .utf8)
        _ = await build.stage.read()

        // Then
        #expect(afterModule.file(build.source.path)?.count == 1)
        #expect(build.callCount == 3)
    }

    @Test("A package built as its CI builds it, in release: the release folder's description is read, not debug's")
    func releaseBuild() async throws {
        // Given: a build made with -c release, and a stage that reads the debug folder of the same build
        let build = try Build(compiler: Self.dumping, configuration: "release")
        defer { try? FileManager.default.removeItem(at: build.folder) }
        var asDebug = build.stage
        asDebug.configuration = "debug"

        // When
        let facts = await build.stage.read()
        let missed = await asDebug.read()

        // Then
        #expect(facts.problem == nil)
        #expect(facts.file(build.source.path)?.count == 1)
        #expect(missed.problem?.contains("debug/description.json") == true)
    }

    @Test("A compiler that refuses a flag leaves no facts and one line naming the module and its error")
    func refused() async throws {
        // Given
        let build = try Build(compiler: "echo \"error: unknown argument: '-frobnicate'\" >&2\nexit 1\n")
        defer { try? FileManager.default.removeItem(at: build.folder) }

        // When
        let facts = await build.stage.read()

        // Then
        #expect(facts.files.isEmpty)
        #expect(
            facts.problem == "no typed AST of AppTests: the compiler exited 1: error: unknown argument: '-frobnicate'")
    }

    @Test("A compiler that crashes leaves no facts and says so, with its signal")
    func crashed() async throws {
        // Given
        let build = try Build(compiler: "kill -SEGV $$\n")
        defer { try? FileManager.default.removeItem(at: build.folder) }

        // When
        let facts = await build.stage.read()

        // Then
        #expect(facts.files.isEmpty)
        #expect(facts.problem == "no typed AST of AppTests: the compiler crashed (signal 11)")
    }

    @Test(
        "A dump holding none of the files asked for says so and keeps nothing; asked again as the build names them, it dumps"
    )
    func noneOfTheFiles() async throws {
        // Given: the module asked for by a path the build does not compile (a link to the source, say)
        let build = try Build(compiler: Self.dumping)
        defer { try? FileManager.default.removeItem(at: build.folder) }
        let elsewhere = build.folder.appendingPathComponent("linked/A.swift")
        var asked = build.stage
        asked.modules = ["AppTests": [elsewhere]]

        // When
        let missed = await asked.read()
        let named = await build.stage.read()

        // Then
        #expect(
            missed.problem
                == "no typed AST of AppTests: the build compiles none of its files as \(elsewhere.path) names them")
        #expect(named.problem == nil)
        #expect(named.file(build.source.path)?.count == 1)
        #expect(build.callCount == 2)
    }

    @Test("A build with no description, or none of a test module, names what is missing")
    func missing() async throws {
        // Given
        let build = try Build(compiler: "")
        defer { try? FileManager.default.removeItem(at: build.folder) }
        var other = build.stage
        other.modules = ["OtherTests": [build.source]]
        var nowhere = build.stage
        nowhere.build = build.folder.appendingPathComponent("none")

        // When
        let unknown = await other.read()
        let absent = await nowhere.read()

        // Then
        #expect(unknown.problem == "no typed AST of OtherTests: the build description does not compile it")
        #expect(absent.problem?.hasSuffix("description.json: SwiftPM wrote no build description there") == true)
    }
}
