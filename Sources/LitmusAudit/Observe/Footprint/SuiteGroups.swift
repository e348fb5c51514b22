import Foundation
import LitmusSupport

/// The tests whose footprints met in the audit before, in groups, kept in its build folder
/// (`suite-groups.json`) so the next audit's suite runs can run in several processes side by side
/// (docs/audit.md, "Suite runs side by side"): each group in one process, in the suite's order, every other
/// test dealt to the process that has the least to do. Order can change only what a test reads that another
/// test writes; tests whose footprints do not meet change nothing for each other, in one process or in two.
///
/// Kept groups are a guess about this audit's tests: after the first suite run, the groups its own footprints
/// give are checked against the processes the tests ran in (``split(_:dealt:)``); when two tests that now meet ran
/// apart, the suite runs run again in one process per framework, as without groups.
struct SuiteGroups: Sendable, Hashable, Codable {
    /// Bump when what the file holds changes.
    static let currentFormat = 2
    /// The file's name in the build folder.
    static let fileName = "suite-groups.json"

    /// The format it was written in.
    var format = Self.currentFormat
    /// The audited package's path.
    var package: String
    /// The tests whose footprints met, each group connected by reads of what another writes (two or more tests).
    var groups: [[TestID]]
    /// The duration of every test of the observed run, grouped or not, in seconds.
    var seconds: [TestID: Double]
    /// The observed run's wall time, its processes' added.
    var wallSeconds: Double

    /// The groups `footprints` give `tests`: tests joined when one reads state the other writes (as
    /// ``IsolationCandidates`` finds writers, every writer here), then joined again through shared members. A test
    /// with no footprint is a group of its own: it did not run to its end, and what it touches is unknown, as it is
    /// to the candidates.
    static func groups(of tests: [TestIdentity], footprints: Footprints) -> [[TestID]] {
        let writers = IsolationCandidates.Writers(footprints, tests: tests)
        var unions = TestUnions()
        for test in tests {
            for access in footprints.tests[test.id] ?? [] where access.reads {
                for writer in writers.tests(meeting: access.state, besides: test.id, in: test.library) {
                    unions.join(test.id, writer)
                }
            }
        }
        return unions.groups(of: tests.map(\.id))
    }

    /// How many processes side by side a suite run takes: `width` (one per core, or `--jobs`); one when the run the
    /// groups were kept from took under a second, which more processes would not shorten. Never more than `width`:
    /// swift-argument-parser 1.8.2's suite, given up to four per core because its tests wait on the processes they
    /// start, ran six processes on two cores; its durations grew, 30 tests were timed again alone (13 s) and its
    /// slow tests were not the same.
    func processes(width: Int) -> Int { wallSeconds >= 1 ? width : 1 }

    /// The process (from 0) each known test runs in, of `count`: each group whole, then every other test, the
    /// longest first, each to the process with the least time dealt so far (the first on a tie). A test not named
    /// here (new since) runs in process 0, which runs every test the others do not.
    func deal(into count: Int) -> [TestID: Int] {
        guard count > 1 else { return [:] }
        let grouped = Set(groups.joined())
        let units = groups + seconds.keys.filter { !grouped.contains($0) }.map { [$0] }
        func time(_ unit: [TestID]) -> Double { unit.reduce(0) { $0 + (seconds[$1] ?? 0) } }
        let ordered = units.map { (unit: $0, time: time($0)) }.sorted {
            $0.time != $1.time ? $0.time > $1.time : $0.unit[0] < $1.unit[0]
        }
        var load = [Double](repeating: 0, count: count)
        var dealt: [TestID: Int] = [:]
        for (unit, time) in ordered {
            let process = load.indices.min { load[$0] < load[$1] } ?? 0
            load[process] += time
            for id in unit { dealt[id] = process }
        }
        return dealt
    }

    /// Whether `dealt` (``deal(into:)``) shortens a suite run enough to be worth its processes: the process with
    /// the most time dealt takes at most three quarters of the whole. A group holding most of the suite's time
    /// (GraphQL 4.3.0: 617 of its 881 tests, which read constants holding its classes' instances) leaves the run as
    /// long, and each split is one more chance for the guess to break.
    func shortens(_ dealt: [TestID: Int], count: Int) -> Bool {
        var load = [Double](repeating: 0, count: max(1, count))
        for (id, time) in seconds { load[min(dealt[id] ?? 0, load.count - 1)] += time }
        let total = load.reduce(0, +)
        return total > 0 && (load.max() ?? 0) <= 0.75 * total
    }

    /// These groups joined with `other`'s (a test of two groups joins them): what a broken guess teaches the next
    /// audit. A test that touched a lazily set global first in its process writes it there, though in one serial
    /// run it only read it, set already, through code that leaves no count: the groups of both runs together are
    /// those the next split must keep whole.
    func merged(with other: [[TestID]]) -> [[TestID]] {
        var unions = TestUnions()
        for group in groups + other {
            for id in group.dropFirst() { unions.join(group[0], id) }
        }
        return unions.groups(of: (groups + other).joined())
    }

    /// Whether the groups of this audit's footprints (`fresh`) each ran in one process, as `dealt` put them
    /// (a test not dealt ran in process 0): two tests whose footprints meet that ran apart; `nil` when none did.
    static func split(_ fresh: [[TestID]], dealt: [TestID: Int]) -> (TestID, TestID)? {
        for group in fresh {
            let first = group[0]
            if let apart = group.first(where: { dealt[$0] ?? 0 != dealt[first] ?? 0 }) { return (first, apart) }
        }
        return nil
    }

    /// The groups kept in `folder` for `package`; `nil` when there are none, they are of another package or
    /// format, or cannot be read (the suite runs then run as without them).
    static func load(from folder: URL, package: String) -> SuiteGroups? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
            let kept = try? JSONDecoder().decode(SuiteGroups.self, from: data),
            kept.format == currentFormat, kept.package == package
        else { return nil }
        return kept
    }

    /// Writes the groups into `folder`, atomically.
    func write(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Deletes the groups kept in `folder`: the footprints they came from no longer hold.
    static func remove(from folder: URL) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(fileName))
    }
}

/// Tests joined into groups, one join at a time (a disjoint-set forest).
struct TestUnions {
    private var parent: [TestID: TestID] = [:]

    /// The test standing for `id`'s group.
    func root(_ id: TestID) -> TestID {
        var current = id
        while let next = parent[current], next != current { current = next }
        return current
    }

    /// Joins the groups of `first` and `second`.
    mutating func join(_ first: TestID, _ second: TestID) {
        let (a, b) = (root(first), root(second))
        if a != b { parent[max(a, b)] = min(a, b) }
    }

    /// The groups of two or more of `ids` (each once), each sorted, in the order of their first.
    func groups(of ids: some Sequence<TestID>) -> [[TestID]] {
        var byRoot: [TestID: Set<TestID>] = [:]
        for id in ids { byRoot[root(id), default: []].insert(id) }
        return byRoot.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
