import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning
@testable import LitmusSupport

@Suite("litmus audit --since: the tests that run alone, and the lines kept between audits")
struct AloneScopeTests {
    private let total = TestIdentity(
        library: .xctest, id: "MTests.CartTests/testTotal", file: "Tests/MTests/CartTests.swift")
    private let empty = TestIdentity(
        library: .xctest, id: "MTests.CartTests/testEmpty", file: "Tests/MTests/CartTests.swift")
    private let name = TestIdentity(
        library: .swiftTesting, id: "MTests.UserTests/name()", file: "Tests/MTests/UserTests.swift")
    private let invoice = TestIdentity(
        library: .xctest, id: "BillingTests.InvoiceTests/testSum", file: "Tests/BillingTests/InvoiceTests.swift")

    /// Two modules: M (tested by MTests) and Billing, which depends on M (tested by BillingTests).
    private let layout = PackageLayout(
        sourceFolders: ["Sources/M", "Sources/Billing"],
        testFolders: ["MTests": "Tests/MTests", "BillingTests": "Tests/BillingTests"],
        dependentTests: ["Sources/M": ["MTests", "BillingTests"], "Sources/Billing": ["BillingTests"]],
        pluginFolders: ["Plugins/Gen"])

    private let files = [
        "Package.swift": "1", "README.md": "1", "Sources/M/Cart.swift": "1", "Sources/M/User.swift": "1",
        "Sources/Billing/Invoice.swift": "1", "Tests/MTests/CartTests.swift": "1",
        "Tests/BillingTests/InvoiceTests.swift": "1",
    ]

    private var store: TestLinesStore {
        TestLinesStore(
            package: "/pkg", files: files,
            tests: [
                total.id: ["Sources/M/Cart.swift": "10-14,30"], empty.id: ["Sources/M/Cart.swift": "3-5"],
                name.id: ["Sources/M/User.swift": "1-9"], invoice.id: ["Sources/Billing/Invoice.swift": "2-8"],
            ])
    }

    /// The tests whose entries survive `changed` files (new hashes), or why none does.
    private func surviving(_ changed: [String: String?]) -> Result<Set<TestID>, TestLinesStore.Dropped> {
        var now = files
        for (path, hash) in changed { now[path] = hash }
        return store.surviving(package: "/pkg", files: now, layout: layout).map { Set($0.tests.keys) }
    }

    @Test("Only the tests whose kept lines or file touch the changes run alone, and tests with no kept lines")
    func chosenByKeptLines() {
        // Given: line 12 of Cart.swift changed (testTotal executed it, testEmpty did not), and a new test
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .lines([12])])
        let added = TestIdentity(library: .swiftTesting, id: "MTests.NewTests/added()", file: "Tests/MTests/New.swift")

        // When
        let sut = AloneScope.choose([total, empty, name, added], changes: changes, previous: store)

        // Then
        #expect(sut.filter([total, empty, name, added]).map(\.id) == [total.id, added.id])
        #expect(sut.reason == nil)
    }

    @Test("Each rule gives its scope: every test with its reason, by file, by kept lines")
    func rules() {
        // Given: line 12 of Cart.swift changed
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .lines([12])])
        let tests = [total, empty, name]

        // When
        let every = AloneScope.Rule.everyTest("no lines kept").scope(for: tests)
        let byFile = AloneScope.Rule.byFile(changes).scope(for: tests)
        let byLines = AloneScope.Rule.byLines(changes, previous: store).scope(for: tests)

        // Then
        #expect(every == AloneScope(tests: nil, reason: "no lines kept"))
        #expect(byFile == AloneScope(tests: [], reason: nil))
        #expect(byLines == AloneScope(tests: [total.id], reason: nil))
    }

    @Test("A changed test file runs its tests alone, whatever they executed")
    func changedTestFile() {
        let changes = ChangedLines(ref: "main", files: ["Tests/MTests/UserTests.swift": .lines([40])])

        let sut = AloneScope.choose([total, empty, name], changes: changes, previous: store)

        #expect(sut.tests == [name.id])
    }

    @Test("When every test may touch the changes, every test runs alone and the report says why")
    func everyTestChosen() {
        let changes = ChangedLines(ref: "main", files: ["Sources/M/Cart.swift": .whole])

        let sut = AloneScope.choose([total, empty], changes: changes, previous: store)

        #expect(sut.tests == nil)
        #expect(sut.reason == "each may touch the changes, or has no kept lines that still hold")
    }

    @Test("Without coverage only the tests of changed files run alone")
    func byFile() {
        let changes = ChangedLines(ref: "main", files: ["Tests/MTests/CartTests.swift": .whole])

        let sut = AloneScope.byFile([total, empty, name], changes: changes)

        #expect(sut.tests == [total.id, empty.id])
    }

    @Test("Unchanged files keep every entry")
    func unchanged() throws {
        #expect(try surviving([:]).get() == [total.id, empty.id, name.id, invoice.id])
    }

    @Test("A changed source file drops the entries of every test module depending on its target, and only those")
    func changedSource() throws {
        // Billing's file: only BillingTests depends on Billing
        #expect(try surviving(["Sources/Billing/Invoice.swift": "2"]).get() == [total.id, empty.id, name.id])
        // M's file, even one no test executed: MTests and BillingTests (through Billing) depend on M
        #expect(try surviving(["Sources/M/Money.swift": "1"]).get() == [])
    }

    @Test("A changed, added or deleted file of a test target drops that target's entries")
    func changedTestTarget() throws {
        #expect(try surviving(["Tests/MTests/Helpers.swift": "1"]).get() == [invoice.id])
        #expect(try surviving(["Tests/BillingTests/InvoiceTests.swift": nil]).get() == [total.id, empty.id, name.id])
    }

    @Test(
        "A change outside the targets' folders, or to a plugin, drops every entry and names the file",
        arguments: ["Package.swift", "Tests/Fixtures/cart.json", "Tests/Fixtures/notes.md", "Plugins/Gen/Gen.swift"])
    func changedOther(path: String) {
        #expect(throws: TestLinesStore.Dropped(reason: "\(path) changed since, which may change any test")) {
            try surviving([path: "2"]).get()
        }
    }

    @Test("Markdown at the package's root or under docs/, the quarantine and the audit's settings drop nothing")
    func documentation() throws {
        let changed = ["README.md": "2", "docs/guide.md": "1", ".litmus-quarantine": "1", ".litmus-audit.json": "1"]
        #expect(try surviving(changed).get().count == 4)
    }

    @Test("A helper test target's change drops the targets depending on it; a target under another is its own")
    func nestedAndHelperTargets() {
        // Given: a test target at Tests with a helper test target inside it that UITests depends on
        let layout = PackageLayout(
            sourceFolders: ["Sources/M", "Sources/Tool"],
            testFolders: ["AllTests": "Tests", "Support": "Tests/Support", "UITests": "UI"],
            dependentTests: ["Sources/M": ["AllTests"], "Tests/Support": ["UITests"]])

        // Then
        #expect(
            TestLinesStore.modules(changedBy: "Tests/Support/Helper.swift", layout: layout) == ["Support", "UITests"])
        #expect(TestLinesStore.modules(changedBy: "Tests/CartTests.swift", layout: layout) == ["AllTests"])
        // A target no test depends on (a plugin's tool, an executable run by path) may change any test
        #expect(TestLinesStore.modules(changedBy: "Sources/Tool/main.swift", layout: layout) == nil)
    }

    @Test("Another package's kept lines do not hold")
    func anotherPackage() {
        let sut = store.surviving(package: "/other", files: files, layout: layout)

        #expect(throws: TestLinesStore.Dropped(reason: "they are of /pkg")) { try sut.get() }
    }

    @Test("An update replaces the measured entries, keeps the others and drops the tests that are gone")
    func updated() {
        let measured: [String: LineSet] = ["Sources/M/Cart.swift": "10-16"]

        let sut = store.updated(
            measured: [total.id: measured],
            suite: [total.id, name.id], files: ["Package.swift": "2"])

        #expect(sut.tests[total.id] == measured)
        #expect(sut.tests[name.id] == store.tests[name.id])
        #expect(sut.tests[empty.id] == nil)
        #expect(sut.files == ["Package.swift": "2"])
    }

    @Test("A store is written and read back; none is nil; another format or a corrupt file is named as unusable")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(TestLinesStore.load(from: folder) == nil)

        try store.write(to: folder)
        #expect(try TestLinesStore.load(from: folder)?.get() == store)

        let file = folder.appendingPathComponent(TestLinesStore.fileName)
        let unusable = TestLinesStore.Dropped(
            reason: "\(file.path) is not of this version of litmus, or cannot be read")
        try Data(#"{"format": 1, "package": "/pkg", "files": {}, "tests": {}}"#.utf8).write(to: file)
        #expect(throws: unusable) { try TestLinesStore.load(from: folder)?.get() }
        try Data("not json".utf8).write(to: file)
        #expect(throws: unusable) { try TestLinesStore.load(from: folder)?.get() }
    }

    @Test(
        "The package's files are hashed by relative path and a dependency's by absolute path, build folders, .git, .swiftpm and the package inside its dependency left out"
    )
    func hashes() throws {
        // Given: a package inside its local dependency, each with files that do not count
        let root = try temporaryFolder([
            "Shared/Package.swift": "manifest", "Shared/Sources/S/S.swift": "s", "Shared/.build/debug/S.o": "built",
            "Shared/.git/HEAD": "ref", "Shared/App/Sources/A/A.swift": "a", "Shared/App/.swiftpm/x": "x",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = root.appendingPathComponent("Shared")

        // When
        let sut = TestLinesStore.hashes(package: shared.appendingPathComponent("App"), dependencies: [shared])

        // Then
        #expect(
            Set(sut.keys) == ["Sources/A/A.swift", shared.path + "/Package.swift", shared.path + "/Sources/S/S.swift"])
        #expect(sut["Sources/A/A.swift"] == ContentHash.hex("a"))
    }

    @Test(
        "Local dependencies are found through every manifest, relative paths resolved, each once, inner folders left out"
    )
    func localDependencies() throws {
        // Given: App names Shared and its own Inner; Shared names Base by a relative path and App back
        let root = try temporaryFolder([
            "App/Package.swift": #"let p = [.package(path: "../Shared"), .package(path: "Inner")]"#,
            "Shared/Package.swift": #"let p = [.package(path: "../Base"), .package(path: "../App")]"#,
            "Base/Package.swift": "let p = 1",
        ])
        defer { try? FileManager.default.removeItem(at: root) }

        // When
        let sut = LocalDependencies.all(of: root.appendingPathComponent("App"))

        // Then
        #expect(sut.map(\.lastPathComponent) == ["Base", "Shared"])
    }

    @Test("The report says how many tests ran alone, or why every test did")
    func reported() {
        let tests = [total, empty].map { test in
            TestReport(
                id: test.id, name: test.name, library: .xctest, file: test.file, line: 1,
                suiteOutcomes: [.passed], aloneOutcome: .passed, durationsMilliseconds: [1], medianMilliseconds: 1,
                flipRate: 0, issues: [],
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

    @Test("A quarantined test that did not run alone is not listed as no longer flipping")
    func quarantineOfSkippedTests() {
        // Given: both tests quarantined and neither flipping; only testTotal ran alone
        let tests = [total, empty].map { test in
            TestReport(
                id: test.id, name: test.name, library: .xctest, file: test.file, line: 1,
                suiteOutcomes: [.passed], aloneOutcome: test == total ? .passed : .notRun, durationsMilliseconds: [1],
                medianMilliseconds: 1,
                flipRate: 0, issues: [], coveredLines: [:])
        }
        let entries = [
            Quarantine.Entry(selector: .id(total.id), reason: "flaky", line: 2),
            Quarantine.Entry(selector: .id(empty.id), reason: "flaky", line: 4),
        ]
        let report = ReportAssembly.assemble(
            package: "/pkg", seed: 1, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: tests,
            findings: [], coverage: nil, failingTests: [],
            quarantine: QuarantineReport(
                tests: [total.id, empty.id], noLongerFlipping: entries, unknown: []))

        // When
        let sut = ChangedScope.limit(
            report, to: ChangedLines(ref: "main", files: [:]), alone: AloneScope(tests: [total.id], reason: nil))

        // Then
        #expect(sut.quarantine?.noLongerFlipping == [entries[0]])
        #expect(sut.quarantine?.tests == [total.id, empty.id])
    }

    @Test("The layout names, for each target, the test modules depending on it through any target; and the plugins")
    func dependentTests() throws {
        // Given: swift package describe's targets: App depends on Core; AppTests on App; CoreTests on Core
        // and on the test helper target test-support (module test_support), which depends on App
        let json = #"""
            {"name": "P", "targets": [
              {"name": "Core", "c99name": "Core", "path": "Sources/Core", "type": "library", "sources": []},
              {"name": "App", "c99name": "App", "path": "Sources/App", "type": "library", "sources": [],
               "target_dependencies": ["Core"]},
              {"name": "Gen", "c99name": "Gen", "path": "Plugins/Gen", "type": "plugin", "sources": []},
              {"name": "AppTests", "c99name": "AppTests", "path": "Tests/AppTests", "type": "test",
               "sources": ["AppTests.swift"], "target_dependencies": ["App"]},
              {"name": "CoreTests", "c99name": "CoreTests", "path": "Tests/CoreTests", "type": "test",
               "sources": ["CoreTests.swift"], "target_dependencies": ["Core", "test-support"]},
              {"name": "test-support", "c99name": "test_support", "path": "Tests/Support", "type": "test",
               "sources": ["Support.swift"], "target_dependencies": ["App"]}
            ]}
            """#

        // When
        let sut = try PackageLayout.read(Data(json.utf8), root: URL(fileURLWithPath: "/p"))

        // Then
        #expect(
            sut.dependentTests == [
                "Sources/Core": ["AppTests", "CoreTests", "test_support"],
                "Sources/App": ["AppTests", "CoreTests", "test_support"], "Tests/Support": ["CoreTests"],
            ])
        #expect(sut.pluginFolders == ["Plugins/Gen"])
        #expect(
            sut.testFolders == [
                "AppTests": "Tests/AppTests", "CoreTests": "Tests/CoreTests", "test_support": "Tests/Support",
            ])
    }
}
