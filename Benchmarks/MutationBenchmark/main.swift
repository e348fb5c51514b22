// The cost per mutant of three ways to test mutants, on one package and one sample of its mutants:
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

// (a) Litmus, whole run: its cost per mutant includes its one build.
let report = try await MutationTesting(package: package).run()
let ran = report.results.filter { $0.status != .compileError }
let litmusPerMutant = report.wallSeconds / Double(max(ran.count, 1))
let covered = ran.filter { $0.status != .noCoverage }.map(\.mutant)
let stride = max(1, covered.count / max(sampleSize, 1))
let sample = Array(Swift.stride(from: 0, to: covered.count, by: stride).map { covered[$0] }.prefix(sampleSize))
print("package \(package.path): \(report.results.count) mutants, \(report.tests.count) tests")
print(
    String(
        format: "(a) litmus: %.1f s wall for %d mutants, %.3f s per mutant (build %.1f s included)",
        report.wallSeconds, ran.count, litmusPerMutant, report.buildSeconds))

let toolchain = try Toolchain.locate()
func swift(_ arguments: [String], in workspace: PackageWorkspace, environment: [String: String] = [:]) async throws
    -> ChildProcessResult
{
    try await ChildProcess.run(
        toolchain.swift,
        arguments + ["--package-path", workspace.package.path, "--scratch-path", workspace.build.path],
        in: workspace.package, environment: environment,
        outputFile: try workspace.folder("logs").appendingPathComponent("\(UUID().uuidString).txt"), timeout: 3600)
}

// (b) A rebuild per mutant (the mutant written into the source), then the whole suite.
let plain = try PackageWorkspace.make(copying: package, buildFolder: nil)
defer { plain.remove() }
_ = try await swift(["build", "--build-tests"], in: plain)
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
print(
    String(
        format: "(b) rebuild per mutant + whole suite: %.3f s per mutant (%d sampled)",
        rebuildTotal / Double(max(sample.count, 1)), sample.count))

// (c) One build with schemata (counted, spread over every mutant), then the whole suite per mutant.
let schemata = try PackageWorkspace.make(copying: package, buildFolder: nil)
defer { schemata.remove() }
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
        format: "(c) one build + whole suite per mutant: %.3f s per mutant (build %.1f s spread over %d)",
        wholeSuitePerMutant, buildSeconds, ran.count))
print(
    String(
        format: "litmus is %.1fx faster than (b) and %.1fx faster than (c)",
        rebuildTotal / Double(max(sample.count, 1)) / litmusPerMutant, wholeSuitePerMutant / litmusPerMutant))
