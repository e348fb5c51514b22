import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning
@testable import LitmusSupport

/// How a test process's end is recorded: which ends are crashes, and what the crash says.
@Suite("A test process's end, as the audit records it")
struct TestProcessRecordTests {
    private let order: [TestID] = ["M.ATests/testA", "M.ATests/testB"]

    /// The record of an XCTest process that ended as given, with testA passed and testB as `last`.
    private func record(status: Int32, signal: Int32? = nil, timedOut: Bool = false, last: TestOutcome) -> TestProcess {
        let output = ChildProcessResult(status: status, timedOut: timedOut, output: "", signal: signal)
        let results: [TestID: TestResult] = [
            order[0]: TestResult(outcome: .passed, duration: 0), order[1]: TestResult(outcome: last, duration: 0),
        ]
        return TestBinary.process(.xctest, output, seconds: 1, order: order, results: results)
    }

    @Test("A process that exits 0 while a test ran is a crash, naming that test: its end was never reported")
    func exitZeroWithATestRunning() throws {
        // When
        let sut = record(status: 0, last: .crashed)
        // Then
        let crash = try #require(sut.crash)
        #expect(sut.inFlight == ["M.ATests/testB"])
        #expect(crash.signalDescription.hasPrefix("exit status 0 while a test ran, its end never reported"))
    }

    @Test("A process whose tests all ended is no crash, whatever its status (near miss)")
    func everyTestEnded() {
        #expect(record(status: 0, last: .passed).crash == nil)
        #expect(record(status: 1, last: .failed).crash == nil)
    }

    @Test("A process keeps the tests that failed in it: not those that passed, nor the one it crashed in")
    func failedTestsKept() {
        #expect(record(status: 1, last: .failed).failed == ["M.ATests/testB"])
        #expect(record(status: 0, last: .passed).failed == [])
        #expect(record(status: 0, last: .crashed).failed == [])
    }

    @Test("A process killed at its time limit is no crash (near miss)")
    func timedOut() {
        #expect(record(status: 9, signal: 9, timedOut: true, last: .crashed).crash == nil)
    }
}
