// The static analysis of a package's test sources as the audit runs it (TestSourceAnalyzer on every
// test target, helpers followed, smells read), timed on the toolkit's own tests, the largest suite here.
// Issue 33's goal: with the smell checks it takes at most 1.5 times what it took before them (the
// baseline is this same file built on the commit before them; docs/audit.md gives the figures).
// Test targets are taken as the folders `Tests/*Tests`, their `Fixtures` and `Resources` left out, so
// that the same file measures a commit that has no `litmus smells`.
// Run: swift run -c release AnalysisBenchmark [PACKAGE] [RUNS]   (default: the current folder, 5 runs)
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

let modules = testModules(of: package)
let files = modules.values.reduce(0) { $0 + $1.count }
var times: [Double] = []
var findings = 0
for _ in 0..<runs {
    let start = ContinuousClock.now
    let analysis = TestSourceAnalyzer().analyze(modules: modules)
    let elapsed = ContinuousClock.now - start
    findings = analysis.findings.count
    times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
let sorted = times.sorted()
print(
    "Analysis of \(files) test files in \(modules.count) targets: median \(String(format: "%.3f", sorted[sorted.count / 2])) s "
        + "of \(runs) runs (min \(String(format: "%.3f", sorted[0])) s), \(findings) findings")
