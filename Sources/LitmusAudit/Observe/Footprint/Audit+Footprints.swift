import Foundation
import LitmusSupport

/// How an audit measures its tests' footprints (docs/audit.md, "Isolation from footprints"): whether they
/// choose the alone runs, and the stage that reads them from suite run 1, or why it cannot.
extension Audit {
    /// Whether the tests' footprints choose which tests run alone: not in a shard (it runs its share of every
    /// test), nor with `--since` (its kept lines choose them). A test that does not run alone gets its own
    /// coverage from suite run 1 (``TestProfiles``), which `--html`, `--test-lines` and `--mutation` read.
    var choosesByFootprints: Bool { shard == nil && since == nil }

    /// The stage measuring footprints from suite run 1 when ``choosesByFootprints``, or why it cannot.
    func footprintStage(
        binary: TestBinary, workspace: PackageWorkspace, toolchain: Toolchain
    ) throws -> Result<FootprintStage, FootprintProblem>? {
        guard choosesByFootprints else { return nil }
        #if os(Linux)
            if let reason = workspace.observer.reason {
                return .failure(.init(reason: "no footprint observer: \(reason)"))
            }
            guard options.coverage else {
                return .failure(.init(reason: "they are read from coverage (--no-coverage)"))
            }
            guard let profdata = toolchain.profdata, let cov = toolchain.cov else {
                return .failure(.init(reason: "llvm-profdata or llvm-cov was not found beside swift"))
            }
            return .success(
                FootprintStage(
                    profdata: profdata, cov: cov, binary: binary, logs: try workspace.folder("logs"),
                    sites: stateSites(in: workspace, kept: "footprint-sites.json")))
        #else
            return .failure(.init(reason: "footprints are measured on Linux only"))
        #endif
    }

    /// What finds the places of shared state in the files it is given (``SharedStateSites``), reading the declarations
    /// of every source the build compiled, its results kept by file in the kept build folder's file `kept`.
    func stateSites(in workspace: PackageWorkspace, kept: String)
        -> @Sendable ([String]) async throws -> [String:
        [StateAccess]]
    {
        let modules = Self.builtModules(in: workspace.build, configuration: build.configurationFolder)
        let importable = modules.union(
            Self.mappedModules(in: workspace.build, configuration: build.configurationFolder))
        let cache = workspace.kept?.appendingPathComponent(kept)
        let description = workspace.build.appendingPathComponent(build.configurationFolder)
            .appendingPathComponent("description.json")
        return { files in
            try await SharedStateSites.find(
                in: files, declaredIn: try Self.declarationSources(description: description),
                builtModules: modules, importable: importable,
                modules: Self.compiledModules(description: description), cache: cache)
        }
    }

    /// Every Swift source the build compiled, as its description lists them (`description.json`), but the
    /// observer's and SwiftPM's generated runner (``FootprintStage/isTestsCode(_:)``); none when it cannot be read.
    /// Coverage lists only the files holding code.
    static func compiledSources(description: URL) -> [String] {
        let modules = (try? ModuleCompile.read(description: description)) ?? [:]
        return modules.values.flatMap(\.sources).filter(FootprintStage.isTestsCode).sorted()
    }

    /// Each compiled source's module, as the build's description lists them; none when it cannot be read.
    static func compiledModules(description: URL) -> [String: String] {
        let modules = (try? ModuleCompile.read(description: description)) ?? [:]
        var byFile: [String: String] = [:]
        for compile in modules.values {
            for source in compile.sources { byFile[source] = compile.module }
        }
        return byFile
    }

    /// ``compiledSources(description:)``, or a problem when there are none: without them a declaration in a file of
    /// no code would go unread (a global variable, no state), so the footprints are not measured and every test runs
    /// alone.
    static func declarationSources(description: URL) throws -> [String] {
        let sources = compiledSources(description: description)
        guard !sources.isEmpty else {
            throw FootprintProblem(
                reason: "the build description \(description.lastPathComponent) lists no source: "
                    + "the declarations in files without code cannot be read")
        }
        return sources
    }

    /// The modules the build compiled in `configuration` (SwiftPM's `<Module>.build` folders): their code has
    /// coverage.
    static func builtModules(in build: URL, configuration: String) -> Set<String> {
        let folder = build.appendingPathComponent(configuration)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".build") }.map { String($0.dropLast(".build".count)) })
    }

    /// The modules the build's compiles were given module maps of (`-fmodule-map-file=` in its plan, `debug.yaml` or `release.yaml`):
    /// a system library's (GRDB's `GRDBSQLite`), which `#if canImport` finds though nothing compiled it, and
    /// whose code has no coverage.
    static func mappedModules(in build: URL, configuration: String) -> Set<String> {
        let plan =
            (try? String(contentsOf: build.appendingPathComponent("\(configuration).yaml"), encoding: .utf8)) ?? ""
        return Set(
            ModuleMaps.files(inPlan: plan).flatMap { url in
                ModuleMaps.modules((try? String(contentsOf: url, encoding: .utf8)) ?? "")
            })
    }
}

/// Clang module maps, as a build plan names them.
enum ModuleMaps {
    /// The module maps a build plan passes to its compiles (`"-fmodule-map-file=PATH"`, each argument a quoted
    /// string of the plan), once each.
    static func files(inPlan plan: String) -> [URL] {
        var paths: Set<String> = []
        var rest = plan[...]
        while let flag = rest.range(of: "-fmodule-map-file=") {
            var path = ""
            var escaped = false
            for character in rest[flag.upperBound...] {
                if escaped {
                    path.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" || character == "\n" {
                    break
                } else {
                    path.append(character)
                }
            }
            if !path.isEmpty { paths.insert(path) }
            rest = rest[flag.upperBound...]
        }
        return paths.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// The top-level modules a module map declares (`module CZlib [system] {`, `framework module X`), not its
    /// submodules: `module NAME` outside every brace, its comments and quoted paths left out.
    static func modules(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        var state = (quoted: false, lineComment: false, blockComment: false)
        var previous: Character = " "
        func end() {
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        for character in text {
            defer { previous = character }
            if state.lineComment {
                state.lineComment = character != "\n"
            } else if state.blockComment {
                state.blockComment = !(previous == "*" && character == "/")
            } else if state.quoted {
                state.quoted = character != "\""
            } else if character == "/" && previous == "/" || character == "*" && previous == "/" {
                word.removeLast()
                end()
                if character == "/" { state.lineComment = true } else { state.blockComment = true }
            } else if character == "\"" {
                end()
                state.quoted = true
            } else if character == "{" || character == "}" {
                end()
                tokens.append(String(character))
            } else if character.isWhitespace || character == "[" || character == "]" {
                end()
            } else {
                word.append(character)
            }
        }
        end()
        var names: [String] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token == "{" { depth += 1 }
            if token == "}" { depth -= 1 }
            if depth == 0, token == "module", index + 1 < tokens.count, !["{", "}", "*"].contains(tokens[index + 1]) {
                names.append(tokens[index + 1])
            }
        }
        return names
    }
}
