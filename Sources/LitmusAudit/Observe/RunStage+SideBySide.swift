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
        return SuiteSplit(count: count, dealt: keptGroups.deal(into: count))
    }

    /// The processes of suite run `index` split as `split` says, all side by side (the footprint observer
    /// watching each when `observed`): XCTest's process `n` runs the listed tests dealt to it, Swift Testing's
    /// the tests dealt to it, and its process 0 every Swift Testing test the others do not run (so one added
    /// since runs too).
    func splitSuiteRun(_ index: Int, _ split: SuiteSplit, xctests: [TestIdentity], observed: Bool) async throws
        -> [TestBinary.Run]
    {
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
        let binary = self.binary
        let observer: FootprintObserver.Watch? = observed ? .footprints : nil
        return try await concurrentMap(jobs, width: jobs.count) { job in
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

    /// The groups `footprints` give the tests of suite run 1 (`run`, its processes merged), as the next audit in
    /// this build folder reads them; `nil` when footprints were not measured (the kept ones are then deleted).
    static func groups(
        of tests: [TestIdentity], footprints: Result<FootprintRun, FootprintProblem>?, run: TestBinary.Run,
        package: String
    ) -> SuiteGroups? {
        guard let measured = footprints.flatMap({ try? $0.get() }) else { return nil }
        return SuiteGroups(
            package: package, groups: SuiteGroups.groups(of: tests, footprints: measured.footprints),
            seconds: run.results.mapValues(\.duration), wallSeconds: run.seconds,
            processorSeconds: run.processorSeconds ?? 0)
    }
}
