import Foundation

/// What judging decided: the findings, the tests that fail everywhere, and bisection's killed processes.
struct Judgement: Sendable {
    /// Every finding, sorted by letter, place and message.
    var findings: [Finding] = []
    /// Tests that failed in every suite run and alone (a red suite, not a FIRST finding).
    var failingTests: [TestID] = []
    /// The bisection processes killed at the time limit.
    var timedOutRuns: [TimedOutRun] = []
    /// Why no test could be judged, when none was observed.
    var unobservedSuite: UnobservedSuite?
    /// Remarks that fail no letter.
    var notes: [Finding] = []
}
