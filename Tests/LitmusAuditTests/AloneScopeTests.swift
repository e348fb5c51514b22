import Foundation
import Testing

@testable import LitmusAudit

@Suite("litmus audit --since: the tests that run alone, and the lines kept between audits")
struct AloneScopeTests {
    private let total = TestIdentity(
        library: .xctest, id: "MTests.CartTests/testTotal", file: "Tests/MTests/CartTests.swift")
    private let empty = TestIdentity(
        library: .xctest, id: "MTests.CartTests/testEmpty", file: "Tests/MTests/CartTests.swift")
    private let name = TestIdentity(
        library: .swiftTesting, id: "MTests.UserTests/name()", file: "Tests/MTests/UserTests.swift")

    private var store: TestLinesStore {
        TestLinesStore(
            targetFolders: ["Sources/M", "Tests/MTests"],
            tests: [
                total.id: .init(
                    file: total.file, folder: "Tests/MTests", lines: ["Sources/M/Cart.swift": "10-14,30"]),
                empty.id: .init(file: empty.file, folder: "Tests/MTests", lines: ["Sources/M/Cart.swift": "3-5"]),
                name.id: .init(file: name.file, folder: "Tests/MTests", lines: ["Sources/M/User.swift": "1-9"]),
            ])
    }

    @Test("Only the tests the stored lines or a changed test file put in scope run alone; unknown tests run too")
    func chosenByStoredLines() {
        // Given: line 12 of Cart.swift changed (testTotal executed it, testEmpty did not), and a new test
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .lines([12])])
        let added = TestIdentity(library: .swiftTesting, id: "MTests.NewTests/added()", file: "Tests/MTests/New.swift")

        // When
        let sut = AloneScope.choose([total, empty, name, added], changes: changes, previous: store)

        // Then
        #expect(sut.filter([total, empty, name, added]).map(\.id) == [total.id, added.id])
        #expect(sut.reason == nil)
    }

    @Test("A changed test file runs its tests alone, whatever they executed")
    func changedTestFile() {
        let changes = ChangedLines(ref: "main", files: ["Tests/MTests/UserTests.swift": .lines([40])])

        let sut = AloneScope.choose([total, empty, name], changes: changes, previous: store)

        #expect(sut.tests == [name.id])
    }

    @Test("With no stored lines every test runs alone, and the reason says why")
    func noStore() {
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .lines([12])])

        let sut = AloneScope.choose([total, empty], changes: changes, previous: nil)

        #expect(sut.filter([total, empty]).count == 2)
        #expect(sut.reason?.contains("no earlier audit") == true)
    }

    @Test("Without coverage only the tests of changed files run alone")
    func byFile() {
        let changes = ChangedLines(ref: "main", files: ["Tests/MTests/CartTests.swift": .whole])

        let sut = AloneScope.byFile([total, empty, name], changes: changes)

        #expect(sut.tests == [total.id, empty.id])
    }

    @Test("A changed source file drops the entries of the tests that executed it, and only those")
    func invalidatedBySource() throws {
        let sut = try #require(store.invalidated(by: ["Sources/M/User.swift"]))

        #expect(Set(sut.tests.keys) == [total.id, empty.id])
    }

    @Test("A changed or deleted file of a test target drops every entry of that target")
    func invalidatedByTestTarget() throws {
        let sut = try #require(store.invalidated(by: ["Tests/MTests/Helpers.swift"]))

        #expect(sut.tests.isEmpty)
    }

    @Test(
        "A change to anything but a target's Swift source drops the whole store",
        arguments: ["Package.swift", "Tests/MTests/Resources/cart.json", "Tests/MTests/Resources/notes.md", "data.txt"])
    func invalidatedByOtherFiles(changed: String) {
        #expect(store.invalidated(by: [changed]) == nil)
    }

    @Test("Markdown outside the targets is documentation: it drops nothing")
    func documentationDropsNothing() {
        #expect(store.invalidated(by: ["README.md", "docs/guide.md"]) == store)
    }

    @Test("A store is written and read back; another format or a corrupt file reads as none")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        try store.write(to: folder)
        #expect(TestLinesStore.load(from: folder) == store)

        let file = folder.appendingPathComponent(TestLinesStore.fileName)
        try Data("{\"format\": 2, \"targetFolders\": [], \"tests\": {}}".utf8).write(to: file)
        #expect(TestLinesStore.load(from: folder) == nil)
        try Data("not json".utf8).write(to: file)
        #expect(TestLinesStore.load(from: folder) == nil)
    }

    @Test(
        "Loading after changes drops the entries they may change on disk at once; a change to everything deletes the file"
    )
    func loadAfterChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.write(to: folder)

        let loaded = try TestLinesStore.load(from: folder, changed: ["Sources/M/Cart.swift"])

        #expect(loaded.map { Set($0.tests.keys) } == [name.id])
        #expect(TestLinesStore.load(from: folder) == loaded)
        #expect(try TestLinesStore.load(from: folder, changed: ["Package.swift"]) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(TestLinesStore.fileName).path))
    }

    @Test("An update replaces the measured entries, keeps the others and drops the tests that are gone")
    func updated() {
        let measured = ["Sources/M/Cart.swift": "10-16"]

        let sut = store.updated(
            measured: [total.id: .init(file: total.file, folder: "Tests/MTests", lines: measured)],
            suite: [total.id, name.id], targetFolders: ["Sources/M", "Tests/MTests"])

        #expect(sut.tests[total.id]?.lines == measured)
        #expect(sut.tests[name.id] == store.tests[name.id])
        #expect(sut.tests[empty.id] == nil)
    }

    @Test("The report says how many tests ran alone, or why every test did")
    func reported() {
        let tests = [total, empty].map { test in
            TestReport(
                id: test.id, name: test.name, library: .xctest, file: test.file, line: 1, suiteOutcomes: [.passed],
                aloneOutcome: .passed, durationsMilliseconds: [1], medianMilliseconds: 1, flipRate: 0, issues: [],
                coveredLines: [:])
        }
        let report = ReportAssembly.assemble(
            package: "/pkg", seed: 1, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: tests,
            findings: [], coverage: nil, failingTests: [])
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .lines([12])])

        let narrowed = ChangedScope.limit(report, to: changes, alone: AloneScope(tests: [total.id], reason: nil))
        let every = ChangedScope.limit(
            report, to: changes, alone: .everyTest("--mutation reads the lines of every test"))

        #expect(narrowed.changedScope?.ranAlone == 1)
        #expect(TerminalReport().render(narrowed).contains("Ran 1 of 2 tests alone: the others are out of scope"))
        #expect(every.changedScope?.ranAlone == nil)
        #expect(
            TerminalReport().render(every).contains("Ran every test alone: --mutation reads the lines of every test"))
    }
}
