import Foundation
import Testing

@testable import LitmusAudit

@Suite("Suite runs side by side: the tests whose footprints meet stay in one process")
struct SuiteGroupsTests {
    private func id(_ name: String) -> TestID { TestID("T.\(name)") }

    private func test(_ name: String, _ library: TestLibrary = .swiftTesting) -> TestIdentity {
        TestIdentity(library: library, id: TestID("T.\(name)"))
    }

    private func access(_ state: SharedState, writes: Bool = false, reads: Bool = true) -> StateAccess {
        StateAccess(state, reads: reads, writes: writes, file: "/p/Tests/T/T.swift", line: 1, column: 1)
    }

    private func kept(_ seconds: [String: Double], groups: [[String]] = [], wall: Double = 4) -> SuiteGroups {
        SuiteGroups(
            package: "/p", groups: groups.map { $0.map { TestID("T.\($0)") } },
            seconds: Dictionary(uniqueKeysWithValues: seconds.map { (TestID("T.\($0.key)"), $0.value) }),
            wallSeconds: wall)
    }

    @Test("Readers join their writers, through a chain too; a test touching nothing, or only its own state, is alone")
    func groupsOfMeetingFootprints() {
        // Given: a writes g, b reads it and writes h, c reads h; d reads e's file; f touches nothing, o its own global
        let tests = ["a", "b", "c", "d", "e", "f", "o"].map { test($0) }
        let footprints = Footprints(tests: [
            TestID("T.a"): [access(.global("g"), writes: true)],
            TestID("T.b"): [access(.global("g")), access(.global("h"), writes: true, reads: false)],
            TestID("T.c"): [access(.global("h"))],
            TestID("T.d"): [access(.file("/tmp/shared/x"))],
            TestID("T.e"): [access(.file("/tmp/shared"), writes: true)],
            TestID("T.f"): [],
            TestID("T.o"): [access(.global("mine"), writes: true)],
        ])

        // When
        let sut = SuiteGroups.groups(of: tests, footprints: footprints)

        // Then
        #expect(sut == [[id("a"), id("b"), id("c")], [id("d"), id("e")]])
    }

    @Test("State in a process does not join tests of two frameworks; a file does")
    func frameworksMeetThroughFilesOnly() {
        let x = test("x", .xctest)
        let s = test("s")
        let inProcess = Footprints(tests: [x.id: [access(.global("g"), writes: true)], s.id: [access(.global("g"))]])
        let onDisk = Footprints(tests: [x.id: [access(.file("/tmp/f"), writes: true)], s.id: [access(.file("/tmp/f"))]])

        #expect(SuiteGroups.groups(of: [x, s], footprints: inProcess).isEmpty)
        #expect(SuiteGroups.groups(of: [x, s], footprints: onDisk) == [[x.id, s.id].sorted()])
    }

    @Test("A test with no footprint joins no group: what it touches is unknown to the candidates too")
    func noFootprintIsAloneInTheDeal() {
        let footprints = Footprints(tests: [TestID("T.a"): [access(.global("g"), writes: true)]])
        #expect(SuiteGroups.groups(of: [test("a"), test("gone")], footprints: footprints).isEmpty)
    }

    @Test("Groups stay whole; the rest go, longest first, to the process with the least dealt")
    func dealtByTime() {
        // Given: a group of 3 s, tests of 2, 1.5, 1 and 0.5 s
        let sut = kept(["g1": 2, "g2": 1, "a": 2, "b": 1.5, "c": 1, "d": 0.5], groups: [["g1", "g2"]])

        // When: dealt into two processes
        let dealt = sut.deal(into: 2)

        // Then: the group (3 s) in 0, a in 1 (2 s), b in 1 (2 < 3), c in 0 (3 < 3.5), d in 1 (3.5 < 4)
        #expect(dealt[TestID("T.g1")] == 0)
        #expect(dealt[TestID("T.g2")] == 0)
        #expect(dealt[TestID("T.a")] == 1)
        #expect(dealt[TestID("T.b")] == 1)
        #expect(dealt[TestID("T.c")] == 0)
        #expect(dealt[TestID("T.d")] == 1)
        #expect(sut.deal(into: 1).isEmpty)
    }

    @Test("A split is worth its processes only when no process carries over three quarters of the time")
    func shortensOnlyWithoutADominantGroup() {
        // Given: a group of 8 s beside 2 s of other tests, and a group of 3 s beside 3 s
        let dominant = kept(["g1": 4, "g2": 4, "a": 1, "b": 1], groups: [["g1", "g2"]])
        let even = kept(["g1": 1.5, "g2": 1.5, "a": 2, "b": 1], groups: [["g1", "g2"]])

        // Then: the first stays one process (8 of 10 s in one), the second splits (3 of 6 s)
        #expect(!dominant.shortens(dominant.deal(into: 2), count: 2))
        #expect(even.shortens(even.deal(into: 2), count: 2))
        #expect(!kept([:]).shortens([:], count: 2))
    }

    @Test("A broken guess's groups join the kept ones: a test in two groups joins them")
    func mergedGroupsJoinThroughSharedTests() {
        let sut = kept([:], groups: [["a", "b"], ["c", "d"]])

        #expect(sut.merged(with: []) == [[id("a"), id("b")], [id("c"), id("d")]])
        #expect(sut.merged(with: [[id("b"), id("c")]]) == [[id("a"), id("b"), id("c"), id("d")]])
        #expect(
            sut.merged(with: [[id("e"), id("f")]]) == [[id("a"), id("b")], [id("c"), id("d")], [id("e"), id("f")]])
    }

    @Test("Processes: one per core (or --jobs), never more; one when the kept run took under a second")
    func processesPerCore() {
        #expect(kept([:], wall: 5).processes(width: 2) == 2)
        #expect(kept([:], wall: 5).processes(width: 4) == 4)
        #expect(kept([:], wall: 0.9).processes(width: 2) == 1)
    }

    @Test("A group that ran in two processes is found; a new test ran in process 0")
    func splitGroupsAreFound() {
        let dealt = [id("a"): 0, id("b"): 1, id("c"): 1]
        func apart(_ group: [TestID]) -> [TestID]? { SuiteGroups.split([group], dealt: dealt).map { [$0.0, $0.1] } }

        #expect(apart([id("b"), id("c")]) == nil)
        #expect(apart([id("a"), id("b")]) == [id("a"), id("b")])
        #expect(apart([id("a"), id("new")]) == nil)
        #expect(apart([id("c"), id("new")]) == [id("c"), id("new")])
    }

    @Test("A split run whose footprints could not be read does not stand: nothing else can check it")
    func unreadFootprintsBreakTheSplit() {
        let split = RunStage.SuiteSplit(count: 2, dealt: [id("a"): 0, id("b"): 1])
        var learned: [[TestID]] = [[id("x"), id("y")]]
        let failed = RunStage.SuiteRunsMeasured(
            byIndex: [:], tests: [], footprints: .failure(FootprintProblem(reason: "no profile")))
        let unmeasured = RunStage.SuiteRunsMeasured(byIndex: [:], tests: [], footprints: nil)

        #expect(
            RunStage.broken(split, failed, learned: &learned)
                == "the footprints of the split run could not be read: no profile")
        #expect(RunStage.broken(split, unmeasured, learned: &learned) != nil)
        #expect(learned == [[id("x"), id("y")]])
    }

    @Test("Kept groups are read back for their package only; a file of another format or package is none")
    func keptForItsPackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = kept(["a": 1, "b": 2], groups: [["a", "b"]])

        try sut.write(to: folder)

        #expect(SuiteGroups.load(from: folder, package: "/p") == sut)
        #expect(SuiteGroups.load(from: folder, package: "/q") == nil)
        try Data("{\"format\": 0}".utf8).write(to: folder.appendingPathComponent(SuiteGroups.fileName))
        #expect(SuiteGroups.load(from: folder, package: "/p") == nil)
        SuiteGroups.remove(from: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(SuiteGroups.fileName).path))
    }
}
