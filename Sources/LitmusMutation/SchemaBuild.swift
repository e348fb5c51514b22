import Foundation
import LitmusModel
import LitmusRunning
import LitmusSupport

/// The package copy with every mutant compiled in: the schemata written over the copy's sources, one
/// support file per mutated module, and a build that drops the mutants the compiler rejects until it
/// succeeds, so the build never fails because of Litmus.
package struct SchemaBuild {
    /// One mutated file of the copy.
    package struct File {
        /// Its path relative to the package.
        package var path: String
        /// The folder of its target, relative to the package.
        var module: String
        /// Its number, for its sanity probe (from 1).
        var number: Int
        /// Its original text.
        package var text: String
        /// Its mutants.
        package var mutants: [Mutant]
    }

    let workspace: PackageWorkspace
    let toolchain: Toolchain
    /// Flags of `swift build` besides the package and scratch paths (the audit's, after an audit).
    let buildArguments: [String]
    package var files: [File] = []
    /// The mutants the compiler rejected, with its reason.
    package var rejected: [Int: String] = [:]

    /// Finds the mutants of every Swift file in `sourceFolders` (relative to the package), numbered in
    /// the order of the sorted paths. The sources are read from the package itself: the copy may still
    /// hold the last run's schemata (``SchemaManifest``). With the `previous` build's manifest, the mutants
    /// it saw rejected in files that did not change are dropped at once.
    package init(
        workspace: PackageWorkspace, toolchain: Toolchain, sourceFolders: [String], buildArguments: [String] = [],
        previous: SchemaManifest? = nil
    ) throws {
        self.workspace = workspace
        self.toolchain = toolchain
        self.buildArguments = buildArguments
        var nextID = 1
        for folder in sourceFolders.sorted() {
            for path in try Self.swiftFiles(in: folder, root: workspace.original) {
                let text = try String(contentsOf: workspace.original.appendingPathComponent(path), encoding: .utf8)
                let mutants = MutationSource(path: path, text: text).mutants(firstID: nextID)
                guard !mutants.isEmpty else { continue }
                nextID += mutants.count
                files.append(File(path: path, module: folder, number: files.count + 1, text: text, mutants: mutants))
            }
        }
        rejected = previous?.rejections(of: files, original: workspace.original) ?? [:]
    }

    /// Every mutant, in id order.
    package var mutants: [Mutant] { files.flatMap(\.mutants) }

    /// Writes the schemata and support files, then builds the tests, dropping rejected mutants and
    /// rebuilding (at most `rounds` times). Returns the test binary.
    package mutating func build(rounds: Int = 12, log: (String) -> Void) async throws -> URL {
        let count = mutants.last?.id ?? 0
        var support: [String: String] = [:]
        for module in Set(files.map(\.module)) {
            let path = module + "/" + Schema.supportFileName
            support[path] = Schema.supportFile(mutantCount: count)
            try writeIfChanged(support[path] ?? "", to: path)
        }
        var schemata: [String: Schema] = [:]
        for file in files { schemata[file.path] = try write(file) }
        let logs = try workspace.folder("logs")
        workspace.replanIfFilesMoved()
        for round in 1...rounds {
            let result = try await workspace.runSwift(
                toolchain.swift,
                ["build", "--build-tests"] + buildArguments
                    + ["--package-path", workspace.package.path, "--scratch-path", workspace.build.path],
                outputFile: logs.appendingPathComponent("build-\(round).txt"), timeout: 3600)
            if result.status == 0 {
                if let kept = workspace.kept {
                    try? SchemaManifest(
                        files: files, schemata: schemata.mapValues { ContentHash.hex($0.text) }, support: support,
                        rejected: rejected, original: workspace.original
                    ).save(to: kept)
                }
                return try testBinary()
            }
            var blamedFiles: Set<String> = []
            for file in files {
                guard let schema = schemata[file.path] else { continue }
                let absolute = workspace.package.appendingPathComponent(file.path).path
                for error in CompilerErrors.parse(result.output, file: absolute) {
                    // A type checker that gave up blames the whole statement's mutants; any other error
                    // the code it points at, else the statement's, else the body's (an error at its
                    // closing brace, as "missing return" is).
                    var blamed =
                        error.givesUp ? [] : schema.mutants(blamedFor: error.line, column: error.column)
                    if blamed.isEmpty { blamed = schema.mutants(inStatementAt: error.line, column: error.column) }
                    if blamed.isEmpty { blamed = schema.mutants(inBodyAt: error.line, column: error.column) }
                    for id in blamed.sorted() where rejected[id] == nil {
                        rejected[id] = error.message
                        blamedFiles.insert(file.path)
                    }
                }
            }
            guard !blamedFiles.isEmpty else {
                let build = PackageBuild(arguments: buildArguments)
                if let rejected = BuildStage.rejection(result, arguments: buildArguments) { throw rejected }
                throw BuildStage.failure(
                    path: workspace.original.path, errors: workspace.buildErrors(in: result.output), build: build)
            }
            log("Build \(round): \(rejected.count) mutants rejected by the compiler so far; rebuilding without them")
            for file in files where blamedFiles.contains(file.path) { schemata[file.path] = try write(file) }
        }
        throw AuditError.buildFailed(
            path: workspace.original.path, errors: ["still failing after \(rounds) builds without rejected mutants"])
    }

    private func write(_ file: File) throws -> Schema {
        let schema = Schema(
            source: file.text, mutants: file.mutants, fileNumber: file.number, excluding: Set(rejected.keys))
        try writeIfChanged(schema.text, to: file.path)
        return schema
    }

    /// Writes `text` to `path` in the copy unless it holds it already: an untouched file keeps its
    /// modification time, so SwiftPM does not compile its module again.
    private func writeIfChanged(_ text: String, to path: String) throws {
        let file = workspace.package.appendingPathComponent(path)
        if let existing = try? Data(contentsOf: file), existing == Data(text.utf8) { return }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func testBinary() throws -> URL {
        let debug = workspace.build.appendingPathComponent(PackageBuild(arguments: buildArguments).configurationFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw AuditError.noTestBinary(path: workspace.original.path)
        }
        return debug.appendingPathComponent(name)
    }

    private static func swiftFiles(in folder: String, root: URL) throws -> [String] {
        let base = root.appendingPathComponent(folder).standardizedFileURL.path
        return SwiftFiles.under(root.appendingPathComponent(folder)).map { folder + $0.path.dropFirst(base.count) }
    }
}
