import Foundation
import LitmusReport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("The quarantine file, and flipped tests in JUnit")
struct QuarantineTests {
    private let flakyID: TestID = "M.Tally/flips()/Tally.swift:5:2"

    /// A report of a Swift Testing test that flipped (failed the second suite run and a parallel run),
    /// with its R finding, and a steady XCTest test.
    private func report(quarantine text: String?) throws -> AuditReport {
        let flips = TestReport(
            id: flakyID, name: "Tally/flips()", library: .swiftTesting, file: "Tests/MTests/Tally.swift", line: 5,
            suiteOutcomes: [.passed, .failed, .passed], aloneOutcome: .passed, durationsMilliseconds: [1, 1, 1],
            medianMilliseconds: 1, flipRate: 1, issues: ["Tally.swift:8: Expectation failed: 1 == 2"],
            coveredLines: [:], parallelOutcomes: [.failed, .passed, .passed])
        let steady = TestReport(
            id: "M.CartTests/testTotal", name: "CartTests.testTotal", library: .xctest, file: nil, line: nil,
            suiteOutcomes: [.passed, .passed, .passed], aloneOutcome: .passed, durationsMilliseconds: [1, 1, 1],
            medianMilliseconds: 1, flipRate: 0, issues: [], coveredLines: [:])
        let finding = Finding(
            kind: .flaky, test: flakyID, file: "Tests/MTests/Tally.swift", line: 5,
            message: "Tally/flips() passed 2 of 3 identical runs (flip rate 1.00)")
        let quarantine = try text.map { try Quarantine.parse($0, path: "/pkg/.litmus-quarantine") } ?? Quarantine()
        let held = ReportAssembly.quarantine(quarantine, tests: [flips, steady], findings: [finding], failingTests: [])
        return ReportAssembly.assemble(
            package: "/pkg", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 1, tests: [flips, steady],
            findings: held.findings, coverage: nil, failingTests: [], quarantine: held.report)
    }

    @Test("One test a line, its reason after `#` or on the comment lines right above; blank lines between")
    func parse() throws {
        let text = """
            # Known race in the tally,
            # issue #12
            M.Tally/flips()/Tally.swift:5:2

            CartTests.testTotal   # depends on the clock
            """
        let quarantine = try Quarantine.parse(text, path: ".litmus-quarantine")
        #expect(
            quarantine.entries == [
                Quarantine.Entry(
                    selector: "M.Tally/flips()/Tally.swift:5:2", reason: "Known race in the tally, issue #12", line: 3),
                Quarantine.Entry(selector: "CartTests.testTotal", reason: "depends on the clock", line: 5),
            ])
    }

    @Test("A line's test is an id when a module qualifies it (a dot before its first slash), else a name")
    func selectors() throws {
        let text = """
            M.Tally/flips()/Tally.swift:5:2  # a Swift Testing id
            M.CartTests/testTotal            # an XCTest id
            M.top()/Top.swift:3:2            # a global function's id
            Tally/flips()                    # a Swift Testing name
            CartTests.testTotal              # an XCTest name
            `a.b`/f()                        # a raw identifier's dot qualifies nothing
            """
        let selectors = try Quarantine.parse(text, path: ".litmus-quarantine").entries.map(\.selector)
        #expect(
            selectors == [
                .id("M.Tally/flips()/Tally.swift:5:2"), .id("M.CartTests/testTotal"), .id("M.top()/Top.swift:3:2"),
                .name("Tally/flips()"), .name("CartTests.testTotal"), .name("`a.b`/f()"),
            ])
    }

    @Test("An id selects the test of that id and a name the tests of that name; another test's, neither")
    func selecting() {
        let test = TestIdentity(library: .xctest, id: "M.CartTests/testTotal")
        #expect(TestSelector("M.CartTests/testTotal").matches(test))
        #expect(TestSelector("CartTests.testTotal").matches(test))
        #expect(!TestSelector("N.CartTests/testTotal").matches(test))
        #expect(!TestSelector.name("M.CartTests/testTotal").matches(test))
    }

    @Test("In JSON an entry's test is its text as written, and reads back as the same selector")
    func json() throws {
        let entry = Quarantine.Entry(selector: "M.Tally/flips()/Tally.swift:5:2", reason: "race", line: 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(entry)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"line":3,"reason":"race","test":"M.Tally/flips()/Tally.swift:5:2"}"#)
        #expect(
            try JSONDecoder().decode(Quarantine.Entry.self, from: data).selector
                == .id("M.Tally/flips()/Tally.swift:5:2"))
    }

    @Test("A line of two words, or a test without a reason, is an error naming file:line")
    func malformed() {
        #expect(
            throws: AuditError.badQuarantine(
                location: "/pkg/.litmus-quarantine:2",
                reason: "\"A.b C.d\" is not one test id: write one test a line, its reason after `#`")
        ) {
            try Quarantine.parse("# why\nA.b C.d\n", path: "/pkg/.litmus-quarantine")
        }
        #expect(
            throws: AuditError.badQuarantine(
                location: "/pkg/.litmus-quarantine:3",
                reason: "A.b has no reason: add `# why` after it or on the line above")
        ) {
            // A blank line separates a comment from the test below it.
            try Quarantine.parse("# why\n\nA.b\n", path: "/pkg/.litmus-quarantine")
        }
    }

    @Test("An audit of a package with a malformed quarantine stops at once, naming file:line, before any build")
    func auditStops() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-q-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// swift-tools-version: 6.1\n".write(
            to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "A.b\n".write(to: folder.appendingPathComponent(".litmus-quarantine"), atomically: true, encoding: .utf8)
        let error = await #expect(throws: AuditError.self) { try await Audit(package: folder).run() }
        #expect(
            error?.description
                == "\(folder.standardizedFileURL.path)/.litmus-quarantine:1: A.b has no reason: add `# why` after it "
                + "or on the line above. The quarantine file holds one test id a line with its reason "
                + "(docs/audit.md, Quarantine).")
    }

    @Test("A package without the file has an empty quarantine; with it, the file is read from the package")
    func load() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-q-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Quarantine.load(package: folder) == Quarantine())
        try "A.b # why\n".write(
            to: folder.appendingPathComponent(".litmus-quarantine"), atomically: true, encoding: .utf8)
        #expect(try Quarantine.load(package: folder).entries.map(\.selector) == ["A.b"])
    }

    @Test("A quarantined test's finding is reported, marked, and counted against no letter")
    func outOfThresholds() throws {
        let open = try report(quarantine: nil)
        #expect(open.unmetThresholds == ["Repeatable: 1 finding, at most 0 allowed (maxRepeatable)"])
        let held = try report(quarantine: "Tally/flips() # race, issue 12\n")
        #expect(held.unmetThresholds.isEmpty)
        #expect(held.findings.map(\.quarantined) == [true])
        #expect(
            held.verdicts.first { $0.letter == .repeatable }?.summary.hasSuffix("; 1 more of quarantined tests") == true
        )
        #expect(held.quarantine?.tests == [flakyID])
        #expect(held.quarantine?.noLongerFlipping == [])
    }

    @Test("Quarantined tests that no longer flip, and entries naming no test, are listed for removal")
    func removable() throws {
        let held = try report(quarantine: "CartTests.testTotal # was flaky\nGone.test # renamed\n")
        #expect(held.quarantine?.noLongerFlipping.map(\.selector) == ["CartTests.testTotal"])
        #expect(held.quarantine?.unknown.map(\.selector) == ["Gone.test"])
        let text = TerminalReport().render(held)
        #expect(text.contains("remove from quarantine (line 1): CartTests.testTotal no longer flips"))
        #expect(text.contains("remove from quarantine (line 2): Gone.test names no test of the package"))
    }

    @Test(
        "JUnit: a flipped test that counts fails with a rerunFailure per failed run; quarantined, it passes with flakyFailure"
    )
    func junit() throws {
        let counted = JUnitReport().render(try report(quarantine: nil))
        let flaky = "message=\"Tally.swift:8: Expectation failed: 1 == 2\" type=\"test failure\""
        #expect(
            counted.contains("<failure message=\"[R] Tally/flips() passed 2 of 3 identical runs (flip rate 1.00)\""))
        #expect(counted.components(separatedBy: "<rerunFailure \(flaky)>").count == 3)
        #expect(!counted.contains("flakyFailure"))
        let held = JUnitReport().render(try report(quarantine: "Tally/flips() # race\n"))
        #expect(!held.contains("<failure"))
        #expect(held.components(separatedBy: "<flakyFailure \(flaky)>").count == 3)
        #expect(held.contains("failures=\"0\""))
    }
}
