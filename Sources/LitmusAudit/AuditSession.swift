import Foundation

/// The state of one audit between its phases.
struct AuditSession {
    let audit: Audit
    let workspace: PackageWorkspace
    let binary: TestBinary
    let analysis: SourceAnalysis
    let progress: @Sendable (AuditProgress) -> Void

    var xctests: [TestIdentity] = []
    var tests: [TestIdentity] = []
    var suiteRuns: [TestBinary.Run] = []
    var alone: [String: TestResult] = [:]
    var subsetRuns: [TestBinary.Run] = []
    var parallelRun: TestBinary.Run?
    var findings: [Finding] = []
    var failingTests: [String] = []
    var coverage: CoverageReport?
    var coveredLines: [String: [String: String]] = [:]
    var timedOutRuns: [TimedOutRun] = []

    init(
        audit: Audit, workspace: PackageWorkspace, binary: TestBinary, analysis: SourceAnalysis,
        progress: @escaping @Sendable (AuditProgress) -> Void
    ) {
        self.audit = audit
        self.workspace = workspace
        self.binary = binary
        self.analysis = analysis
        self.progress = progress
    }

    private var width: Int {
        audit.options.parallelism > 0 ? audit.options.parallelism : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Lists the XCTest tests, runs the whole suite `runs` times, and learns the Swift Testing tests
    /// from the first run's event stream.
    mutating func discoverAndRunSuite() async throws {
        let listed = try await binary.listXCTests()
        xctests = listed.map { test in
            var located = test
            if let type = test.xctestClass, let method = test.id.split(separator: "/").last,
                let declaration = analysis.classes.first(where: {
                    $0.name == type && $0.testMethods[String(method)] != nil
                })
            {
                located.file = relative(declaration.file)
                located.line = declaration.testMethods[String(method)]
            }
            return located
        }
        let runs = max(1, audit.options.runs)
        progress(.phase("Running the whole suite \(runs) times"))
        var swiftTests: [TestIdentity] = []
        for index in 1...runs {
            let binary = self.binary
            let known = xctests
            async let xctestRun =
                known.isEmpty ? nil : binary.runXCTests(nil, known: known, profile: "suite-\(index)-x")
            async let swiftRun = binary.runSwiftTests(nil, profile: "suite-\(index)-s")
            let (x, s) = try await (xctestRun, swiftRun)
            if swiftTests.isEmpty {
                swiftTests = s.declared.map { test in
                    var located = test
                    located.file = test.file.map(relative)
                    return located
                }
            }
            let merged = TestBinary.Run(merging: [x, s].compactMap { $0 })
            record(merged, as: "suite run \(index) of \(runs)")
            suiteRuns.append(merged)
            progress(.step(done: index, total: runs))
        }
        tests = xctests + swiftTests
        if !swiftTests.isEmpty {
            // Swift Testing's own default: every test at once, as `swift test` runs them.
            let run = try await binary.runSwiftTests(nil, profile: "parallel", parallel: true)
            record(run, as: "parallel suite run")
            parallelRun = run
        }
    }

    /// Runs every test alone in a fresh process, `width` at once.
    mutating func runEachAlone() async throws {
        progress(.phase("Running each of \(tests.count) tests alone, \(width) at a time"))
        let binary = self.binary
        let all = xctests
        let indexed = Array(tests.enumerated())
        let progress = self.progress
        let total = tests.count
        let runs = try await concurrentMap(indexed, width: width) { pair in
            try await binary.run([pair.element], all: all, profile: "alone-\(pair.offset)")
        } onEach: { done in
            progress(.step(done: done, total: total))
        }
        for (test, run) in zip(tests, runs) {
            alone[test.id] = run.results[test.id]
            record(run, as: "\(test.name) alone")
        }
    }

    /// Runs random halves of the suite, each in one process, chosen from the seed.
    mutating func runRandomSubsets() async throws {
        guard audit.options.randomSubsets > 0, tests.count > 2 else { return }
        progress(.phase("Running \(audit.options.randomSubsets) random halves of the suite (seed \(audit.seed))"))
        let halves = RandomHalves.choose(from: tests, count: audit.options.randomSubsets, seed: audit.seed)
        for (index, half) in halves.enumerated() {
            let run = try await binary.run(half, all: xctests, profile: "subset-\(index + 1)")
            record(run, as: "random half \(index + 1) of \(halves.count)", seed: audit.seed)
            subsetRuns.append(run)
            progress(.step(done: index + 1, total: halves.count))
        }
    }

    /// Decides Fast, Repeatable and Isolated for every test, bisecting to name polluters.
    mutating func classify() async throws {
        progress(.phase("Comparing runs; bisecting any test that behaves differently among the others"))
        for test in tests {
            let outcomes = suiteOutcomes(test)
            let flips = Statistics.flipRate(outcomes)
            let aloneOutcome = alone[test.id]?.outcome ?? .notRun
            if flips > 0 {
                let passes = outcomes.filter { $0 == .passed }.count
                findings.append(
                    finding(
                        .flaky, test,
                        "\(test.name) passed \(passes) of \(outcomes.count) identical runs (flip rate \(format(flips)))"
                    ))
            } else if let killed = timedOutRuns.first(where: { $0.unfinished.contains(test.id) }),
                outcomes.first == .crashed || aloneOutcome == .crashed
            {
                findings.append(
                    finding(
                        .crashed, test,
                        "\(test.name) ran past the \(seconds(audit.options.timeoutSeconds)) time limit (--timeout) and was killed (\(killed.run))"
                    ))
            } else if outcomes.first == .crashed || aloneOutcome == .crashed {
                findings.append(
                    finding(.crashed, test, "\(test.name) crashed or timed out (\(issues(test).first ?? "no message"))")
                )
            } else if let first = outcomes.first {
                if first == .passed && aloneOutcome.isFailure {
                    let culprits = try await bisect(test, in: suiteRuns[0], wantFailure: false)
                    findings.append(
                        finding(
                            .passesOnlyWithOthers, test,
                            "\(test.name) passes among the others and fails alone: it needs \(names(culprits)) to run first"
                        ))
                } else if first.isFailure && aloneOutcome == .passed {
                    let culprits = try await bisect(test, in: suiteRuns[0], wantFailure: true)
                    findings.append(
                        finding(
                            .failsOnlyWithOthers, test,
                            "\(test.name) passes alone and fails after \(names(culprits)), which pollutes shared state")
                    )
                } else if first == .passed && aloneOutcome == .passed,
                    let subset = subsetRuns.first(where: { $0.results[test.id]?.outcome.isFailure == true })
                {
                    let culprits = try await bisect(test, in: subset, wantFailure: true)
                    findings.append(
                        finding(
                            .failsOnlyWithOthers, test,
                            "\(test.name) fails after \(names(culprits)) in a random half of the suite (seed \(audit.seed))"
                        ))
                } else if first.isFailure && aloneOutcome.isFailure,
                    parallelRun?.results[test.id]?.outcome == .passed
                {
                    findings.append(
                        finding(
                            .passesOnlyWithOthers, test,
                            "\(test.name) fails alone and one test at a time, and passes only when the suite runs in parallel "
                                + "(Swift Testing's default, as under swift test): it depends on another test having run"
                        ))
                } else if first == .passed && aloneOutcome == .passed,
                    parallelRun?.results[test.id]?.outcome.isFailure == true
                {
                    findings.append(
                        finding(
                            .failsOnlyWithOthers, test,
                            "\(test.name) passes alone and one test at a time, and fails when the suite runs in parallel: "
                                + "it shares state with a test running at the same time"))
                } else if first.isFailure && aloneOutcome.isFailure {
                    failingTests.append(test.id)
                }
            }
            let durations = durations(test)
            let median = Statistics.median(durations)
            if median > audit.options.budgetMilliseconds {
                findings.append(
                    finding(
                        .slowTest, test,
                        "\(test.name) takes \(Int(median.rounded())) ms (median of \(durations.count) runs), over the \(Int(audit.options.budgetMilliseconds)) ms budget"
                    ))
            }
        }
    }

    /// Adds what the static analysis found, and the test classes and specs that never ran.
    mutating func addStaticFindings() {
        for found in analysis.findings {
            var mapped = found
            mapped.file = found.file.map(relative)
            mapped.test = identity(matching: found)?.id
            findings.append(mapped)
        }
        let ranClasses = Set(xctests.compactMap(\.xctestClass))
        #if canImport(ObjectiveC)
            let built = analysis.classes
        #else
            let built = analysis.classes.filter { !$0.appleOnly }
        #endif
        for declaration in built where !declaration.ran(among: ranClasses) {
            let what = declaration.isSpec ? "The spec" : "The test class"
            let why =
                declaration.isSpec
                ? "on Linux a QuickSpec runs only when an entry point (QCKMain) lists it"
                : "its tests are not discovered"
            findings.append(
                Finding(
                    kind: .neverRan, test: declaration.name, file: relative(declaration.file), line: declaration.line,
                    message: "\(what) \(declaration.name) is in the sources and never ran: \(why)"))
        }
    }

    /// Coverage of the sources over every run, and the lines each test executes alone.
    mutating func measureCoverage(layout: PackageLayout, profdata: URL, cov: URL) async throws {
        let profiles = binary.scratch.appendingPathComponent("profiles")
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? []).filter {
            $0.hasSuffix(".profraw")
        }
        guard !all.isEmpty else { return }
        let root = workspace.package.path + "/"
        let folders = layout.sourceFolders.map { root + $0 + "/" }
        let include: @Sendable (String) -> String? = { path in
            guard folders.contains(where: { path.hasPrefix($0) }) else { return nil }
            return String(path.dropFirst(root.count))
        }
        let logs = try workspace.folder("logs")
        let timeout = audit.options.timeoutSeconds
        let binary = self.binary
        let scratchRoot = workspace.root
        @Sendable func merge(_ names: [String], into output: URL) async throws -> Bool {
            let list = output.appendingPathExtension("inputs")
            try names.map { profiles.appendingPathComponent($0).path }.joined(separator: "\n").write(
                to: list, atomically: true, encoding: .utf8)
            let result = try await ChildProcess.run(
                profdata, ["merge", "-sparse", "--input-files=\(list.path)", "-o", output.path], in: scratchRoot,
                outputFile: output.appendingPathExtension("log"), timeout: timeout)
            return result.status == 0
        }
        let total = logs.appendingPathComponent("all.profdata")
        guard try await merge(all, into: total) else { return }
        let exportFile = logs.appendingPathComponent("export.json")
        let export = try await ChildProcess.run(
            cov, ["export", "-summary-only", "-instr-profile", total.path, binary.executable.path], in: workspace.root,
            outputFile: exportFile, timeout: timeout)
        guard export.status == 0 else { return }
        let files = try CoverageReader.files(fromExport: Data(export.output.utf8), include: include)
        let lines = files.reduce((0, 0)) { ($0.0 + $1.coveredLines, $0.1 + $1.lines) }
        let regions = files.reduce((0, 0)) { ($0.0 + $1.coveredRegions, $0.1 + $1.regions) }
        coverage = CoverageReport(
            linePercent: percent(lines.0, lines.1), regionPercent: percent(regions.0, regions.1), files: files)
        for file in files where file.coveredLines == 0 && file.lines > 0 {
            findings.append(
                Finding(
                    kind: .uncoveredFile, file: file.file,
                    message: "\(file.file) is never executed by any test (\(file.lines) executable lines)"))
        }
        // Per test: the lines it executes alone, for mutation testing.
        let sourceFiles = files.map { root + $0.file }
        let indexed = Array(tests.enumerated())
        let progress = self.progress
        let count = tests.count
        let perTest = try await concurrentMap(indexed, width: width) { pair -> [String: String] in
            let prefix = "alone-\(pair.offset)-"
            let own = all.filter { $0.hasPrefix(prefix) }
            let output = logs.appendingPathComponent("test-\(pair.offset).profdata")
            guard !own.isEmpty, !sourceFiles.isEmpty, try await merge(own, into: output) else { return [:] }
            let lcov = try await ChildProcess.run(
                cov, ["export", "-format=lcov", "-instr-profile", output.path, binary.executable.path] + sourceFiles,
                in: scratchRoot, outputFile: output.appendingPathExtension("lcov"), timeout: timeout)
            return lcov.status == 0 ? CoverageReader.coveredLines(fromLcov: lcov.output, include: include) : [:]
        } onEach: { done in
            progress(.step(done: done, total: count))
        }
        for (test, lines) in zip(tests, perTest) { coveredLines[test.id] = lines }
    }

    /// The finished report.
    func report(wallSeconds: Double, buildSeconds: Double) -> AuditReport {
        let testReports = tests.map { test in
            let durations = durations(test)
            return TestReport(
                id: test.id, name: test.name, library: test.library, file: test.file, line: test.line,
                suiteOutcomes: suiteOutcomes(test), aloneOutcome: alone[test.id]?.outcome ?? .notRun,
                durationsMilliseconds: durations, medianMilliseconds: Statistics.median(durations),
                flipRate: Statistics.flipRate(suiteOutcomes(test)), issues: issues(test),
                coveredLines: coveredLines[test.id] ?? [:])
        }
        let sortedFindings = findings.sorted {
            ($0.letter, $0.location ?? "", $0.message) < ($1.letter, $1.location ?? "", $1.message)
        }
        return ReportAssembly.assemble(
            package: audit.package.path, seed: audit.seed, options: audit.options, wallSeconds: wallSeconds,
            buildSeconds: buildSeconds, tests: testReports, findings: sortedFindings, coverage: coverage,
            failingTests: failingTests, timedOutRuns: timedOutRuns)
    }

    // MARK: Details

    private func suiteOutcomes(_ test: TestIdentity) -> [TestOutcome] {
        suiteRuns.map { $0.results[test.id]?.outcome ?? .notRun }
    }

    private func durations(_ test: TestIdentity) -> [Double] {
        suiteRuns.compactMap { run in
            guard let result = run.results[test.id], result.outcome == .passed || result.outcome == .failed else {
                return nil
            }
            return result.duration * 1000
        }
    }

    private func issues(_ test: TestIdentity) -> [String] {
        let all = suiteRuns.map { $0.results[test.id] } + [alone[test.id]]
        return all.compactMap { $0 }.first { !$0.issues.isEmpty }?.issues.map { workspace.originalPath(of: $0) } ?? []
    }

    /// Bisects the tests that ran before `test` in `run` (same framework: they share its process) for
    /// the ones that make it fail (or pass).
    private mutating func bisect(_ test: TestIdentity, in run: TestBinary.Run, wantFailure: Bool) async throws
        -> [TestIdentity]
    {
        guard let position = run.order.firstIndex(of: test.id) else { return [] }
        let byID = Dictionary(tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let before = run.order[..<position].compactMap { byID[$0] }.filter { $0.library == test.library }
        let binary = self.binary
        let known = xctests
        var attempt = 0
        var killed: [TimedOutRun] = []
        let culprits = try await Bisection.culprits(among: before) { subset in
            attempt += 1
            let result = try await binary.run(subset + [test], all: known, profile: "bisect-\(attempt)")
            killed += result.timeouts.map { $0.record(as: "bisection of \(test.name), attempt \(attempt)") }
            let outcome = result.results[test.id]?.outcome ?? .notRun
            return wantFailure ? outcome.isFailure : outcome == .passed
        }
        timedOutRuns += killed
        if !culprits.isEmpty { progress(.note("\(test.name): \(names(culprits))")) }
        return culprits
    }

    private func identity(matching found: Finding) -> TestIdentity? {
        guard let name = found.test else { return nil }
        if let test = tests.first(where: { $0.library == .xctest && $0.xctestOutputName == name }) { return test }
        // Swift Testing: the same file, and the analyzer's `Suite/function` ending the test's name.
        let file = found.file.map(relative)
        return tests.first { test in
            guard test.library == .swiftTesting, test.file == file else { return false }
            let base = test.name.prefix { $0 != "(" }
            return base == name || base.hasSuffix("/" + name)
        }
    }

    private func finding(_ kind: FindingKind, _ test: TestIdentity, _ message: String) -> Finding {
        Finding(kind: kind, test: test.id, file: test.file, line: test.line, message: message)
    }

    private func names(_ tests: [TestIdentity]) -> String {
        guard !tests.isEmpty else { return "another test (not found by bisection: the state may come from outside)" }
        return tests.map(\.name).joined(separator: " + ")
    }

    private func relative(_ path: String) -> String {
        let root = workspace.package.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    private func percent(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 100 : (Double(part) / Double(whole) * 1000).rounded() / 10
    }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// `5 s`, `0.5 s`.
    private func seconds(_ value: Double) -> String { String(format: "%g s", value) }

    /// Keeps the processes of `run` that were killed at the time limit, as the run named `name`.
    private mutating func record(_ run: TestBinary.Run, as name: String, seed: UInt64? = nil) {
        timedOutRuns += run.timeouts.map { $0.record(as: name, seed: seed) }
    }
}
