// The cost per mutant of three ways to test mutants, on one package and one sample of its mutants,
// each starting from the same point: the package already built once for its tests (the audit's build,
// or a CI cache's), in one build folder the three take turns in.
// (a) Litmus (one build with schemata, each mutant against its covering tests only, in parallel);
// (b) a rebuild per mutant and the whole suite (muter before schemata, cargo-mutants);
// (c) one build with schemata and the whole suite per mutant, one at a time (muter today).
// Run: swift run -c release MutationBenchmark [PACKAGE] [SAMPLE]   (default: Tests/Fixtures/Mutation, 6)
import Foundation
import LitmusAudit
import LitmusMutation
import LitmusSupport

let arguments = CommandLine.arguments
let package = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "Tests/Fixtures/Mutation").standardizedFileURL
let sampleSize = arguments.count > 2 ? Int(arguments[2]) ?? 6 : 6

func timed(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    return (ContinuousClock.now - start).inSeconds
}

let toolchain = try Toolchain.locate()
func swift(_ arguments: [String], in workspace: PackageWorkspace, environment: [String: String] = [:]) async throws
    -> ChildProcessResult
{
    try await workspace.runSwift(
        toolchain.swift,
        arguments + ["--package-path", workspace.package.path, "--scratch-path", workspace.build.path],
        environment: environment,
        outputFile: try workspace.folder("logs").appendingPathComponent("\(UUID().uuidString).txt"), timeout: 3600)
}

/// The one build folder: a copy of the package and its build, synced from the package each time it is
/// taken (so the sources a turn mutated are the package's again), built for its tests (not timed).
let buildFolder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-benchmark-\(UUID().uuidString)")
nonisolated(unsafe) var workspaces: [PackageWorkspace] = []
defer {
    for workspace in workspaces { workspace.remove() }
    try? FileManager.default.removeItem(at: buildFolder)
}
func builtWorkspace() async throws -> PackageWorkspace {
    let workspace = try PackageWorkspace.make(copying: package, buildFolder: buildFolder)
    workspaces.append(workspace)
    let build = try await swift(["build", "--build-tests"], in: workspace)
    guard build.status == 0 else {
        print("\(package.path) does not build: \(build.output.suffix(2000))")
        exit(2)
    }
    return workspace
}
let coldBuild = try await timed { _ = try await builtWorkspace() }
print(String(format: "package %@: built once for its tests in %.1f s (not counted below)", package.path, coldBuild))

// (a) Litmus, whole run from the built package: its schemata build (the mutated modules compiled
// again) is counted in its cost per mutant.
var litmus = MutationTesting(package: package, buildFolder: buildFolder)
litmus.reuseResults = false
let report = try await litmus.run()
let ran = report.results.filter { $0.status != .compileError }
let litmusPerMutant = report.wallSeconds / Double(max(ran.count, 1))
let covered = ran.filter { $0.status != .noCoverage }.map(\.mutant)
let stride = max(1, covered.count / max(sampleSize, 1))
let sample = Array(Swift.stride(from: 0, to: covered.count, by: stride).map { covered[$0] }.prefix(sampleSize))
print("\(report.results.count) mutants, \(report.tests.count) tests")
print(
    String(
        format: "(a) litmus: %.1f s wall for %d mutants, %.3f s per mutant (schemata build %.1f s included)",
        report.wallSeconds, ran.count, litmusPerMutant, report.buildSeconds))

// (b) A rebuild per mutant (the mutant written into the source), then the whole suite.
let plain = try await builtWorkspace()
var rebuildTotal = 0.0
for mutant in sample {
    let file = plain.package.appendingPathComponent(mutant.file)
    let original = try Data(contentsOf: file)
    var bytes = [UInt8](original)
    bytes.replaceSubrange(mutant.changed, with: Array(mutant.replacement.utf8))
    try Data(bytes).write(to: file)
    rebuildTotal += try await timed {
        let build = try await swift(["build", "--build-tests"], in: plain)
        if build.status == 0 { _ = try await swift(["test", "--skip-build"], in: plain) }
    }
    try original.write(to: file)
}
let rebuildPerMutant = rebuildTotal / Double(max(sample.count, 1))
print(
    String(
        format: "(b) rebuild per mutant + whole suite: %.3f s per mutant (%d sampled)", rebuildPerMutant, sample.count))

// (c) One build with schemata from the built package (counted, spread over every mutant), then the
// whole suite per mutant.
let schemata = try await builtWorkspace()
let layout = try await MutationTesting.describe(schemata, toolchain: toolchain)
func buildSchemata() async throws -> Double {
    var build = try SchemaBuild(workspace: schemata, toolchain: toolchain, sourceFolders: layout.sourceFolders)
    return try await timed { _ = try await build.build { _ in } }
}
let buildSeconds = try await buildSchemata()
var suiteTotal = 0.0
for mutant in sample {
    suiteTotal += try await timed {
        _ = try await swift(["test", "--skip-build"], in: schemata, environment: ["LITMUS_MUTANT": String(mutant.id)])
    }
}
let wholeSuitePerMutant = suiteTotal / Double(max(sample.count, 1)) + buildSeconds / Double(max(ran.count, 1))
print(
    String(
        format: "(c) one build + whole suite per mutant: %.3f s per mutant (schemata build %.1f s spread over %d)",
        wholeSuitePerMutant, buildSeconds, ran.count))
print(
    String(
        format: "litmus is %.1fx faster than (b) and %.1fx faster than (c)", rebuildPerMutant / litmusPerMutant,
        wholeSuitePerMutant / litmusPerMutant))
