import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Checks that never ran: where the analysis finds them, how llvm-cov's segments count them, and the
/// judge deciding from hand-made counts (no process runs).
@Suite("Assertions that never ran")
struct AssertionNeverRanTests {
    private let file = "Tests/MTests/CartTests.swift"
    private let test = TestIdentity(
        library: .xctest, id: "M.CartTests/testTotals", file: "Tests/MTests/CartTests.swift", line: 3)

    private func at(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(file: file, line: line, column: column)
    }

    /// A check at `line`:9 inside a construct whose body starts at `body`:13.
    private func site(
        _ line: Int, call: String = "XCTAssertEqual", helper: String? = nil, decidedAt: SourcePosition? = nil,
        skipper: String? = nil, body: Int? = nil
    ) -> AssertionSite {
        AssertionSite(
            position: at(line, 9), call: call, helper: helper, failsOnly: call == "XCTFail",
            decidedAt: decidedAt ?? at(line, 9),
            skippers: skipper.map { [.init(description: $0, body: at(body ?? line, 13))] } ?? [])
    }

    /// The judgement of `sites` for the test, passing alone, with `counts` measured.
    private func judge(
        _ sites: [AssertionSite], counts: [SourcePosition: Int], alone: TestOutcome = .passed, byTry: Bool = false,
        helpers: [String: [AssertionSites]] = [:], also: [Finding] = [], body: SourcePosition? = nil
    ) -> (findings: [Finding], notes: [Finding]) {
        var context = JudgingContext(options: AuditOptions(), seed: 1)
        context.analysis.assertionSites = [
            AssertionSites(name: "CartTests.testTotals", file: file, sites: sites, checksByTry: byTry, body: body)
        ]
        context.analysis.helperSites = helpers
        context.executions = [test.id: counts]
        let observed = Observations(
            tests: [test], suiteRuns: [ObservedRun(results: [test.id: TestResult(outcome: alone, duration: 0)])],
            alone: [test.id: TestResult(outcome: alone, duration: 0)])
        return AssertionNeverRanJudge.judge(observed, context, besides: also)
    }

    @Test("A passing test whose only check sits in a closure never called is found at the check's line")
    func closureNeverCalled() throws {
        let check = site(5, call: "#expect", skipper: "the closure passed to search(…) (line 4), never called")
        let judged = judge([check], counts: [at(5, 9): 0, at(5, 13): 0])
        let finding = try #require(judged.findings.first)
        #expect(finding.kind == .assertionNeverRan)
        #expect(finding.letter == .selfValidating)
        #expect(finding.test == test.id)
        #expect(finding.location == "\(file):5")
        #expect(
            finding.message
                == "CartTests.testTotals passed without running any of its checks: `#expect` (line 5) sits in the closure passed to search(…) (line 4), never called"
        )
        #expect(judged.notes.isEmpty)
    }

    @Test("A test whose own body never ran (a Linux allTests entry naming another method) says so")
    func bodyNeverRan() throws {
        let judged = judge([site(5)], counts: [at(4, 9): 0, at(5, 9): 0], body: at(4, 9))
        #expect(
            try #require(judged.findings.first).message.contains(
                ": its body never ran (the runner called another function"))
    }

    @Test("The construct named is the outermost one whose body never ran")
    func outermostSkipper() throws {
        var check = site(6)
        check.skippers = [
            .init(description: "the `if let` (line 5), whose condition never held", body: at(6, 9)),
            .init(description: "the for loop over baskets (line 4), which did not iterate", body: at(5, 9)),
        ]
        let judged = judge([check], counts: [at(6, 9): 0, at(5, 9): 0])
        #expect(
            try #require(judged.findings.first).message.hasSuffix(
                "sits in the for loop over baskets (line 4), which did not iterate"))
    }

    @Test("A check that ran once is no finding; some checks never ran is a note, which fails no letter")
    func partly() throws {
        let ran = site(4)
        let skipped = site(6, skipper: "the for loop over prices (line 5), which did not iterate", body: 6)
        #expect(judge([ran, skipped], counts: [at(4, 9): 1, at(6, 9): 0, at(6, 13): 0]).findings.isEmpty)
        let note = try #require(judge([ran, skipped], counts: [at(4, 9): 1, at(6, 9): 0, at(6, 13): 0]).notes.first)
        #expect(note.location == "\(file):6")
        #expect(note.message.hasPrefix("CartTests.testTotals: 1 of 2 checks never ran: `XCTAssertEqual` (line 6)"))
        #expect(judge([ran, skipped], counts: [at(4, 9): 1, at(6, 9): 1]).notes.isEmpty)
    }

    @Test("XCTFail in a branch never taken is the branch deciding: it counts as made when the branch ran")
    func failureOnly() {
        let guardAt = at(4, 9)
        let fail = site(5, call: "XCTFail", decidedAt: guardAt, skipper: "the else of the guard (line 4), never taken")
        #expect(judge([fail], counts: [guardAt: 1, at(5, 9): 0]).findings.isEmpty)
        #expect(judge([fail], counts: [guardAt: 1, at(5, 9): 0]).notes.isEmpty)
        #expect(judge([fail], counts: [guardAt: 0, at(5, 9): 0]).findings.count == 1)
    }

    @Test("A failing test, an unmeasured one, one with a plain try and an unawaited check are not found")
    func notJudged() {
        let check = site(5)
        let zero = [at(5, 9): 0]
        #expect(judge([check], counts: zero, alone: .failed).findings.isEmpty)
        #expect(judge([check], counts: [:]).findings.isEmpty)
        let byTry = judge([check], counts: zero, byTry: true)
        #expect(byTry.findings.isEmpty)
        #expect(byTry.notes.count == 1)
        let unawaited = Finding(
            kind: .unawaitedAssertion, test: test.id, file: file, line: 5, message: "unawaited")
        #expect(judge([check], counts: zero, also: [unawaited]).findings.isEmpty)
    }

    @Test("A helper call counts as a check when any same-named helper's check ran; else the test is found")
    func helpers() throws {
        let call = site(4, call: "checkTotal", helper: "checkTotal")
        let helperFile = "Tests/MTests/Helpers.swift"
        func helper(_ line: Int) -> AssertionSites {
            let position = SourcePosition(file: helperFile, line: line, column: 5)
            return AssertionSites(
                name: "checkTotal", file: helperFile,
                sites: [
                    .init(position: position, call: "XCTAssertEqual", helper: nil, decidedAt: position, skippers: [])
                ],
                checksByTry: false)
        }
        let helpers = ["checkTotal": [helper(2), helper(9)]]
        let oneRan = [
            at(4, 9): 1, SourcePosition(file: helperFile, line: 2, column: 5): 0,
            SourcePosition(file: helperFile, line: 9, column: 5): 1,
        ]
        #expect(judge([call], counts: oneRan, helpers: helpers).findings.isEmpty)
        var noneRan = oneRan
        noneRan[SourcePosition(file: helperFile, line: 9, column: 5)] = 0
        let finding = try #require(judge([call], counts: noneRan, helpers: helpers).findings.first)
        #expect(finding.message.hasSuffix("`checkTotal` (line 4) calls a helper whose checks never ran"))
    }

    @Test("The analysis finds each check with the constructs that can skip it, and XCTFail decided by its guard")
    func analysis() throws {
        let analysis = try analyzeSources([
            "A.swift": """
            import XCTest
            final class ATests: XCTestCase {
                func testA() {
                    search("") { prices in
                        XCTAssertEqual(prices, [])
                    }
                    for basket in [[Int]]() { XCTAssertGreaterThan(basket.count, 0) }
                    if let percent = Int("ten") {
                        checkTotal(percent)
                    }
                    guard let first = [1].first else {
                        XCTFail("none")
                        return
                    }
                    guard let url = URL(string: "a") else { XCTAssertNotNil(nil, "no URL"); return }
                    let done = expectation(description: "done")
                    wait(for: [done], timeout: 1)
                    #expect(first == 1)
                }
            }
            func checkTotal(_ x: Int) { XCTAssertEqual(x, 3) }
            """
        ])
        let sites = try #require(analysis.assertionSites.first { $0.name == "ATests.testA" })
        #expect(
            sites.sites.map(\.call) == [
                "XCTAssertEqual", "XCTAssertGreaterThan", "checkTotal", "XCTFail", "XCTAssertNotNil", "#expect",
            ])
        #expect(sites.sites.map(\.position.line) == [5, 7, 9, 12, 15, 18])
        #expect(sites.sites.map(\.failsOnly) == [false, false, false, true, true, false])
        #expect(
            sites.sites.map { $0.skippers.map(\.description) } == [
                ["the closure passed to search(…) (line 4), never called"],
                ["the for loop over [[Int]]() (line 7), which did not iterate"],
                ["the `if let` (line 8), whose condition never held"],
                ["the else of the guard (line 11), never taken"],
                ["the else of the guard (line 15), never taken"],
                [],
            ])
        // The loop body's first statement, on the loop's line: the column llvm-cov counts the body at.
        #expect(sites.sites[1].skippers.first?.body.column == 35)
        #expect(sites.sites[3].decidedAt.line == 11)
        #expect(sites.sites[4].decidedAt.line == 15)
        #expect(sites.body?.line == 4)
        #expect(sites.sites[2].helper == "checkTotal")
        #expect(analysis.helperSites["checkTotal"]?.first?.sites.map(\.position.line) == [21])
    }

    @Test("A helper that only fails, in an argument never evaluated or a closure never called, is that check made")
    func failingHelper() throws {
        // Given: swift-log's shape: a helper that records an issue if its autoclosure argument is evaluated
        let analysis = try analyzeSources([
            "L.swift": """
            import Testing
            struct L {
                private func dontEvaluate() -> String {
                    Issue.record("evaluated")
                    return "no"
                }
                @Test func lazy() {
                    log(self.dontEvaluate())
                    handler = { _ in self.dontEvaluate() }
                }
            }
            """
        ])
        let sites = try #require(analysis.assertionSites.first { $0.name == "L/lazy" })

        // Then: each call only fails, decided by its statement (lines 8 and 9), not by the call itself
        #expect(sites.sites.map(\.failsOnly) == [true, true])
        #expect(sites.sites.map(\.decidedAt.line) == [8, 9])
        #expect(sites.sites.map(\.decidedAt.column) == [9, 9])
        #expect(sites.sites.map(\.position.column) == [13, 26])

        // When: both statements ran and the helper's Issue.record never did
        let record = try #require(analysis.helperSites["dontEvaluate"]?.first?.sites.first?.position)
        var counts = Dictionary(uniqueKeysWithValues: sites.sites.map { ($0.decidedAt, 1) })
        counts[record] = 0
        let judged = judge(sites.sites, counts: counts, helpers: analysis.helperSites)

        // Then: no finding and no note
        #expect(judged.findings.isEmpty)
        #expect(judged.notes.isEmpty)
    }

    @Test("A helper computing an assertion's operand is no check of its own")
    func helperInsideAssertion() throws {
        let analysis = try analyzeSources([
            "S.swift": """
            import Testing
            struct S {
                private func display() throws -> Int { try Int("1") ?? 0 }
                @Test func a() throws {
                    #expect(try display() == 1)
                }
            }
            """
        ])
        #expect(analysis.assertionSites.first { $0.name == "S/a" }?.sites.map(\.call) == ["#expect"])
    }

    @Test("A same-named helper in the caller's file is the one followed")
    func sameFileHelper() {
        let call = site(4, call: "display", helper: "display")
        func helper(in helperFile: String) -> AssertionSites {
            let position = SourcePosition(file: helperFile, line: 2, column: 5)
            return AssertionSites(
                name: "display", file: helperFile,
                sites: [.init(position: position, call: "#expect", helper: nil, decidedAt: position, skippers: [])],
                checksByTry: false)
        }
        // The caller's file declares one that ran; another file's never ran.
        let helpers = ["display": [helper(in: file), helper(in: "Tests/MTests/Other.swift")]]
        let counts = [
            at(4, 9): 1, SourcePosition(file: file, line: 2, column: 5): 1,
            SourcePosition(file: "Tests/MTests/Other.swift", line: 2, column: 5): 0,
        ]
        #expect(judge([call], counts: counts, helpers: helpers).findings.isEmpty)
        var local = counts
        local[SourcePosition(file: file, line: 2, column: 5)] = 0
        local[SourcePosition(file: "Tests/MTests/Other.swift", line: 2, column: 5)] = 1
        #expect(judge([call], counts: local, helpers: helpers).findings.count == 1)
    }

    @Test("llvm-cov's segments give the count of the region each position is in; outside every region, none")
    func segments() throws {
        let export = """
            {"data":[{"files":[{"filename":"/copy/Tests/MTests/CartTests.swift","segments":[
            [3,20,1,true,true,false],[4,30,0,true,true,false],[6,6,1,true,false,false],[8,2,0,false,false,false]]}]}]}
            """
        let counts = try CoverageReader.counts(
            fromExport: Data(export.utf8), at: [at(3, 20), at(5, 9), at(7, 1), at(9, 1), at(2, 1)],
            relative: { String($0.dropFirst("/copy/".count)) })
        #expect(counts == [at(3, 20): 1, at(5, 9): 0, at(7, 1): 1])
    }

    @Test("The index of checks by test finds what the name-by-name search finds, for every kind of name")
    func sitesIndexAgreesWithTheSearch() {
        let other = "Tests/MTests/Other.swift"
        let sites = [
            AssertionSites(name: "M.CartTests.testTotals", file: file, sites: [site(5)], checksByTry: false),
            AssertionSites(name: "CartTests.testTotals", file: file, sites: [site(6)], checksByTry: false),
            AssertionSites(name: "Totals/sum", file: file, sites: [site(7)], checksByTry: false),
            AssertionSites(name: "sum", file: other, sites: [site(8)], checksByTry: false),
            AssertionSites(name: "Outer/Totals/sum", file: other, sites: [site(9)], checksByTry: false),
            AssertionSites(name: "M.Other.testNothing", file: other, sites: [site(10)], checksByTry: false),
        ]
        let tests = [
            test,
            TestIdentity(library: .xctest, id: "N.CartTests/testTotals", file: file, line: 3),
            TestIdentity(library: .swiftTesting, id: "M.Totals/sum()/CartTests.swift:4:2", file: file, line: 4),
            TestIdentity(library: .swiftTesting, id: "M.Outer/Totals/sum()/Other.swift:4:2", file: other, line: 4),
            TestIdentity(library: .swiftTesting, id: "M.Totals/sum()/Elsewhere.swift:4:2", file: "E.swift", line: 4),
            TestIdentity(library: .xctest, id: "M.Missing/testGone", file: file, line: 9),
        ]
        let index = AssertionNeverRanJudge.SitesIndex(sites)
        let found = tests.map { index.sites(of: $0)?.sites.first?.position.line }
        let searched = tests.map { test in
            sites.first { SelfValidatingJudge.test(named: $0.name, file: $0.file, among: [test]) != nil }?
                .sites.first?.position.line
        }
        #expect(found == [5, 6, 7, 8, nil, nil])
        #expect(found == searched)
    }
}
