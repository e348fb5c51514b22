import Foundation
import LitmusRunning
import LitmusSupport

/// The typed facts of the test modules of the audit's build: for each, its compile arguments read from
/// the build description (``ModuleCompile``), its typed AST dumped by the same compiler (one process per
/// module) and read (``TypedASTReader``). Kept beside the build (`litmus-typed/MODULE.json`), keyed by the
/// compiler, the arguments and every source's content: the same inputs are never dumped twice.
///
/// A module whose AST cannot be produced (the compiler refuses a flag, crashes, runs past its time) has no
/// facts; ``TypedFacts/problem`` names it and why, and the audit goes on with the syntax alone.
public struct TypedFactsStage: Sendable {
    /// SwiftPM's build folder (its scratch path): `<configuration>/description.json` is read there, the facts kept.
    public var build: URL
    /// The build's configuration folder: `debug`, or `release` for a package built as its CI builds it (`-c release`).
    public var configuration: String
    /// The test modules, each with the files the analysis reads.
    public var modules: [String: [URL]]
    /// The time one dump may take, in seconds.
    public var timeout: Double = 900
    /// How many modules are dumped at once: one per core.
    public var width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Where the dumps' output and diagnostics go while they are read (deleted after).
    public var scratch: URL

    /// A stage reading the facts of `modules` from the build in `build`, made in `configuration`.
    public init(build: URL, configuration: String = "debug", modules: [String: [URL]], scratch: URL) {
        self.build = build
        self.configuration = configuration
        self.modules = modules
        self.scratch = scratch
    }

    /// The facts of every test module that could be dumped; the problems of the others.
    public func read() async -> TypedFacts {
        let description = build.appendingPathComponent(configuration).appendingPathComponent("description.json")
        let compiles: [String: ModuleCompile]
        do {
            compiles = try ModuleCompile.read(description: description)
        } catch {
            return TypedFacts(problem: "no typed AST: \(error)")
        }
        // One compiler per core (each module's dump is one frontend process), merged in the modules' order.
        let each =
            (try? await concurrentMap(modules.sorted(by: { $0.key < $1.key }), width: width) {
                (module: (key: String, value: [URL])) async -> TypedFacts in
                guard let compile = compiles[module.key] else {
                    return TypedFacts(
                        problem: "no typed AST of \(module.key): the build description does not compile it")
                }
                return await read(compile, files: Set(module.value.map(\.standardizedFileURL.path)))
            }) ?? []
        var facts = TypedFacts(problem: nil)
        for moduleFacts in each { facts.merge(moduleFacts) }
        return facts
    }

    /// The facts of one module: kept ones when its inputs did not change, else dumped and kept.
    func read(_ compile: ModuleCompile, files: Set<String>) async -> TypedFacts {
        let key = Self.key(of: compile, files: files)
        let kept = build.appendingPathComponent("litmus-typed").appendingPathComponent("\(compile.module).json")
        if let data = try? Data(contentsOf: kept), let stored = try? JSONDecoder().decode(Kept.self, from: data),
            stored.key == key
        {
            return TypedFacts(files: stored.files)
        }
        var dumped = await dump(compile, files: files)
        // A dump that holds none of the files asked for (paths the build does not name so) has nothing to keep: said,
        // not kept as an empty answer.
        if dumped.problem == nil, dumped.files.isEmpty, let example = files.sorted().first {
            dumped.problem =
                "no typed AST of \(compile.module): the build compiles none of its files as \(example) names them"
        }
        if dumped.problem == nil, let data = try? JSONEncoder().encode(Kept(key: key, files: dumped.files)) {
            try? FileManager.default.createDirectory(
                at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: kept, options: .atomic)
        }
        return dumped
    }

    /// What is kept for a module: the key of its inputs and its files' facts.
    private struct Kept: Codable {
        var key: String
        var files: [String: TypedFileFacts]
    }

    /// The key of a module's inputs: the compiler, the dump's arguments, every source's content, the modules it
    /// may import (``importedModules(in:)``), the version of the facts' format, and the files whose facts are kept
    /// (another set asked for is another answer).
    static func key(of compile: ModuleCompile, files: Set<String> = []) -> String {
        var bytes = Array("facts 4\n\(compile.executable)\n".utf8)
        bytes += Array("\(files.sorted().joined(separator: "\n"))\n".utf8)
        bytes += compile.dumpArguments.joined(separator: "\n").utf8
        for source in compile.sources {
            bytes += Array("\n\(source)\n".utf8)
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: source))) ?? Data()
        }
        for module in compile.importPath.map(importedModules(in:)) ?? [] { bytes += Array("\n\(module)".utf8) }
        return ContentHash.hex(bytes)
    }

    /// Each built module in the import folder, by name, size and time of change: the types the tests' calls resolve
    /// to are those modules', so a change of the package's library (the same test sources, another `swiftmodule`)
    /// dumps the tests again.
    static func importedModules(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".swiftmodule") }.sorted().map { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let changed = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(name) \(size) \(changed)"
        }
    }

    /// Runs the compiler on `compile` and reads the facts of `files` from its dump.
    func dump(_ compile: ModuleCompile, files: Set<String>) async -> TypedFacts {
        let output = scratch.appendingPathComponent("typed-\(compile.module).json")
        let errors = scratch.appendingPathComponent("typed-\(compile.module).log")
        defer { try? FileManager.default.removeItem(at: output) }
        let result: ChildProcessResult
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            result = try await SwiftTemporaryFolder.using { temporary in
                try await ChildProcess.run(
                    URL(fileURLWithPath: compile.executable), compile.dumpArguments, in: scratch,
                    environment: ["TMPDIR": temporary.path], outputFile: output, errorFile: errors, timeout: timeout,
                    readsOutput: false)
            }
        } catch {
            return TypedFacts(problem: "no typed AST of \(compile.module): \(error)")
        }
        if let problem = Self.problem(of: result, module: compile.module, errors: errors) {
            return TypedFacts(problem: problem)
        }
        do {
            let data = try Data(contentsOf: output, options: .alwaysMapped)
            return TypedFacts(files: try TypedASTReader.read(data) { files.contains($0) })
        } catch {
            return TypedFacts(problem: "no typed AST of \(compile.module): \(error)")
        }
    }

    /// Why a dump failed, in one line naming the module and the compiler's first error; `nil` when it did not.
    static func problem(of result: ChildProcessResult, module: String, errors: URL) -> String? {
        let diagnostics = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let firstError = diagnostics.split(separator: "\n").first { $0.contains("error:") }.map {
            ": " + $0.trimmingCharacters(in: .whitespaces).prefix(200)
        }
        if result.timedOut { return "no typed AST of \(module): the compiler ran past its time limit" }
        if let signal = result.signal {
            return "no typed AST of \(module): the compiler crashed (signal \(signal))\(firstError ?? "")"
        }
        guard result.status != 0 else { return nil }
        return "no typed AST of \(module): the compiler exited \(result.status)\(firstError ?? "")"
    }
}
