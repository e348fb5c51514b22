import Foundation

/// Which tests can depend on the order they run in, read from their ``Footprints``: a test whose footprint
/// reads state that another test (or code outside the tests) writes may pass only after it, or fail after it:
/// it runs alone. So does a test that writes outside its process (its alone run shows what it leaves behind),
/// one whose footprint cannot be seen whole (``SharedState/unseen(_:)``, or no footprint at all: it did not run
/// to its end in the serial run), and one that failed in the suite or parallel runs. Every other test touches
/// no state another test writes: no order can change what it sees, and it is reported isolated with that
/// evidence. The random halves, which reorder the suite, are drawn from the tests whose footprints meet.
package struct IsolationCandidates: Sendable, Hashable, Codable {
    /// Why each test is a candidate or not, by test.
    package var evidence: [TestID: IsolationEvidence]
    /// The tests whose footprints meet another's (one reads what the other writes, either way), and those that
    /// cannot be seen: what reordering the suite can change.
    package var meeting: Set<TestID>

    /// The candidates.
    package var candidates: Set<TestID> { Set(evidence.filter { $0.value.candidate }.map(\.key)) }

    /// The candidates by their footprints alone (not those that are candidates only because they failed in this
    /// run): what a quick audit deals into shares, the same every run while the code does not change.
    package var dealt: Set<TestID> {
        Set(evidence.filter { $0.value.candidate && $0.value.verdict != .failed }.map(\.key))
    }

    /// The candidates among `tests`, given their `footprints` and the tests that `failed` in this audit's runs.
    package static func choose(_ tests: [TestIdentity], footprints: Footprints, failed: Set<TestID> = [])
        -> IsolationCandidates
    {
        let writers = Writers(footprints, tests: tests)
        var evidence: [TestID: IsolationEvidence] = [:]
        var meeting: Set<TestID> = []
        for test in tests {
            guard let accesses = footprints.tests[test.id] else {
                evidence[test.id] = IsolationEvidence(
                    .unseen, because: "no footprint was recorded for it (it did not run to its end in the serial run)")
                meeting.insert(test.id)
                continue
            }
            let met = accesses.filter(\.reads).compactMap { access in
                writers.first(meeting: access.state, besides: test.id, in: test.library).map { (access, $0) }
            }
            for (_, writer) in met {
                meeting.insert(test.id)
                if let writer { meeting.insert(writer) }
            }
            evidence[test.id] = verdict(of: test, accesses: accesses, met: met, failed: failed.contains(test.id))
            if case .unseen = evidence[test.id]?.verdict { meeting.insert(test.id) }
        }
        return IsolationCandidates(evidence: evidence, meeting: meeting)
    }

    /// The evidence for one test with a footprint.
    private static func verdict(
        of test: TestIdentity, accesses: [StateAccess], met: [(StateAccess, TestID?)], failed: Bool
    ) -> IsolationEvidence {
        if let unseen = accesses.first(where: { if case .unseen = $0.state { true } else { false } }),
            case .unseen(let reason) = unseen.state
        {
            return IsolationEvidence(
                .unseen, because: "its footprint cannot be seen whole: \(reason) (\(place(unseen)))")
        }
        if let process = accesses.first(where: { $0.state == .process }) {
            return IsolationEvidence(
                .unseen, because: "its footprint cannot be seen whole: it starts a process (\(place(process)))")
        }
        // Another test is the likelier cause than code outside the tests (a class's clean-up): it is named first.
        if let (access, writer) = met.first(where: { $0.1 != nil }) ?? met.first {
            let by = writer.map { "\($0)" } ?? "code outside the tests"
            let more = met.count > 1 ? ", and \(met.count - 1) more shared" : ""
            return IsolationEvidence(
                .sharesState,
                because: "it reads \(access.state.described) (\(place(access))), which \(by) writes\(more)")
        }
        if let outside = accesses.first(where: { $0.writes && $0.state.outsideTheProcess }) {
            return IsolationEvidence(
                .writesOutside,
                because: "it writes \(outside.state.described) (\(place(outside))): its alone run shows what it leaves")
        }
        // Only a test its footprint alone would not run alone is a candidate for having failed: the candidates by
        // footprint stay the same from run to run (``dealt``).
        if failed { return IsolationEvidence(.failed, because: "it failed or crashed in the suite or parallel runs") }
        if accesses.isEmpty { return IsolationEvidence(.isolated, because: "it touches no shared state") }
        let touched = accesses.prefix(3).map(\.state.described).joined(separator: ", ")
        return IsolationEvidence(
            .isolated,
            because: "it touches only state no other test writes (\(touched)\(accesses.count > 3 ? ", …" : ""))")
    }

    /// `File.swift:12`, a place short enough for a report.
    static func place(_ access: StateAccess) -> String {
        "\(URL(fileURLWithPath: access.file).lastPathComponent):\(access.line)"
    }

    /// The writes of every test and of code outside the tests, grouped so a read finds its writers fast.
    struct Writers {
        /// One write: its writer (`nil` for code outside the tests) and the framework of its process.
        struct Writer {
            var test: TestID?
            var library: TestLibrary
        }

        /// Writers by state.
        var byState: [SharedState: [Writer]] = [:]
        /// States that meet others than themselves (files, the network, processes, the unseen), with their writers.
        var wide: [(SharedState, Writer)] = []

        init(_ footprints: Footprints, tests: [TestIdentity]) {
            let libraries = Dictionary(tests.map { ($0.id, $0.library) }, uniquingKeysWith: { first, _ in first })
            var all: [(StateAccess, Writer)] = []
            for (library, accesses) in footprints.outside.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                all += accesses.map { ($0, Writer(test: nil, library: library)) }
            }
            for (test, accesses) in footprints.tests.sorted(by: { $0.key < $1.key }) {
                guard let library = libraries[test] else { continue }
                all += accesses.map { ($0, Writer(test: test, library: library)) }
            }
            for (access, writer) in all where access.writes {
                byState[access.state, default: []].append(writer)
                switch access.state {
                case .file, .network, .process, .unseen: wide.append((access.state, writer))
                default: break
                }
            }
        }

        /// A writer (a test other than `test`, or `nil` for code outside the tests) of state that meets `state`
        /// and can reach a test of `library`'s process; `.none` when there is none.
        func first(meeting state: SharedState, besides test: TestID, in library: TestLibrary) -> TestID?? {
            func reaches(_ writer: Writer, _ written: SharedState) -> Bool {
                Self.reaches(writer, written, state, besides: test, in: library)
            }
            // The same state meets itself, files of a test's own too: a unique name made once per process (a static
            // `root` of a UUID's name) is shared by the tests of that process, which the footprint cannot tell from
            // one made per test.
            if let writer = byState[state]?.first(where: { reaches($0, state) }) { return .some(writer.test) }
            if let (_, writer) = wide.first(where: { reaches($0.1, $0.0) && $0.0.meets(state) }) {
                return .some(writer.test)
            }
            return .none
        }

        /// Every test other than `test` writing state that meets `state` and can reach a test of `library`'s
        /// process (``first(meeting:besides:in:)``'s writers, the tests among them, all of them).
        func tests(meeting state: SharedState, besides test: TestID, in library: TestLibrary) -> Set<TestID> {
            var found: Set<TestID> = []
            for writer in byState[state] ?? [] where Self.reaches(writer, state, state, besides: test, in: library) {
                if let id = writer.test { found.insert(id) }
            }
            for (written, writer) in wide
            where written.meets(state) && Self.reaches(writer, written, state, besides: test, in: library) {
                if let id = writer.test { found.insert(id) }
            }
            return found
        }

        /// Whether `writer`, writing `written`, can reach a read of `state` by `test` in a process of `library`:
        /// another test, in its process or through state that crosses processes.
        private static func reaches(
            _ writer: Writer, _ written: SharedState, _ state: SharedState, besides test: TestID,
            in library: TestLibrary
        ) -> Bool {
            writer.test != test && (writer.library == library || state.crossesProcesses || written.crossesProcesses)
        }
    }
}
