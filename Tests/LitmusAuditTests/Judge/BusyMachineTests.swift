import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusSupport

@Suite("Durations measured on a busy machine are judged as a free core would have taken them")
struct BusyMachineTests {
    /// Test `M.T/t0` with the given suite-run durations (milliseconds), each run measured at `slowdown`
    /// (how many times slower than a free core a thread ran) and load `load`.
    private func observations(_ durations: [Double], slowdown: Double?, load: Double? = 31.5) -> (
        TestIdentity, Observations
    ) {
        let test = TestIdentity(library: .xctest, id: TestID("M.T/t0"), file: "Tests/M/T.swift", line: 3)
        let machine = slowdown.map { MachineLoad(slowdown: $0, load: load) }
        let runs = durations.map { duration in
            ObservedRun(
                results: [test.id: TestResult(outcome: .passed, duration: duration / 1000)], machine: machine)
        }
        return (test, Observations(tests: [test], suiteRuns: runs, alone: [:]))
    }

    private let context = JudgingContext(options: AuditOptions(), seed: 1)

    /// `observed` with `test` timed again alone: each run's duration and processor time, at `slowdown`.
    private func retimed(
        _ observed: Observations, _ test: TestIdentity, _ runs: [(milliseconds: Double, processor: Double)],
        slowdown: Double
    ) -> Observations {
        var observed = observed
        observed.retimed = [
            test.id: runs.map {
                Timing(
                    milliseconds: $0.milliseconds, machine: MachineLoad(slowdown: slowdown, load: 31.5),
                    processorMilliseconds: $0.processor)
            }
        ]
        return observed
    }

    private var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    @Test("A test that computes, over the budget only because the machine was busy: a note, no finding")
    func computingOnBusyMachine() throws {
        // Given: a trivial test of about 100 ms while threads ran 9 times slower than on a free core; timed
        // again alone, it used 11 ms of processor time each run
        let (test, suite) = observations([101, 106, 103], slowdown: 9)
        let observed = retimed(suite, test, [(104, 11), (103, 11), (101, 11.5)], slowdown: 9)

        // When
        let judged = FastJudge.judge(test, in: observed, context)

        // Then: 103 - 11 x 8 = 15 ms on a free core
        #expect(judged.finding == nil)
        let note = try #require(judged.note)
        #expect(note.kind == .slowTest)
        #expect(
            note.message
                == "T.t0 takes 103 ms (median of 3 runs alone with nothing beside it; 103 ms over 3 runs) on a busy "
                + "machine (a thread ran 9.0 times slower than on a free core, load 31.5 on \(cores) cores): 15 ms "
                + "on a free core, within the 100 ms budget, so not judged slow")
    }

    @Test("A test that waits (a sleep) is slow on a busy machine too: its waiting is not divided by the load")
    func waitingOnBusyMachine() {
        // Given: 400 ms of sleeping, measured while threads ran 15 times slower; 2 ms of processor time
        let (test, suite) = observations([430, 425, 440], slowdown: 15)
        let observed = retimed(suite, test, [(410, 2), (405, 2), (420, 2)], slowdown: 15)

        // When
        let finding = FastJudge.judge(test, in: observed, context).finding

        // Then: 410 - 2 x 14 = 382 ms on a free core
        #expect(
            finding?.message.hasSuffix(
                "measured on a busy machine (a thread ran 15.0 times slower than on a "
                    + "free core, load 31.5 on \(cores) cores); 382 ms on a free core") == true,
            "\(String(describing: finding))")
    }

    @Test("A test that computes just over its budget on a busy machine, by processor time the load inflates: a note")
    func processorTimeAtTheEdge() throws {
        // Given: ZIPFoundation's unzip at load 10, 113 ms of processor time in each run alone (72 ms in a quiet suite
        // run), and BigInt's random integers, 167 ms of it
        let (edge, edgeSuite) = observations([206, 210, 200], slowdown: 4.1)
        let edgeRuns = retimed(edgeSuite, edge, [(291, 113), (285, 112), (300, 115)], slowdown: 4.1)
        let (slow, slowSuite) = observations([380, 390, 370], slowdown: 2.2)
        let slowRuns = retimed(slowSuite, slow, [(171, 167), (175, 168), (170, 166)], slowdown: 2.2)

        // When
        let edgeJudged = FastJudge.judge(edge, in: edgeRuns, context)
        let slowJudged = FastJudge.judge(slow, in: slowRuns, context)

        // Then: 113 ms on a free core, but as little as 113 / 1.5 = 75; 167 / 1.5 = 111 is still over the budget
        #expect(edgeJudged.finding == nil)
        let note = try #require(edgeJudged.note)
        #expect(
            note.message.hasSuffix(
                "113 ms on a free core by its processor time, which the load inflates (75 ms if by 1.5 times), so not "
                    + "judged slow against the 100 ms budget"), "\(note.message)")
        #expect(
            slowJudged.finding?.message.hasSuffix("; 167 ms on a free core") == true,
            "\(String(describing: slowJudged))")
    }

    @Test("Not timed again (a shard): slow if even all of it computing is over the budget, else a note")
    func notTimedAgain() throws {
        // Given: 900 ms and 103 ms at twice and nine times slower than a free core, never timed again
        let (slow, slowRuns) = observations([900, 910, 890], slowdown: 2)
        let (trivial, trivialRuns) = observations([101, 106, 103], slowdown: 9)

        // When
        let slowFinding = FastJudge.judge(slow, in: slowRuns, context).finding
        let trivialJudged = FastJudge.judge(trivial, in: trivialRuns, context)

        // Then
        #expect(slowFinding?.message.hasSuffix("; at least 450 ms on a free core") == true)
        #expect(trivialJudged.finding == nil)
        let note = try #require(trivialJudged.note)
        #expect(
            note.message.hasSuffix(
                "between 11 and 103 ms on a free core, and it could not be timed again to tell; not judged slow against "
                    + "the 100 ms budget"))
    }

    @Test("A quiet machine (under 1.5 times slower) and an unmeasured one change nothing")
    func quiet() {
        for slowdown in [1.2, nil] {
            // Given
            let (test, observed) = observations([120, 125, 130], slowdown: slowdown)
            // When
            let judged = FastJudge.judge(test, in: observed, context)
            // Then
            #expect(judged.finding?.message == "T.t0 takes 125 ms (median of 3 runs), over the 100 ms budget")
            #expect(judged.note == nil)
        }
    }

    @Test("A test measured over its budget on a busy machine is timed again, in a quick audit too")
    func retimedWhenBusy() {
        // Given: over the budget in every run (which alone would not be timed again), on a busy machine
        let (test, observed) = observations([300, 310, 305], slowdown: 4)
        let (quietTest, quietRuns) = observations([300, 310, 305], slowdown: 1)

        // Then
        #expect(FastJudge.needsRetiming(test, in: observed, budget: 100, quick: false))
        #expect(FastJudge.needsRetiming(test, in: observed, budget: 100, quick: true))
        #expect(!FastJudge.needsRetiming(quietTest, in: quietRuns, budget: 100, quick: false))
    }

    @Test("A test over twice its budget in every run with the load taken out is slow without timing it again")
    func slowBeyondLoad() {
        // Given: 20 s tests on a machine 1.8 times slower than a free core, and one the load could explain
        let (slow, slowRuns) = observations([22_000, 22_500, 23_000], slowdown: 1.8)
        let (near, nearRuns) = observations([390, 400, 410], slowdown: 2)

        // Then
        #expect(!FastJudge.needsRetiming(slow, in: slowRuns, budget: 100, quick: false))
        #expect(FastJudge.needsRetiming(near, in: nearRuns, budget: 100, quick: false))
        let judged = FastJudge.judge(slow, in: slowRuns, context)
        #expect(judged.finding?.message.hasSuffix("at least 12500 ms on a free core") == true)
    }

    @Test("The report keeps the free-core median of a test measured on a busy machine, for the history")
    func freeCoreInReport() {
        // Given
        let (_, observed) = observations([100, 120, 110], slowdown: 10)
        let record = AuditRecord(
            package: "/p", seed: 1, options: AuditOptions(), buildSeconds: 0, observations: observed,
            analysis: SourceAnalysis(), coverage: nil, coveredLines: [:])

        // When
        let report = ReportAssembly.assemble(record, Judgement(), wallSeconds: 1)

        // Then
        #expect(report.tests.first?.medianMilliseconds == 110)
        #expect(report.tests.first?.freeCoreMilliseconds == 11)
        // When timed again with its processor time, that is what the estimate reads
        let timedAgain = retimed(observed, observed.tests[0], [(100, 10), (100, 10), (100, 10)], slowdown: 10)
        let again = ReportAssembly.assemble(
            AuditRecord(
                package: "/p", seed: 1, options: AuditOptions(), buildSeconds: 0, observations: timedAgain,
                analysis: SourceAnalysis(), coverage: nil, coveredLines: [:]), Judgement(), wallSeconds: 1)
        #expect(again.tests.first?.freeCoreMilliseconds == 10)
    }
}
