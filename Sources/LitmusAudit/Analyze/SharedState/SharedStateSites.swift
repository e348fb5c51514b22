import Foundation
import LitmusRunning
import LitmusSupport
import SwiftSyntax

/// The places in the sources a test binary was built from (the package's, its tests', its dependencies') where
/// code touches state tests can share (``StateAccess``), read with swift-syntax in two passes: each file's
/// declarations of global and static state, its calls of the toolchain's functions that touch such state
/// (``StateAPIs``) and its imports; then, in the files that name any declared state (or import a module built
/// without coverage), the references to it. Each file's results are kept by its contents' hash in `cache` (a
/// file in the kept build folder), so an unchanged dependency is read once.
package enum SharedStateSites {
    /// The accesses of `files` (absolute paths), by file. A module a file imports that is neither the
    /// toolchain's nor among `builtModules` (the modules the build compiled, with coverage) makes its functions
    /// unseen; `#if canImport` finds those and the other `importable` ones (a system library's), by default none.
    ///
    /// The state is declared in `files` and in `declaredIn`, the other sources the build compiled: coverage lists
    /// only files holding code, and a file of declarations alone (an enum's cases, `public var counter = 0`) still
    /// declares what the others name.
    ///
    /// `modules`: each compiled file's module, when known: a global of a `main.swift` is its module's alone. Then only
    /// the files of `declaredIn` whose module a covered file can name are read (``namedModules(covered:modules:)``):
    /// not a macro's or a build tool's sources (swift-syntax's, which the build compiles for the host and no test
    /// links), whose first reading with a debug `litmus` was 154 of a three-test package's 196 s of audit.
    package static func find(
        in files: [String], declaredIn: [String] = [], builtModules: Set<String>, importable: Set<String> = [],
        modules: [String: String] = [:], cache: URL?
    ) async throws -> [String: [StateAccess]] {
        let importable = importable.union(builtModules)
        let earlier = cache.flatMap(Kept.load) ?? Kept()
        // Only what this audit read is kept, so files that changed or went do not pile up.
        var kept = Kept()
        let covered = Set(files)
        let load = { (paths: [String]) in
            paths.compactMap { file in
                (try? String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)).map { (file, $0) }
            }
        }
        let coveredTexts = load(files)
        let named = namedModules(covered: coveredTexts, declaredIn: declaredIn, modules: modules)
        let texts =
            coveredTexts
            + load(
                declaredIn.filter { file in
                    !covered.contains(file)
                        && (named.map { names in modules[file].map(names.contains) ?? true } ?? true)
                })
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let known = earlier.facts
        // Which imports are compiled depends on the modules built: the facts are kept by both.
        let importHash = ContentHash.hex(importable.sorted().joined(separator: ","))
        let facts = try await concurrentMap(texts, width: width) { file, text in
            let hash = ContentHash.hex(text) + "-" + importHash
            return (hash, known[hash] ?? Facts.read(text, built: importable))
        }
        for (hash, fact) in facts { kept.facts[hash] = fact }
        // A file-private declaration is its file's: the facts, read from the text alone, do not say which.
        let declarations = zip(texts, facts).flatMap { text, fact in
            fact.1.declarations.map { declaration in
                var placed = declaration
                if placed.filePrivate { placed.file = text.0 }
                if placed.owner == nil, URL(fileURLWithPath: text.0).lastPathComponent == "main.swift" {
                    placed.module = modules[text.0]
                }
                if isResourceAccessor(text.0, text: text.1), placed.owner == "Bundle", placed.name == "module" {
                    placed.role = .fixedValue
                    placed.lazy = false
                    placed.dependsOn = nil
                }
                return placed
            }
        }
        let names = StateNames(StateDeclaration.state(of: declarations), functions: StateNames.functions(declarations))
        // Only the covered files' code can run in a test: the others are read for their declarations alone.
        let read = zip(texts, facts).filter { covered.contains($0.0.0) }
        let found = try await references(
            in: Array(read), names: names, builtModules: builtModules, modules: modules, earlier: earlier.references,
            into: &kept)
        if let cache { kept.write(to: cache) }
        var result: [String: [StateAccess]] = [:]
        for (((file, _), _), accesses) in zip(read, found) where !accesses.isEmpty { result[file] = accesses }
        return result
    }

    /// Whether `path` is the accessor SwiftPM generates for a target's resources (`<Target>.build/DerivedSources/
    /// resource_bundle_accessor.swift`): its `Bundle.module` is set lazily by its first reader, but to the same bundle
    /// whoever reads it first (found from the test binary's place and a path of the build), and a `Bundle` holds
    /// nothing a test changes in memory (its resources are files, which the footprint reads as such). A fixed
    /// value, then: FlyingFox 0.27.1 ran 6 tests alone for it. A package's own `static let module: Bundle` elsewhere
    /// is still state, and so is an accessor of another form: a `static var`, or one that reads the environment (the
    /// accessor of SwiftPM's other build system asks `ProcessInfo` for `PACKAGE_RESOURCE_BUNDLE_PATH`, which a test
    /// can set before the first reader).
    static func isResourceAccessor(_ path: String, text: String) -> Bool {
        path.hasSuffix("/DerivedSources/resource_bundle_accessor.swift") && text.contains("static let module: Bundle")
            && !text.contains("ProcessInfo")
    }

    /// The second pass: the accesses of each of `files` (its text, and its facts with their hash), its calls and
    /// the references to `names`, read again only when the file or what its references resolve to changed
    /// (`earlier`, by file, hash and a digest of every declaration and `builtModules`); what was read is put in
    /// `kept`.
    private static func references(
        in files: [((String, String), (String, Facts))], names: StateNames, builtModules: Set<String>,
        modules: [String: String], earlier references: [String: [StateAccess]], into kept: inout Kept
    ) async throws -> [[StateAccess]] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let all = names.all
        // What a file's references resolve to depends on every declaration and on the modules built.
        let declared = (names.globals.values.flatMap { $0 } + names.statics.values.flatMap { $0 }).map {
            (declaration: StateDeclaration) in
            "\(declaration.owner ?? "").\(declaration.name)\(declaration.lazy)\(declaration.file)\(declaration.module ?? "")"
        }
        let parts: [String] = [
            declared.sorted().joined(separator: ","), builtModules.sorted().joined(),
            names.functions.sorted().joined(separator: ","),
        ]
        let digest = ContentHash.hex(parts.joined(separator: "|"))
        let found = try await concurrentMap(files, width: width) { pair -> [StateAccess] in
            let ((file, text), (hash, fact)) = pair
            let opaque = fact.imports.first {
                !StateAPIs.toolchainModules.contains($0) && !builtModules.contains($0)
            }
            var accesses = fact.calls
            let key = "\(hash)-\(digest)-\(file)"
            if let cached = references[key] {
                accesses += cached
            } else if opaque != nil || !Self.words(of: text).isDisjoint(with: all) {
                let tree = SwiftSource.parse(text)
                let finder = StateReferenceFinder(
                    names: names, file: file, tree: tree, opaque: opaque, module: modules[file],
                    imports: Set(fact.imports))
                finder.walk(tree)
                accesses += finder.accesses
            }
            return accesses.map { access in
                var placed = access
                placed.file = file
                return placed
            }
        }
        for (((file, _), (hash, fact)), accesses) in zip(files, found) {
            kept.references["\(hash)-\(digest)-\(file)"] = accesses.dropFirst(fact.calls.count).map {
                (access: StateAccess) -> StateAccess in
                var bare = access
                bare.file = ""
                return bare
            }
        }
        return found
    }

    /// The modules whose declarations the covered files can name, when every covered file's module is known: their
    /// own, those they import, and those these re-export (`@_exported import`), read from the text; `nil` (every
    /// module) otherwise.
    static func namedModules(
        covered: [(String, String)], declaredIn: [String], modules: [String: String]
    ) -> Set<String>? {
        var named: Set<String> = []
        for (file, text) in covered {
            guard let module = modules[file] else { return nil }
            named.insert(module)
            named.formUnion(imports(in: text).all)
        }
        // What a named module re-exports is named too, through its own files (those of declarations only among them).
        var byModule: [String: [String]] = [:]
        for file in declaredIn { if let module = modules[file] { byModule[module, default: []].append(file) } }
        var pending = Array(named)
        var visited: Set<String> = []
        while let module = pending.popLast() {
            guard visited.insert(module).inserted else { continue }
            for file in byModule[module] ?? [] {
                guard let text = try? String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8),
                    text.contains("@_exported")
                else { continue }
                for exported in imports(in: text).exported where !named.contains(exported) {
                    named.insert(exported)
                    pending.append(exported)
                }
            }
        }
        return named
    }

    /// The modules `text` imports, by its lines (`import X`, `@testable import X`, `import struct X.Y`,
    /// `@_exported import X`), and those it re-exports.
    static func imports(in text: String) -> (all: Set<String>, exported: Set<String>) {
        var all: Set<String> = []
        var exported: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            var isExported = false
            while let first = words.first,
                first.hasPrefix("@") || ["public", "internal", "package", "private"].contains(first)
            {
                if first == "@_exported" { isExported = true }
                words = words.dropFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            let kinds: Set<Substring> = [
                "struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor",
            ]
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            all.insert(String(module))
            if isExported { exported.insert(String(module)) }
        }
        return (all, exported)
    }

    /// The identifiers of a text, cheaply: whether a file can name any declared state at all.
    static func words(of text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }

    /// What the first pass reads of one file (its accesses without a file: the same text anywhere reads the same).
    struct Facts: Codable, Sendable, Hashable {
        var declarations: [StateDeclaration]
        var calls: [StateAccess]
        var imports: [String]

        /// The facts of `text`, its imports those compiled when the build compiled the modules `built` (when
        /// known).
        static func read(_ text: String, built: Set<String>? = nil) -> Facts {
            let tree = SwiftSource.parse(text)
            let declarations = StateDeclarationFinder(built: built)
            declarations.walk(tree)
            let calls = StateCallFinder(file: "", tree: tree, built: built)
            calls.walk(tree)
            return Facts(declarations: declarations.declarations, calls: calls.accesses, imports: calls.imports)
        }
    }

    /// The cache: facts by a file's hash, references by its hash and the names they were resolved against.
    struct Kept: Codable, Sendable {
        static let version = 15
        var version = Kept.version
        var facts: [String: Facts] = [:]
        var references: [String: [StateAccess]] = [:]

        static func load(from url: URL) -> Kept? {
            guard let data = try? Data(contentsOf: url), let kept = try? JSONDecoder().decode(Kept.self, from: data),
                kept.version == version
            else { return nil }
            return kept
        }

        func write(to url: URL) {
            try? JSONEncoder().encode(self).write(to: url, options: .atomic)
        }
    }
}
