// The static analysis of a package's test sources as the audit runs it (TestSourceAnalyzer on every
// test target, helpers followed, smells read), timed on the toolkit's own tests, the largest suite here.
// Issue 33's goal: with the smell checks it takes at most 1.5 times what it took before them (the
// baseline is this same file built on the commit before them; docs/audit.md gives the figures).
// Test targets are taken as the folders `Tests/*Tests`, their `Fixtures` and `Resources` left out, so
// that the same file measures a commit that has no `litmus smells`.
// Run: swift run -c release AnalysisBenchmark [PACKAGE] [RUNS] [BUILD]   (default: the current folder, 5 runs)
// With BUILD, the package's SwiftPM build folder (`.build`, built with `--build-tests`), it also times the
// typed facts (issue 48) in the same run, as ratios to the analysis alone: the dump of every test module's
// typed AST (the kept facts deleted first), reading the kept facts (what a second audit does), and the
// analysis deciding its findings with them.
import Foundation
import LitmusAudit

let arguments = CommandLine.arguments
let package = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : ".")
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

/// The Swift files of each `Tests/*Tests` folder, by module, without fixtures and resources.
func testModules(of package: URL) -> [String: [URL]] {
    let tests = package.appendingPathComponent("Tests")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
    var modules: [String: [URL]] = [:]
    for folder in folders.sorted() where folder.hasSuffix("Tests") {
        let root = tests.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        modules[folder] = (walker?.compactMap { $0 as? URL } ?? []).filter { url in
            url.pathExtension == "swift" && !url.path.contains("/Fixtures/") && !url.path.contains("/Resources/")
        }.sorted { $0.path < $1.path }
    }
    return modules
}

/// The seconds `body` takes.
func seconds(_ body: () async -> Void) async -> Double {
    let start = ContinuousClock.now
    await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The median of `runs` timings of `body`.
func median(_ body: () async -> Void) async -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(await seconds(body)) }
    return times.sorted()[times.count / 2]
}

let modules = testModules(of: package)
let files = modules.values.reduce(0) { $0 + $1.count }
var findings = 0
let alone = await median { findings = TestSourceAnalyzer().analyze(modules: modules).findings.count }
print(
    "Analysis of \(files) test files in \(modules.count) targets: median \(String(format: "%.3f", alone)) s "
        + "of \(runs) runs, \(findings) findings")

if arguments.count > 3 {
    let build = URL(fileURLWithPath: arguments[3]).standardizedFileURL
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("analysis-benchmark-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let stage = TypedFactsStage(build: build, modules: modules, scratch: scratch)
    try? FileManager.default.removeItem(at: build.appendingPathComponent("litmus-typed"))
    var facts = TypedFacts(problem: nil)
    let dump = await seconds { facts = await stage.read() }
    let kept = await median { facts = await stage.read() }
    var analyzer = TestSourceAnalyzer()
    analyzer.typedFacts = facts
    var typedFindings = 0
    let typed = await median { typedFindings = analyzer.analyze(modules: modules).findings.count }
    func ratio(_ value: Double) -> String { String(format: "%.3f s, %.2fx the analysis alone", value, value / alone) }
    print("Typed facts of \(facts.files.count) files\(facts.problem.map { " (\($0))" } ?? ""):")
    print("  dump of every test module (once): \(ratio(dump))")
    print("  reading the kept facts (median): \(ratio(kept))")
    print("  analysis with the facts (median): \(ratio(typed)), \(typedFindings) findings")
    print("  an audit's static analysis, kept facts: \(ratio(kept + typed)); first audit: \(ratio(dump + typed))")
}
