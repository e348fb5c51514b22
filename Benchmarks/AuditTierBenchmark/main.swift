// What each tier of the audit costs after the build, against one `swift test --skip-build` of the same
// build (the goal: the quick tier at most 3 times), per package, in one run:
//   1. a warm-up quick audit builds the package's tests in a build folder of the benchmark's (not timed
//      beyond the build it reports);
//   2. `swift test --skip-build` of that build, three times (the median is the baseline), and its test
//      binary run as `swift test` runs it (the XCTest tests, then Swift Testing's), without SwiftPM's
//      loading of the package graph, three times (a second ratio);
//   3. `litmus audit --quick --replay 7` and (unless --quick-only) the full `litmus audit --replay 7`, each
//      timed by its report: wall time minus build time;
//   4. the quick tier's floor: what its serial suite run and its share of alone processes cost at the
//      least, run by hand (`floor`), which no scheduling of the audit can go under.
// Generated packages of N tests (half XCTest, half Swift Testing, 50 per class or suite, each asserting
// one sum) show how the cost grows with the suite.
// Run: swift run -c release AuditTierBenchmark --litmus PATH [--generated 200,2000] [--quick-only NAME,…] PACKAGE…
import Foundation
import LitmusSupport

var arguments = Array(CommandLine.arguments.dropFirst())
/// A line on standard output, written at once (a redirected `print` waits for the buffer to fill).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
guard let litmusPath = option("--litmus") else {
    say("Give --litmus PATH (a release build: swift build -c release --product litmus)")
    exit(64)
}
let litmus = URL(fileURLWithPath: litmusPath)
let generated = (option("--generated") ?? "").split(separator: ",").compactMap { Int($0) }
let quickOnly = Set((option("--quick-only") ?? "").split(separator: ",").map(String.init))
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-tiers-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// A package of `count` tests: `Generated/Sources/Sums`, and its tests in classes and suites of 50.
@MainActor func generate(_ count: Int) throws -> URL {
    let package = scratch.appendingPathComponent("Generated\(count)")
    let sources = package.appendingPathComponent("Sources/Sums")
    let tests = package.appendingPathComponent("Tests/SumsTests")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try """
    // swift-tools-version: 6.1
    import PackageDescription
    let package = Package(
        name: "Generated\(count)",
        targets: [.target(name: "Sums"), .testTarget(name: "SumsTests", dependencies: ["Sums"])])
    """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "public func sum(_ a: Int, _ b: Int) -> Int { a + b }\n"
        .write(to: sources.appendingPathComponent("Sums.swift"), atomically: true, encoding: .utf8)
    for group in 0..<max(1, count / 50) {
        let xctest = group % 2 == 0
        var text =
            xctest
            ? "import XCTest\nimport Sums\n\nfinal class Sums\(group)Tests: XCTestCase {\n"
            : "import Testing\nimport Sums\n\n@Suite struct Sums\(group)Suite {\n"
        for index in 0..<min(50, count - group * 50) {
            let value = group * 50 + index
            text +=
                xctest
                ? "    func testSum\(index)() { XCTAssertEqual(sum(\(value), 1), \(value + 1)) }\n"
                : "    @Test func sum\(index)() { #expect(sum(\(value), 1) == \(value + 1)) }\n"
        }
        try (text + "}\n").write(
            to: tests.appendingPathComponent("Sums\(group).swift"), atomically: true, encoding: .utf8)
    }
    return package
}

@MainActor func run(_ executable: URL, _ arguments: [String], in folder: URL) async throws -> (
    status: Int32, seconds: Double
) {
    let start = ContinuousClock.now
    let result = try await ChildProcess.run(
        executable, arguments, in: folder, outputFile: scratch.appendingPathComponent("output-\(UUID()).txt"),
        timeout: 4 * 3600)
    return (result.status, (ContinuousClock.now - start).inSeconds)
}

/// The least the quick audit's own runs can cost on this machine, from its report: the suite run one test
/// at a time (XCTest's process, then Swift Testing's with `--no-parallel`, as the audit runs it for order
/// and durations without contention) plus one process per test of its alone share, each at the cost of one
/// alone process of that test's library (the median of 9), `processesAtOnce` at a time. Nothing else of
/// the audit (describe, parallel run, random half, coverage, judging) is counted.
@MainActor func floor(binary: URL, copy: URL, report: URL) async throws -> Double? {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
    let tests = (object["tests"] as? [[String: Any]] ?? []).filter { $0["aloneOutcome"] as? String != "notRun" }
    let width = ((object["conduct"] as? [String: Any])?["processesAtOnce"] as? Int).map { max(1, $0) } ?? 1
    var seconds = 0.0
    for library in ["XCTest", "Swift Testing"] {
        let alone = tests.filter { $0["library"] as? String == library }
        guard let id = alone.first?["id"] as? String else { continue }
        let arguments =
            library == "XCTest"
            ? [id]
            : [
                "--testing-library", "swift-testing", "--no-parallel", "--filter",
                "^" + NSRegularExpression.escapedPattern(for: id) + "$",
            ]
        var each: [Double] = []
        for _ in 0..<9 { each.append(try await run(binary, arguments, in: copy).seconds) }
        seconds += each.sorted()[4] * Double(alone.count) / Double(width)
    }
    seconds += try await run(binary, [], in: copy).seconds
    seconds += try await run(binary, ["--testing-library", "swift-testing", "--no-parallel"], in: copy).seconds
    return seconds
}

/// The report's wall time after the build, and its test count.
func afterBuild(_ report: URL) throws -> (seconds: Double, tests: Int, alone: Int) {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
    let wall = object["wallSeconds"] as? Double ?? .nan
    let build = object["buildSeconds"] as? Double ?? .nan
    let tests = object["tests"] as? [[String: Any]] ?? []
    return (wall - build, tests.count, tests.filter { $0["aloneOutcome"] as? String != "notRun" }.count)
}

let packages = try arguments.map { URL(fileURLWithPath: $0).standardizedFileURL } + generated.map(generate)
let swift = URL(fileURLWithPath: "/usr/bin/env")
say(
    "package | tests | swift test --skip-build (median of 3) | its test binary alone (median of 3) | quick after the build | "
        + "the quick tier's floor (its serial suite run and alone share) | full after the build"
)
say("---|---|---|---|---|---|---")
for package in packages {
    let name = package.lastPathComponent
    let build = scratch.appendingPathComponent("build-\(name)")
    let common = ["--replay", "7", "--build-path", build.path, "--quiet", "--no-history"]
    let warm = try await run(
        litmus,
        ["audit", package.path, "--quick"] + common + [
            "--json", scratch.appendingPathComponent("\(name)-warm.json").path,
        ], in: scratch)
    let built = try? afterBuild(scratch.appendingPathComponent("\(name)-warm.json"))
    guard built != nil else {
        say("\(name) | the warm-up audit wrote no report (exit \(warm.status))")
        continue
    }
    let copy = build.appendingPathComponent("package").appendingPathComponent(name)
    var baselines: [Double] = []
    for _ in 0..<3 {
        baselines.append(
            try await run(
                swift,
                [
                    "swift", "test", "--skip-build", "--package-path", copy.path, "--scratch-path",
                    build.appendingPathComponent("build").path,
                ], in: scratch
            ).seconds)
    }
    let baseline = baselines.sorted()[1]
    let products = build.appendingPathComponent("build")
    let binary =
        (FileManager.default.enumerator(at: products, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
        .first { $0.lastPathComponent.hasSuffix("PackageTests.xctest") && $0.path.contains("/debug/") }
    var direct: [Double] = []
    if let binary {
        for _ in 0..<3 {
            let xctest = try await run(binary, [], in: copy).seconds
            let swiftTesting = try await run(binary, ["--testing-library", "swift-testing"], in: copy).seconds
            direct.append(xctest + swiftTesting)
        }
    }
    let binaryBaseline = direct.isEmpty ? Double.nan : direct.sorted()[1]
    var cells: [String] = []
    var quickFloor = "n/a"
    for tier in ["quick", "full"] {
        if tier == "full", quickOnly.contains(name) {
            cells.append("not run (--quick-only)")
            continue
        }
        let report = scratch.appendingPathComponent("\(name)-\(tier).json")
        _ = try await run(
            litmus, ["audit", package.path] + (tier == "quick" ? ["--quick"] : []) + common + ["--json", report.path],
            in: scratch)
        guard let measured = try? afterBuild(report) else {
            cells.append("no report")
            continue
        }
        cells.append(
            String(
                format: "%.1f s, **%.1f times** (%.1f times the binary; %d alone)", measured.seconds,
                measured.seconds / baseline, measured.seconds / binaryBaseline, measured.alone))
        if tier == "quick", let binary, let least = try await floor(binary: binary, copy: copy, report: report) {
            quickFloor = String(format: "%.1f s, %.1f times", least, least / baseline)
        }
    }
    say(
        String(
            format: "%@ | %d | %.2f s (%@) | %.2f s (%@) | %@ | %@ | %@", name, built?.tests ?? 0, baseline,
            baselines.map { String(format: "%.2f", $0) }.joined(separator: ", "), binaryBaseline,
            direct.map { String(format: "%.2f", $0) }.joined(separator: ", "), cells[0], quickFloor, cells[1]))
}
