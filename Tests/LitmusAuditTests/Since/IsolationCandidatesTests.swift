import Foundation
import Testing

@testable import LitmusAudit

@Suite("Footprints choose the tests that run alone: only those that can share state")
struct IsolationCandidatesTests {
    private let writer = TestIdentity(library: .xctest, id: "T.OrderTests/testA_adds")
    private let reader = TestIdentity(library: .xctest, id: "T.OrderTests/testC_expectsEmpty")
    private let pure = TestIdentity(library: .swiftTesting, id: "T.sums()/S.swift:3:2")
    private let own = TestIdentity(library: .swiftTesting, id: "T.ownCounter()/S.swift:9:2")

    private func access(_ state: SharedState, reads: Bool = true, writes: Bool = false, line: Int = 1) -> StateAccess {
        StateAccess(state, reads: reads, writes: writes, file: "/p/Tests/T/OrderTests.swift", line: line, column: 1)
    }

    @Test("A test that reads what another writes is a candidate, named with its writer; one that touches none is not")
    func readsWhatAnotherWrites() {
        // Given: a test writing a global, one reading it, one touching nothing, and one touching state only it
        // writes
        let footprints = Footprints(tests: [
            writer.id: [access(.global("basket"), writes: true, line: 6)],
            reader.id: [access(.global("basket"), line: 14)],
            pure.id: [],
            own.id: [access(.global("Counter.mine"), writes: true, line: 20)],
        ])

        // When: the candidates are chosen
        let sut = IsolationCandidates.choose([writer, reader, pure, own], footprints: footprints)

        // Then: the reader, and the writer (it reads what it writes, and the reader does not write it) is not
        #expect(sut.candidates == [reader.id])
        #expect(sut.evidence[reader.id]?.verdict == .sharesState)
        #expect(
            sut.evidence[reader.id]?.because
                == "it reads `basket` (OrderTests.swift:14), which T.OrderTests/testA_adds writes")
        #expect(sut.evidence[pure.id] == IsolationEvidence(.isolated, because: "it touches no shared state"))
        #expect(sut.evidence[own.id]?.verdict == .isolated)
        #expect(sut.evidence[own.id]?.because.contains("`Counter.mine`") == true)
        #expect(sut.meeting == [writer.id, reader.id])
    }

    @Test("State written outside the tests (a class's setUp) makes its readers candidates; a test writer first")
    func writtenOutsideTheTests() {
        // Given: a reader of the environment, written outside the tests, and of a global, written by a test
        let footprints = Footprints(
            tests: [
                reader.id: [access(.environment), access(.global("g"), line: 9)], pure.id: [],
                writer.id: [access(.global("g"), writes: true)],
            ],
            outside: [.xctest: [access(.environment, writes: true)]])
        let onlyOutside = Footprints(
            tests: [reader.id: [access(.environment)], pure.id: []],
            outside: [.xctest: [access(.environment, writes: true)]])

        // When: the candidates are chosen
        let sut = IsolationCandidates.choose([reader, pure, writer], footprints: footprints)
        let outside = IsolationCandidates.choose([reader, pure], footprints: onlyOutside)

        // Then: the reader, named with the test that writes what it reads; else with the code outside the tests
        #expect(sut.candidates == [reader.id])
        #expect(
            sut.evidence[reader.id]?.because
                == "it reads `g` (OrderTests.swift:9), which T.OrderTests/testA_adds writes, and 1 more shared")
        #expect(outside.evidence[reader.id]?.because.hasSuffix("which code outside the tests writes") == true)
    }

    @Test("A test with no footprint, one starting a process and one reading unseen code are candidates: never isolated")
    func unseenIsNeverIsolated() {
        // Given: no footprint for the reader, a process started by the writer, code without coverage in `own`
        let footprints = Footprints(tests: [
            writer.id: [access(.process, writes: true)],
            own.id: [access(.unseen("it calls into CZlib, which was built without coverage"), writes: true)],
            pure.id: [access(.global("limit"))],
        ])

        // When: the candidates are chosen
        let sut = IsolationCandidates.choose([writer, reader, own, pure], footprints: footprints)

        // Then: all three are unseen; the reader of a global meets the unseen writer, so it shares state too
        #expect(sut.evidence[reader.id]?.verdict == .unseen)
        #expect(sut.evidence[writer.id]?.verdict == .unseen)
        #expect(sut.evidence[own.id]?.verdict == .unseen)
        #expect(sut.evidence[pure.id]?.verdict == .sharesState)
        #expect(sut.candidates == [writer.id, reader.id, own.id, pure.id])
    }

    @Test("A test writing a file runs alone to show what it leaves; one in a folder of its own does not meet others")
    func filesWritten() {
        let footprints = Footprints(tests: [
            writer.id: [access(.file("/tmp/report.txt"), writes: true)],
            reader.id: [access(.ownFile, writes: true)],
            pure.id: [access(.file("/tmp/other.txt"))],
        ])

        let sut = IsolationCandidates.choose([writer, reader, pure], footprints: footprints)

        #expect(sut.evidence[writer.id]?.verdict == .writesOutside)
        #expect(sut.evidence[reader.id]?.verdict == .writesOutside)
        #expect(sut.evidence[pure.id]?.verdict == .isolated)
        #expect(sut.meeting.isEmpty)
    }

    @Test("The full audit runs alone the candidates and the tests that failed; unmeasured footprints run every test")
    func footprintRule() {
        // Given: a reader of a global written by another test, and a test touching nothing that failed
        let footprints = Footprints(tests: [
            writer.id: [access(.global("basket"), writes: true)], reader.id: [access(.global("basket"))], pure.id: [],
        ])
        let tests = [writer, reader, pure]

        // When: the rule is applied with the footprints, then with none measured
        let sut = AloneScope.Rule.footprints.scope(for: tests, failing: [pure.id], footprints: .success(footprints))
        let unmeasured = AloneScope.Rule.footprints.scope(
            for: tests, footprints: .failure(FootprintProblem(reason: "the observer did not build here")))

        // Then: the reader and the failed test; without footprints every test, with the reason kept
        #expect(sut.tests == [reader.id, pure.id])
        #expect(sut.isolation?.evidence[pure.id]?.verdict == .failed)
        #expect(unmeasured.tests == nil)
        #expect(unmeasured.unmeasuredFootprints == "the observer did not build here")
    }

    @Test("State of one process is not shared with the other framework's tests, which run in a process of their own")
    func frameworksApart() {
        // Given: an XCTest test writing the environment, a Swift Testing test reading it
        let footprints = Footprints(tests: [
            writer.id: [access(.environment, writes: true)], pure.id: [access(.environment)],
            own.id: [access(.file("/tmp/shared"))], reader.id: [access(.file("/tmp/shared"), writes: true)],
        ])

        // When: the candidates are chosen
        let sut = IsolationCandidates.choose([writer, pure, own, reader], footprints: footprints)

        // Then: the environment is not shared across the processes; a file is
        #expect(sut.evidence[pure.id]?.verdict == .isolated)
        #expect(sut.evidence[own.id]?.verdict == .sharesState)
    }

    @Test("A quick audit deals its shares among the candidates only")
    func quickAmongCandidates() {
        // Given: ten readers of a global one writer writes, and ten tests touching nothing
        let readers = (0..<10).map { TestIdentity(library: .xctest, id: TestID("T.R/test\($0)")) }
        let others = (0..<10).map { TestIdentity(library: .xctest, id: TestID("T.P/test\($0)")) }
        var tests: [TestID: [StateAccess]] = [writer.id: [access(.global("g"), writes: true)]]
        for test in readers { tests[test.id] = [access(.global("g"))] }
        for test in others { tests[test.id] = [] }
        let rule = AloneScope.Rule.quick(QuickTier(spread: 5), seed: 3, since: nil)

        // When: the quick audit's scope is chosen with the footprints
        let sut = rule.scope(for: [writer] + readers + others, footprints: .success(Footprints(tests: tests)))

        // Then: a fifth of the ten candidates, none of the others
        #expect(sut.tests?.count == 2)
        #expect(sut.tests?.isSubset(of: Set(readers.map(\.id))) == true)
        #expect(sut.quick?.tests == 21)
    }
}
