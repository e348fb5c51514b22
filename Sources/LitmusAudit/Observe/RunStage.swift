import Foundation
import LitmusSupport

/// The stage that runs the tests: discovery, the suite runs, the parallel runs, each test alone and the
/// random halves, observed into an ``Observations`` value; and, for the judges, bisection. It decides
/// nothing about the tests.
struct RunStage: Sendable {
    /// The built test binary.
    var binary: TestBinary
    /// The audit's options.
    var options: AuditOptions
    /// The seed of the random halves.
    var seed: UInt64
    /// Maps the copy's paths back to the package.
    var paths: PathMap
    /// Where progress goes.
    var progress: @Sendable (RunProgress) -> Void
    /// The shard this process runs: suite run 1, its share of the other whole-suite runs (``RunShare``)
    /// and of the alone runs; `nil`: all of them.
    var shard: Shard?
    /// `--since` or `--quick`: which of the tests run alone (``AloneScope``); `nil`: every test.
    var aloneRule: AloneScope.Rule?
    /// Which tests to time again alone after the runs, over their budget in some runs only (the audit
    /// gives the Fast judge's rule).
    var retime = RetimeRule.none
    /// The footprints of suite run 1, which then runs with the footprint observer: the alone runs and random
    /// halves are chosen from them (``AloneScope/Rule``); `nil`: none are measured.
    var footprint: FootprintStage?
    /// Why footprints cannot be measured though the audit chooses its alone runs by them (the observer is not in
    /// the copy, no coverage): the report says it, and every test runs alone.
    var footprintsUnavailable: String?
    /// How busy the machine is, measured beside the runs; each observed run keeps the load during it.
    var probe: CPUShareProbe?
    /// The groups of footprints the audit before kept (``SuiteGroups``): the suite runs run in processes side by
    /// side; `nil`: one process per framework.
    var keptGroups: SuiteGroups?
    /// The kept build folder the groups of this audit's footprints are written into; `nil`: none are kept.
    var groupsFolder: URL?
    /// The audited package's path, which kept groups name.
    var groupsPackage = ""
    /// The type names each test file uses (the analysis's), by file: which tests a crash that names no test
    /// likely came from (``CrashCulprit/suspects(_:_:among:typeNames:)``).
    var typeNames: [String: [String]] = [:]

    /// How many test processes run at once.
    var width: Int { Self.width(options) }

    /// How many test processes an audit with `options` runs at once: `--jobs`, else one per core.
    static func width(_ options: AuditOptions) -> Int {
        ProcessesAtOnce.width(asked: options.parallelism)
    }

    /// The XCTest tests (`--list-tests`), each located by the analysis (paths relative to the package),
    /// and the listing's exit status.
    func discover(located analysis: SourceAnalysis) async throws -> TestBinary.Listing {
        var listing = try await binary.list()
        listing.tests = listing.tests.map { test in
            var located = test
            if let type = test.xctestClass, case let method = test.id.lastComponent,
                let declaration = analysis.classes.first(where: {
                    $0.name == type && $0.testMethods[String(method)] != nil
                        && ($0.module.isEmpty || $0.module == test.id.module)
                })
            {
                located.file = declaration.file
                located.line = declaration.testMethods[String(method)]
            }
            return located
        }
        return listing
    }

    /// Runs everything the judges compare: the whole suite `runs` times (which discovers the Swift
    /// Testing tests), the parallel runs (`runs` times), each test alone and the random halves, one phase
    /// after the other (`--schedule full`) or pooled (``observePooled(_:clock:)``), timing each phase on
    /// `clock`; a shard runs its ``share(parallelRuns:randomHalves:)`` of them. When no test is seen, or
    /// the binary rejected `--list-tests`, it also runs the binary once as `swift test` would.
    mutating func observe(_ listing: TestBinary.Listing, clock: inout PhaseClock) async throws -> Observations {
        if options.schedule == .fast { return try await observePooled(listing, clock: &clock) }
        let xctests = listing.tests
        var log = RunLog()
        let (suiteRuns, swiftTests, observed) = try await clock.measure("suiteRuns") {
            try await runSuite(xctests: xctests, log: &log)
        }
        let tests = xctests + swiftTests
        limit(afterSuiteRun: observed)
        let footprints = try await measureFootprints(of: observed, clock: &clock)
        let halves = halves(of: tests, footprints: footprints)
        let share = share(parallelRuns: parallelRunCount(swiftTests), randomHalves: halves.count)
        let parallelRuns = try await clock.measure("parallelRuns") {
            try await runParallel(share.parallel, of: share.parallelRunCount, log: &log)
        }
        var observations = Observations(tests: tests, suiteRuns: suiteRuns, alone: [:], parallelRuns: parallelRuns)
        let before = PackageFiles.snapshot(of: binary.workingDirectory)
        try await clock.measure("aloneRuns") {
            try await runEachAlone(&observations, xctests: xctests, footprints: footprints, log: &log)
        }
        observations.randomHalves = try await clock.measure("randomHalves") {
            try await runRandomHalves(halves, share.halves, xctests: xctests, log: &log)
        }
        observations.timedOutRuns = log.timedOut
        observations.processes = log.processes
        observations.share = shard == nil ? nil : share
        try await clock.measure("leftFiles") {
            try await checkLeftFiles(since: before, &observations, xctests: xctests)
        }
        return try await clock.measure("runAgain") { try await finish(observations, listing) }
    }

    /// How many parallel runs: `runs`, when there is a Swift Testing test.
    func parallelRunCount(_ swiftTests: [TestIdentity]) -> Int { swiftTests.isEmpty ? 0 : max(1, options.runs) }

    /// The whole-suite runs this process runs, of an audit of `parallelRuns` parallel runs and
    /// `randomHalves` random halves: all of them, or the shard's (its suite runs do not depend on either
    /// count, so they can run before the counts are known).
    func share(parallelRuns: Int = 0, randomHalves: Int = 0) -> RunShare {
        RunShare(shard: shard, suiteRuns: max(1, options.runs), parallelRuns: parallelRuns, randomHalves: randomHalves)
    }

    /// `observations` with the listing's status and, when no test was observed, the direct run.
    func finish(_ observations: Observations, _ listing: TestBinary.Listing) async throws -> Observations {
        var observations = try await confirmAlone(observations, xctests: listing.tests)
        observations = try await retimeSlow(observations, xctests: listing.tests)
        observations.listingStatus = listing.status
        if observations.tests.isEmpty || listing.status != 0 {
            progress(.phase("No test observed: running the test binary once as swift test would"))
            let direct = try await binary.runAsSwiftTestWould()
            observations.directRun = DirectRun(
                status: direct.status, timedOut: direct.timedOut,
                output: paths.originalText(direct.output).split(separator: "\n").map(String.init))
        }
        return observations
    }

    /// Bisection by running tests: each attempt runs a subset of the candidates, then the victim, in one
    /// process.
    func bisector(for xctests: [TestIdentity]) -> Bisect {
        { request in try await bisect(request, xctests: xctests) }
    }

    /// Answers one bisection request. On the fast schedule a request whose evidence every suite run
    /// showed (``BisectionRequest/reproduced``) skips the run of all the candidates that would confirm it.
    /// `hints`: culprits found for other victims, tried first (``BisectionHints``).
    func bisect(_ request: BisectionRequest, xctests: [TestIdentity], hints: [[TestIdentity]] = []) async throws
        -> BisectionResult
    {
        let test = request.victim
        var attempt = 0
        var killed: [TimedOutRun] = []
        let known = options.schedule == .fast && request.reproduced
        let culprits = try await Bisection.culprits(among: request.candidates, knownToReproduce: known, hints: hints) {
            subset in
            attempt += 1
            let result = try await binary.run(subset + [test], all: xctests, profile: "bisect")
            killed += result.timeouts.map { $0.record(as: "bisection of \(test.name), attempt \(attempt)") }
            let outcome = result.results[test.id]?.outcome ?? .notRun
            return request.wantFailure ? outcome.isFailure : outcome == .passed
        }
        if !culprits.isEmpty {
            progress(.note("\(test.name): \(culprits.map(\.name).joined(separator: " + "))"))
        }
        return BisectionResult(culprits: culprits, timedOutRuns: killed)
    }

    // MARK: The runs

    /// The suite runs, the Swift Testing tests their stream declared, and the processes of suite run 1 (which
    /// the footprint observer watched, when there is a ``footprint`` stage).
    private func runSuite(xctests: [TestIdentity], log: inout RunLog) async throws
        -> ([ObservedRun], [TestIdentity], [TestBinary.Run])
    {
        let indices = share().suite
        progress(.phase("Running the whole suite \(Self.times(indices.count, of: max(1, options.runs)))"))
        var swiftTests: [TestIdentity] = []
        var suiteRuns: [ObservedRun] = []
        var observed: [TestBinary.Run] = []
        for (done, index) in indices.enumerated() {
            let (run, declared, processes) = try await suiteRun(index, xctests: xctests, log: &log)
            if swiftTests.isEmpty { swiftTests = declared }
            if index == 1 { observed = processes }
            suiteRuns.append(run)
            progress(.step(done: done + 1, total: indices.count))
        }
        return (suiteRuns, swiftTests, observed)
    }

    /// Suite run `index`: XCTest in one process and Swift Testing in another, side by side; the Swift
    /// Testing tests its stream declared; and its processes (run 1's with the footprint observer).
    func suiteRun(_ index: Int, xctests: [TestIdentity], log: inout RunLog) async throws
        -> (ObservedRun, [TestIdentity], [TestBinary.Run])
    {
        let binary = self.binary
        let observed = footprint != nil && index == 1
        async let xctestRun =
            xctests.isEmpty
            ? nil
            : binary.runXCTests(
                nil, known: xctests, profile: "suite-\(index)-x", observer: observed ? .footprints : nil)
        async let swiftRun = binary.runSwiftTests(
            nil, profile: "suite-\(index)-s", observer: observed ? .footprints : nil)
        let (x, s) = try await (xctestRun, swiftRun)
        let processes = [x, s].compactMap { $0 }
        return (suiteRun(index, merging: processes, log: &log), s.declared.map(paths.relative), processes)
    }

    /// The footprints of the `observed` processes of suite run 1, timed as the phase `footprints`; `nil` when
    /// the audit measures none.
    func measureFootprints(of observed: [TestBinary.Run], clock: inout PhaseClock) async throws
        -> Result<FootprintRun, FootprintProblem>?
    {
        guard let footprint else { return footprintsUnavailable.map { .failure(FootprintProblem(reason: $0)) } }
        progress(.phase("Reading each test's footprint of shared state from suite run 1"))
        return try await clock.measure("footprints") { try await footprint.measure(TestBinary.Run(merging: observed)) }
    }

    /// The processes of suite run `index` as one observed run.
    func suiteRun(_ index: Int, merging runs: [TestBinary.Run], log: inout RunLog) -> ObservedRun {
        let merged = TestBinary.Run(merging: runs)
        log.record(
            merged, as: RunShare.suiteRunName(index, of: max(1, options.runs)), kind: .suite(index: index), paths: paths
        )
        return observed(merged)
    }

    /// Each test alone in a fresh process, `width` at once; each keeps its own coverage profiles.
    private func runEachAlone(
        _ observations: inout Observations, xctests: [TestIdentity],
        footprints: Result<FootprintRun, FootprintProblem>?, log: inout RunLog
    ) async throws {
        let failing = Self.failing(
            in: observations.suiteRuns + observations.parallelRuns, processes: log.processes, tests: observations.tests,
            typeNames: typeNames)
        let (tests, scope) = aloneShare(
            of: observations.tests, failing: failing, footprints: footprints?.map(\.footprints))
        observations.aloneScope = scope
        let share = shard.map { " (shard \($0) of \(observations.tests.count))" } ?? ""
        let count = Self.aloneCount(tests.count, of: observations.tests.count, scope)
        progress(.phase("Running \(count) alone\(share), \(width) at a time"))
        let binary = self.binary
        let progress = self.progress
        let runs = try await concurrentMap(tests, width: width) { test in
            try await binary.runAlone(test, all: xctests, profile: "alone")
        } onEach: { done in
            progress(.step(done: done, total: tests.count))
        }
        record(alone: Array(zip(tests, runs)), into: &observations, log: &log)
        recordSuiteProfiles(footprints, into: &observations)
    }

    /// Gives each test that did not run alone its own coverage profile from the serial run the footprint
    /// observer watched (``TestProfiles``), so the coverage stage reads its checks' counts and lines as it
    /// reads an alone run's; ``Observations/profiledInSuite`` names them. Nothing is written here: the coverage
    /// stage writes the profiles it reads.
    func recordSuiteProfiles(
        _ footprints: Result<FootprintRun, FootprintProblem>?, into observations: inout Observations
    ) {
        guard let run = footprints.flatMap({ try? $0.get() }) else { return }
        observations.suiteProfiles = run.profiles
        observations.profiledInSuite = Set(
            observations.tests.map(\.id).filter { observations.alone[$0] == nil && run.profiles.has($0) })
    }

    /// `each of 180 tests`, with `--since` `14 of 180 tests (those the changes may touch)`, with `--quick`
    /// `40 of 180 tests (share 2 of 5 and the tests that failed)`.
    static func aloneCount(_ count: Int, of total: Int, _ scope: AloneScope?) -> String {
        if let quick = scope?.quick {
            return "\(count) of \(total) tests (\(quick.shareName) and the tests that failed)"
        }
        return scope?.tests == nil
            ? "each of \(count) tests" : "\(count) of \(total) tests (those the changes may touch)"
    }

    /// The tests this process runs alone, and the `--since` or `--quick` scope that chose them: a shard's
    /// share, or the tests the scope keeps (`failing`: those that failed in the suite or parallel runs),
    /// else all.
    func aloneShare(
        of tests: [TestIdentity], failing: Set<TestID> = [],
        footprints: Result<Footprints, FootprintProblem>? = nil
    ) -> (tests: [TestIdentity], scope: AloneScope?) {
        let scope = aloneRule?.scope(for: tests, failing: failing, footprints: footprints)
        let chosen = scope?.filter(tests) ?? tests
        return (shard?.share(of: chosen, by: \.id) ?? chosen, scope)
    }

    /// Keeps each test's alone run and its profiles.
    func record(
        alone runs: [(TestIdentity, TestBinary.Run)], into observations: inout Observations,
        log: inout RunLog
    ) {
        for (test, run) in runs {
            let observed = observed(run)
            observations.alone[test.id] = observed.results[test.id]
            if let machine = observed.machine {
                observations.aloneLoad = observations.aloneLoad ?? [:]
                observations.aloneLoad?[test.id] = machine
            }
            observations.profiles[test.id] = run.profiles
            if !run.changedInPackage.isEmpty {
                observations.changedWhileAlone = observations.changedWhileAlone ?? [:]
                observations.changedWhileAlone?[test.id] = run.changedInPackage
            }
            if !run.leftInTemporaryFolder.isEmpty {
                observations.leftFiles = observations.leftFiles ?? [:]
                observations.leftFiles?[test.id, default: LeftFiles()].temporaryFolder = run.leftInTemporaryFolder
            }
            log.record(run, as: RunShare.aloneRunName(test), kind: .alone(test: test.id), paths: paths)
        }
    }

    /// The random `halves` numbered `indices` (from 1), each in one process.
    private func runRandomHalves(
        _ halves: [[TestIdentity]], _ indices: [Int], xctests: [TestIdentity], log: inout RunLog
    ) async throws -> [ObservedRun] {
        guard !indices.isEmpty else { return [] }
        let count = indices.count == halves.count ? "\(halves.count)" : "\(indices.count) of \(halves.count)"
        progress(.phase("Running \(count) random halves of the suite (seed \(seed))"))
        var observed: [ObservedRun] = []
        for (done, index) in indices.enumerated() {
            let run = try await binary.run(halves[index - 1], all: xctests, profile: "subset-\(index)")
            observed.append(randomHalf(index - 1, of: halves.count, run, log: &log))
            progress(.step(done: done + 1, total: indices.count))
        }
        return observed
    }

    /// The random halves of `tests` chosen from the seed; none for `--random-subsets 0` or under 3 tests. With
    /// measured `footprints`, they are drawn from the tests whose footprints meet another's
    /// (``IsolationCandidates/meeting``): reordering the others changes nothing they see.
    func halves(of tests: [TestIdentity], footprints: Result<FootprintRun, FootprintProblem>? = nil)
        -> [[TestIdentity]]
    {
        var drawn = tests
        if let measured = footprints.flatMap({ try? $0.get() }) {
            let meeting = IsolationCandidates.choose(tests, footprints: measured.footprints).meeting
            drawn = tests.filter { meeting.contains($0.id) }
        }
        guard options.randomSubsets > 0, drawn.count > 2 else { return [] }
        return RandomHalves.choose(from: drawn, count: options.randomSubsets, seed: seed)
    }

    /// Random half `index` (from 0) of `count` as observed.
    func randomHalf(_ index: Int, of count: Int, _ run: TestBinary.Run, log: inout RunLog) -> ObservedRun {
        log.record(
            run, as: RunShare.randomHalfName(index + 1, of: count), seed: seed, kind: .half(index: index + 1),
            paths: paths)
        return observed(run)
    }

    /// A run as the judges see it: failure messages name the package's files, not the copy's.
    func observed(_ run: TestBinary.Run) -> ObservedRun {
        let spans = run.processes.map { $0.start...$0.end }
        let machine = probe.flatMap { probe -> MachineLoad? in
            guard let first = spans.map(\.lowerBound).min(), let last = spans.map(\.upperBound).max() else {
                return nil
            }
            return MachineLoad(probe.samples.during(first...last))
        }
        return ObservedRun(
            results: run.results.mapValues { result in
                var mapped = result
                mapped.issues = result.issues.map(paths.originalText)
                mapped.lateIssues = result.lateIssues.map { issue in
                    RecordedIssue(message: issue.message, file: issue.file.map(paths.relative), line: issue.line)
                }
                return mapped
            }, order: run.order, machine: machine)
    }

}
