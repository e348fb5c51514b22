import Foundation
import LitmusSupport

/// Suite runs in several processes side by side, from the groups of footprints kept by the audit before
/// (``SuiteGroups``; docs/audit.md, "Suite runs side by side").
extension RunStage {
    /// Keeps the groups of this audit's footprints in `folder` (a kept build folder; none kept without one), and
    /// when `reads`, splits the suite runs by those an earlier audit of `package` kept there.
    mutating func keepGroups(in folder: URL?, package: String, reads: Bool) {
        guard let folder else { return }
        groupsFolder = folder
        groupsPackage = package
        if reads { keptGroups = SuiteGroups.load(from: folder, package: package) }
    }

    /// How the suite runs are split: into how many processes per framework, and each known test's process.
    struct SuiteSplit: Sendable, Hashable {
        /// How many processes per framework.
        var count: Int
        /// Each known test's process, from 0; a test not named runs in process 0.
        var dealt: [TestID: Int]
    }

    /// The split the kept groups give a suite of the XCTest tests `xctests` (and the Swift Testing tests they
    /// name), one process per framework: `nil` when there are no kept groups, or one process is as fast.
    func suiteSplit(xctests: [TestIdentity]) -> SuiteSplit? {
        guard let keptGroups else { return nil }
        let listed = Set(xctests.map(\.id))
        let frameworks = (xctests.isEmpty ? 0 : 1) + (keptGroups.seconds.keys.contains { !listed.contains($0) } ? 1 : 0)
        let count = keptGroups.processes(width: width) / max(1, frameworks)
        guard count > 1 else { return nil }
        let dealt = keptGroups.deal(into: count)
        guard keptGroups.shortens(dealt, count: count) else { return nil }
        return SuiteSplit(count: count, dealt: dealt)
    }

    /// The processes of suite run `index` split as `split` says, all side by side (the footprint observer
    /// watching each when `observed`): XCTest's process `n` runs the listed tests dealt to it, Swift Testing's
    /// the tests dealt to it, and its process 0 every Swift Testing test the others do not run (so one added
    /// since runs too).
    /// Each process is killed at the limit `first` (suite run 1's processes, in the same order) gives it
    /// (``laterSuiteLimit(after:)``), else at `--timeout`.
    func splitSuiteRun(
        _ index: Int, _ split: SuiteSplit, xctests: [TestIdentity], observed: Bool, after first: [TestBinary.Run]? = nil
    ) async throws -> [TestBinary.Run] {
        let listed = Set(xctests.map(\.id))
        var swiftTests = [[TestID]](repeating: [], count: split.count)
        for (id, process) in split.dealt where !listed.contains(id) && process > 0 { swiftTests[process].append(id) }
        let elsewhere = swiftTests.dropFirst().flatMap { $0 }.sorted()
        var jobs: [Job] = [.swiftTesting(0, ids: nil, skipping: elsewhere)]
        for process in 0..<split.count {
            let ids = xctests.map(\.id).filter { split.dealt[$0] ?? 0 == process }
            if !ids.isEmpty { jobs.append(.xctest(process, ids: ids)) }
            if process > 0, !swiftTests[process].isEmpty {
                jobs.append(.swiftTesting(process, ids: swiftTests[process].sorted(), skipping: []))
            }
        }
        let observer: FootprintObserver.Watch? = observed ? .footprints : nil
        let limited = jobs.indices.map { process in
            var binary = self.binary
            binary.timeout = laterSuiteLimit(after: first?.count == jobs.count ? first?[process] : nil)
            return (job: jobs[process], binary: binary)
        }
        return try await concurrentMap(limited, width: jobs.count) { job, binary in
            switch job {
            case .xctest(let process, let ids):
                try await binary.runXCTests(
                    ids, known: xctests, profile: "suite-\(index)-x\(process)", observer: observer)
            case .swiftTesting(let process, let ids, let skipping):
                try await binary.runSwiftTests(
                    ids, skipping: skipping, profile: "suite-\(index)-s\(process)", observer: observer)
            }
        }
    }

    /// One process of a split suite run.
    private enum Job: Sendable {
        /// XCTest's process `n`, running `ids`.
        case xctest(Int, ids: [TestID])
        /// Swift Testing's process `n`, running `ids` (all when `nil`) but `skipping`.
        case swiftTesting(Int, ids: [TestID]?, skipping: [TestID])
    }

    /// What the fast schedule's suite runs measured: each run's processes by number, the tests (Swift Testing's
    /// as suite run 1 declared them), suite run 1's footprints, and how kept groups split the runs.
    struct SuiteRunsMeasured {
        var byIndex: [Int: [TestBinary.Run]]
        var tests: [TestIdentity]
        var footprints: Result<FootprintRun, FootprintProblem>?
        var sideBySide: SideBySide? = nil
    }

    /// The suite runs numbered `indices` and suite run 1's footprints, split by the kept groups when they shorten
    /// the runs. Kept groups are a guess: when two tests whose footprints meet now ran apart, the suite runs run
    /// again, one process per framework, and the groups of both runs together are kept for the next audit.
    func suiteRuns(_ indices: [Int], xctests: [TestIdentity], clock: inout PhaseClock) async throws
        -> SuiteRunsMeasured
    {
        let split = suiteSplit(xctests: xctests)
        var measured = try await measureSuiteRuns(indices, split: split, xctests: xctests, clock: &clock)
        measured.sideBySide = keptGroups.map { _ in SideBySide(processes: split?.count ?? 1) }
        var learned: [[TestID]] = []
        if let split, let broken = Self.broken(split, measured, learned: &learned) {
            progress(.note("The kept groups did not hold (\(broken)): the suite runs run again, one process each"))
            measured = try await measureSuiteRuns(indices, split: nil, xctests: xctests, clock: &clock)
            measured.sideBySide = SideBySide(processes: 1, brokenBecause: broken)
        }
        keepGroups(measured, learned: learned)
        return measured
    }

    /// Why the split run `measured` does not stand: two tests whose footprints meet ran apart (their groups are
    /// then `learned`), or its footprints could not be read, which alone can check it; `nil` when it stands.
    static func broken(_ split: SuiteSplit, _ measured: SuiteRunsMeasured, learned: inout [[TestID]])
        -> String?
    {
        switch measured.footprints {
        case .success(let run):
            let fresh = SuiteGroups.groups(of: measured.tests, footprints: run.footprints)
            guard let (first, second) = SuiteGroups.split(fresh, dealt: split.dealt) else { return nil }
            learned = fresh
            return "\(first) and \(second) now touch the same state and ran in two processes"
        case .failure(let problem): return "the footprints of the split run could not be read: \(problem.reason)"
        case nil: return "the split run's footprints were not measured"
        }
    }

    /// The suite runs numbered `indices` (``suiteProcesses(_:split:xctests:)``), the tests, and suite run 1's
    /// footprints.
    private func measureSuiteRuns(
        _ indices: [Int], split: SuiteSplit?, xctests: [TestIdentity], clock: inout PhaseClock
    ) async throws -> SuiteRunsMeasured {
        let byIndex = try await clock.measure("suiteRuns") {
            try await suiteProcesses(indices, split: split, xctests: xctests)
        }
        let first = TestBinary.Run(merging: byIndex[1] ?? [])
        let tests = xctests + first.declared.map(paths.relative)
        let footprints = try await measureFootprints(of: byIndex[1] ?? [], clock: &clock)
        return SuiteRunsMeasured(byIndex: byIndex, tests: tests, footprints: footprints)
    }

    /// Keeps in the build folder the groups the footprints of suite run 1 give (``SuiteGroups``), joined with the
    /// `learned` groups of a split run whose guess broke, for the next audit's suite runs; deletes the kept ones
    /// when the footprints were not measured.
    private func keepGroups(_ measured: SuiteRunsMeasured, learned: [[TestID]]) {
        guard let groupsFolder else { return }
        let run = TestBinary.Run(merging: measured.byIndex[1] ?? [])
        guard
            var groups = Self.groups(
                of: measured.tests, footprints: measured.footprints, run: run, package: groupsPackage)
        else {
            SuiteGroups.remove(from: groupsFolder)
            return
        }
        groups.groups = groups.merged(with: learned)
        try? groups.write(to: groupsFolder)
    }

    /// The processes of the suite runs numbered `indices`, by number: each run's processes side by side as `split`
    /// deals the tests, one run after the other; without a split, XCTest's and Swift Testing's process of every
    /// run in one pool of `width` processes (run 2's XCTest process need not wait for run 1's Swift Testing one).
    private func suiteProcesses(_ indices: [Int], split: SuiteSplit?, xctests: [TestIdentity]) async throws
        -> [Int: [TestBinary.Run]]
    {
        let runs = max(1, options.runs)
        var byIndex: [Int: [TestBinary.Run]] = [:]
        if let split {
            progress(
                .phase(
                    "Running the whole suite \(Self.times(indices.count, of: runs)), each run in \(split.count) "
                        + "processes side by side (the tests whose footprints met last time together)"))
            for (done, index) in indices.enumerated() {
                byIndex[index] = try await splitSuiteRun(
                    index, split, xctests: xctests, observed: footprint != nil && index == 1, after: byIndex[1])
                progress(.step(done: done + 1, total: indices.count))
            }
            return byIndex
        }
        progress(
            .phase("Running the whole suite \(Self.times(indices.count, of: runs)), \(Self.processes(width)) at a time")
        )
        // Suite run 1 first, then the others, each process killed at the limit what the same framework's took in
        // run 1 gives it (``laterSuiteLimit(after:)``).
        let frameworks = xctests.isEmpty ? [false] : [true, false]
        func jobs(_ runs: [Int]) -> [PooledJob] {
            runs.flatMap { index in frameworks.map { PooledJob.suite(index: index, xctest: $0) } }
        }
        var results = try await pool(jobs(indices.filter { $0 == 1 }), xctests: xctests)
        var limits: [String: Double] = [:]
        for job in jobs(indices.filter { $0 != 1 }) {
            guard case .suite(_, let xctest) = job else { continue }
            limits[job.key] = laterSuiteLimit(after: results[PooledJob.suite(index: 1, xctest: xctest).key])
        }
        results.merge(try await pool(jobs(indices.filter { $0 != 1 }), xctests: xctests, limits: limits)) { first, _ in
            first
        }
        for index in indices {
            byIndex[index] = [true, false].compactMap { results[PooledJob.suite(index: index, xctest: $0).key] }
        }
        return byIndex
    }

    /// The groups `footprints` give the tests of suite run 1 (`run`, its processes merged), as the next audit in
    /// this build folder reads them; `nil` when footprints were not measured (the kept ones are then deleted).
    static func groups(
        of tests: [TestIdentity], footprints: Result<FootprintRun, FootprintProblem>?, run: TestBinary.Run,
        package: String
    ) -> SuiteGroups? {
        guard let measured = footprints.flatMap({ try? $0.get() }) else { return nil }
        return SuiteGroups(
            package: package, groups: SuiteGroups.groups(of: tests, footprints: measured.footprints),
            seconds: run.results.mapValues(\.duration), wallSeconds: run.seconds)
    }
}
