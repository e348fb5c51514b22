import Foundation
import Testing

@testable import LitmusAudit

/// The sources read for shared state: coverage lists only the files holding code, so the declarations of the
/// others the build compiled are read from its description.
@Suite("Shared state declared in files without code")
struct SharedStateSitesTests {
    /// A folder of its own holding `files` (name: text), and their paths in that order.
    private static func write(_ files: [(String, String)]) throws -> (URL, [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = try files.map { name, text in
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        return (folder, paths)
    }

    @Test("A global variable declared in a file of no code is state the covered file's function writes")
    func variableOfAFileWithoutCode() async throws {
        // Given: a file declaring only a global variable (no function: coverage does not list it), and a file
        // whose function bumps it
        let (folder, paths) = try Self.write([
            ("Counter.swift", "public var counter = 0\n"),
            ("Bump.swift", "func bump() {\n    counter += 1\n}\n"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: the covered file's accesses are found, with and without the file of declarations
        let sut = try await SharedStateSites.find(
            in: [paths[1]], declaredIn: paths, builtModules: [], cache: nil)
        let coveredOnly = try await SharedStateSites.find(in: [paths[1]], builtModules: [], cache: nil)

        // Then: the bump reads and writes the counter, which the covered file alone does not show; the file of
        // declarations has no access of its own (none of its code runs)
        let access = try #require(sut[paths[1]]?.first)
        #expect(access.state.described == "`counter`")
        #expect(access.reads && access.writes)
        #expect(sut[paths[0]] == nil)
        #expect(coveredOnly[paths[1]] == nil)
    }

    @Test("Only the modules the covered files can name are read: their own, their imports and what those re-export")
    func onlyNamedModulesAreRead() async throws {
        // Given: a test that imports Shop and Kit (which re-exports Base), and names a global of each of Shop, Base
        // and a module it does not import (swift-syntax's, which the build compiles for a macro no test links)
        let (folder, paths) = try Self.write([
            (
                "ShopTests.swift",
                "@testable import Shop\nimport Kit\nfunc testAll() {\n    counter += 1\n    shared += 1\n    cache += 1\n}\n"
            ),
            ("Counter.swift", "public var counter = 0\n"),
            ("Kit.swift", "@_exported import Base\n"),
            ("Shared.swift", "public var shared = 0\n"),
            ("Cache.swift", "public var cache = 0\n"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let modules = [
            paths[0]: "ShopTests", paths[1]: "Shop", paths[2]: "Kit", paths[3]: "Base", paths[4]: "SwiftSyntax",
        ]

        // When: the covered test's accesses are found, with its module known and without
        let built: Set<String> = ["Shop", "Kit", "Base", "SwiftSyntax"]
        let sut = try await SharedStateSites.find(
            in: [paths[0]], declaredIn: paths, builtModules: built, modules: modules, cache: nil)
        var unknown = modules
        unknown[paths[0]] = nil
        let unread = try await SharedStateSites.find(
            in: [paths[0]], declaredIn: paths, builtModules: built, modules: unknown, cache: nil)

        // Then: Shop's and Base's globals are read, the unimported module's is not; with the test's module unknown,
        // every file is
        #expect(Set(sut[paths[0]]?.map(\.state.described) ?? []) == ["`counter`", "`shared`"])
        #expect(Set(unread[paths[0]]?.map(\.state.described) ?? []) == ["`counter`", "`shared`", "`cache`"])
    }

    @Test("A global of an executable's main.swift is its module's alone; other modules' names are something else")
    func scriptGlobalsStayInTheirModule() async throws {
        // Given: swift-argument-parser 1.8.2's example `roll`, whose main.swift declares `let options = …parse…`, a
        // file of the library whose local is named `options`, and (the near misses) another file of `roll` and a
        // test of it that imports it
        let (folder, paths) = try Self.write([
            ("main.swift", "let options = RollOptions.parseOrExit()\n"),
            ("Definition.swift", "func help() -> Int {\n    let options = 1\n    return options\n}\n"),
            ("Roll.swift", "func roll() -> Int {\n    options.count\n}\n"),
            ("RollTests.swift", "@testable import roll\nfunc testRoll() -> Int {\n    options.count\n}\n"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let modules = [paths[0]: "roll", paths[1]: "ArgumentParser", paths[2]: "roll", paths[3]: "rollTests"]

        // When: the covered files' accesses are found, with the modules and without them
        let sut = try await SharedStateSites.find(
            in: [paths[1], paths[2], paths[3]], declaredIn: paths, builtModules: ["roll"], modules: modules, cache: nil)
        let unknown = try await SharedStateSites.find(
            in: [paths[1], paths[2]], declaredIn: paths, builtModules: [], cache: nil)

        // Then: only roll's own file and the tests importing roll read the global; with no modules known, all do
        #expect(sut[paths[1]] == nil)
        #expect(sut[paths[2]]?.map(\.state.described) == ["`options`"])
        #expect(sut[paths[3]]?.map(\.state.described) == ["`options`"])
        #expect(unknown[paths[1]]?.isEmpty == false)
    }

    @Test("A constant naming the cases of an enum declared in a file of no code is fixed (GraphQL's QueryDocumentKeys)")
    func casesOfAFileWithoutCode() async throws {
        // Given: GraphQL's shape: an enum of cases alone in its file, and a dictionary of its cases read by a
        // function of another file
        let (folder, paths) = try Self.write([
            ("Kinds.swift", "public enum Kind: String { case name, document }\n"),
            (
                "Visitor.swift",
                "let keys: [Kind: [String]] = [.name: [], .document: [\"definitions\"]]\n"
                    + "func children(of kind: Kind) -> [String] {\n    keys[kind] ?? []\n}\n"
            ),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: the covered file's accesses are found, with and without the enum's file
        let sut = try await SharedStateSites.find(in: [paths[1]], declaredIn: paths, builtModules: [], cache: nil)
        let coveredOnly = try await SharedStateSites.find(in: [paths[1]], builtModules: [], cache: nil)

        // Then: with the cases known, the constant is a fixed value and no state; without them it stays one set
        // lazily, which the function reads
        #expect(sut[paths[1]] == nil)
        #expect(coveredOnly[paths[1]]?.map(\.state.described) == ["`keys`"])
    }

    @Test("The compiled sources are every module's of the build description, but the observer's and generated ones")
    func compiledSources() throws {
        // Given: a build description of a library, a test module holding the footprint observer's source, and
        // SwiftPM's generated runner
        let root = "/work/P"
        let description = """
            {"swiftCommands": {
              "C.module": {"moduleName": "Lib", "executable": "swiftc",
                           "sources": ["\(root)/Sources/Lib/Kinds.swift", "\(root)/Sources/Lib/A.swift"]},
              "C.observer": {"moduleName": "\(FootprintObserver.target)", "executable": "swiftc",
                             "sources": ["\(root)/.build/x/\(FootprintObserver.target)/FootprintObserver.swift"]},
              "C.runner": {"moduleName": "PTests", "executable": "swiftc",
                           "sources": ["\(root)/.build/debug/PTests.derived/runner.swift"]}
            }}
            """
        let (folder, paths) = try Self.write([("description.json", description)])
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: its sources are read
        let sut = Audit.compiledSources(description: URL(fileURLWithPath: paths[0]))

        // Then: the library's two files, sorted; none from a description that cannot be read
        #expect(sut == ["\(root)/Sources/Lib/A.swift", "\(root)/Sources/Lib/Kinds.swift"])
        #expect(Audit.compiledSources(description: folder.appendingPathComponent("missing.json")).isEmpty)
        // … and a description with no source is a problem: the footprints are then not measured
        #expect(throws: FootprintProblem.self) {
            try Audit.declarationSources(description: folder.appendingPathComponent("missing.json"))
        }
        #expect(try Audit.declarationSources(description: URL(fileURLWithPath: paths[0])).count == 2)
    }

    @Test("A constant naming global functions is fixed (GraphQL's specifiedRules); one calling them is not")
    func constantOfFunctions() async throws {
        // Given: GraphQL's shape: rule functions in a file, an array of them in a file of no code, read by a
        // function; near misses: a constant made by calling a function, and one naming a static function
        let (folder, paths) = try Self.write([
            ("Rules.swift", "func uniqueNames(_ x: Int) -> Int { x }\nfunc knownTypes(_ x: Int) -> Int { x + 1 }\n"),
            ("SpecifiedRules.swift", "let specifiedRules: [(Int) -> Int] = [uniqueNames, knownTypes]\n"),
            (
                "Validate.swift",
                "let made = makeRules()\nenum Rule { static func all() -> Int { 1 } }\nlet named = Rule.all\n"
                    + "func validate() -> Int {\n    specifiedRules.count + made.count + named()\n}\n"
            ),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: the covered files' accesses are found
        let sut = try await SharedStateSites.find(
            in: [paths[0], paths[2]], declaredIn: paths, builtModules: [], cache: nil)

        // Then: the array of functions is no state; the constant a call made, and the one naming a static function
        // (what it gives is not known), are read as state set lazily
        #expect(sut[paths[2]]?.map(\.state.described).sorted() == ["`made`", "`named`"])
    }

    @Test("A bare name in a type is not a global function when some type declares a static of that name")
    func bareNameInATypeIsNoGlobalFunction() async throws {
        // Given: a constant inside a nested type naming its enclosing type's static variable by its bare name, and a
        // global function of the same name elsewhere in the build; near miss: a bare name no type declares a static
        // of
        let (folder, paths) = try Self.write([
            ("Verbosity.swift", "func verbosity(_ v: Int) -> String { \"\" }\nfunc level(_ v: Int) -> Int { v }\n"),
            (
                "Settings.swift",
                "enum Settings {\n    static var verbosity = 1\n    enum Snapshot {\n        static let initial = verbosity\n"
                    + "        static let named = level\n    }\n}\n"
                    + "func read() -> Int {\n    Settings.Snapshot.initial + Settings.Snapshot.named(1)\n}\n"
            ),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }

        // When: the covered files' accesses are found
        let sut = try await SharedStateSites.find(in: paths, builtModules: [], cache: nil)

        // Then: the constant taking the enclosing type's static is state set lazily, which `read` touches; the one
        // naming the global function is fixed
        let described = sut[paths[1]]?.map(\.state.described) ?? []
        #expect(described.contains("`Snapshot.initial`"))
        #expect(!described.contains("`Snapshot.named`"))
    }

    @Test("SwiftPM's generated Bundle.module is a fixed value; a package's own lazily set bundle is state")
    func generatedResourceAccessor() async throws {
        // Given: SwiftPM's accessor of a test target's resources, as it generates it, and a function reading a
        // resource through it; near misses: the same declaration in a file of the package's own, and a generated
        // accessor that reads the environment
        let accessor = """
            import Foundation

            extension Foundation.Bundle {
                static let module: Bundle = {
                    let mainPath = Bundle.main.bundleURL.appendingPathComponent("P_PTests.resources").path
                    let buildPath = "/work/P/.build/debug/P_PTests.resources"
                    let preferredBundle = Bundle(path: mainPath)
                    guard let bundle = preferredBundle ?? Bundle(path: buildPath) else {
                        Swift.fatalError("could not load resource bundle: from \\(mainPath) or \\(buildPath)")
                    }
                    return bundle
                }()
            }

            """
        let reader = "func fixture() -> URL? {\n    Bundle.module.url(forResource: \"a\", withExtension: \"json\")\n}\n"
        let (generated, generatedPaths) = try Self.write([
            ("PTests.build/DerivedSources/resource_bundle_accessor.swift", accessor), ("Fixture.swift", reader),
        ])
        defer { try? FileManager.default.removeItem(at: generated) }
        let (own, ownPaths) = try Self.write([("Sources/P/Bundle+Module.swift", accessor), ("Fixture.swift", reader)])
        defer { try? FileManager.default.removeItem(at: own) }
        let fromEnvironment = accessor.replacingOccurrences(
            of: "let mainPath = ",
            with: "let override = ProcessInfo.processInfo.environment[\"BUNDLE\"]\n        let mainPath = ")
        let (other, otherPaths) = try Self.write([
            ("PTests.build/DerivedSources/resource_bundle_accessor.swift", fromEnvironment), ("Fixture.swift", reader),
        ])
        defer { try? FileManager.default.removeItem(at: other) }

        // When: the accesses of both are found
        let sut = try await SharedStateSites.find(in: generatedPaths, builtModules: [], cache: nil)
        let nearMiss = try await SharedStateSites.find(in: ownPaths, builtModules: [], cache: nil)
        let readsEnvironment = try await SharedStateSites.find(in: otherPaths, builtModules: [], cache: nil)

        // Then: reading the generated bundle touches no state; the package's own is set by its first reader
        #expect(sut[generatedPaths[1]] == nil)
        let access = try #require(nearMiss[ownPaths[1]]?.first)
        #expect(access.state.described == "`Bundle.module`")
        #expect(access.writes)
        // … and so is a generated accessor that reads the environment (another build system's form)
        #expect(readsEnvironment[otherPaths[1]]?.map(\.state.described) == ["`Bundle.module`"])
    }
}
