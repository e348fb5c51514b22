import Foundation
import LitmusSupport

/// R: a test process that crashed. A crash ends every test of its process (Swift Testing runs them all in
/// one), so the tests that were running are its collateral, not each a flaky test: the crash is one
/// finding, naming the test that caused it when the crashed thread's backtrace reaches a test's source,
/// and what the process printed about why. Crashes with the same cause (the same culprit, or else the same
/// message) in several runs are one finding.
enum CrashJudge {
    /// One finding per cause of the crashes in `observations`.
    static func findings(_ observations: Observations, _ analysis: SourceAnalysis = SourceAnalysis()) -> [Finding] {
        var groups: [String: [(RunProcess, culprit: TestIdentity?)]] = [:]
        var order: [String] = []
        for recorded in observations.processes {
            guard let crash = recorded.process.crash else { continue }
            let culprit = CrashCulprit.of(recorded.process, crash, among: observations.tests)
            // One cause: the same place in the tests' sources (a setUp that traps, whichever test it ran
            // for), else the same test, else the same message.
            let place = crash.frames.first { frame in
                observations.tests.contains { test in test.file.map { frame.file.hasSuffix($0) } ?? false }
            }
            let key =
                place.map { "\($0.file):\($0.line)" } ?? culprit?.id.rawValue
                ?? "\(recorded.process.library.rawValue) \(crash.message.first ?? crash.signalDescription)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((recorded, culprit))
        }
        return order.compactMap { key in groups[key].map { finding($0, observations, analysis) } }
    }

    /// `; each crash came while another test process ran beside it, and what it printed names
    /// `/root/.filesTest/A/``: what the processes likely share; empty unless both hold.
    static func besideOthers(_ crashed: [RunProcess], _ observations: Observations) -> String {
        let alwaysBeside = crashed.allSatisfy { recorded in
            observations.processes.contains { $0.process != recorded.process && $0.process.overlaps(recorded.process) }
        }
        let shared = InterferenceCheck.sharedPaths(in: crashed.flatMap { $0.process.crash?.message ?? [] })
        guard alwaysBeside, !shared.isEmpty else { return "" }
        return "; each crash came while another test process ran beside it, and what it printed names "
            + shared.map { "`\($0)`" }.joined(separator: ", ") + ": the processes likely share it"
    }

    /// The finding of crashes with one cause.
    private static func finding(
        _ crashes: [(RunProcess, culprit: TestIdentity?)], _ observations: Observations, _ analysis: SourceAnalysis
    ) -> Finding {
        let (first, culprit) = crashes[0]
        let crash = first.process.crash!
        let runs = crashes.map(\.0.run.description).joined(separator: ", ")
        // What it printed about why, and how it ended (once, when it printed nothing).
        let why = crash.message.first.map { "`\($0)`, \(crash.signalDescription)" } ?? crash.signalDescription
        let beside = besideOthers(crashes.map(\.0), observations)
        let culprits = Set(crashes.compactMap(\.culprit?.id))
        if culprits.count > 1,
            let frame = crash.frames.first(where: { frame in
                observations.tests.contains { test in test.file.map { frame.file.hasSuffix($0) } ?? false }
            })
        {
            // One place in the tests' sources crashed for several tests (a setUp, a helper).
            let each = crashes.map { crash in
                crash.0.run.description + (crash.culprit.map { " running \($0.name)" } ?? "")
            }.joined(separator: ", ")
            return Finding(
                kind: .crashed, test: nil, file: frame.file, line: frame.line,
                message: "\(frame.function) crashed its test process in \(crashes.count) runs (\(each)): \(why)"
                    + beside)
        }
        let others = Set(crashes.flatMap(\.0.process.inFlight)).subtracting(culprit.map { [$0.id] } ?? [])
        let collateral =
            others.isEmpty
            ? ""
            : "; it ended \(others.count) other test\(others.count == 1 ? "" : "s") running with it, not judged in that run"
        if let culprit {
            let frame = crash.frames.first { frame in
                culprit.file.map { frame.file.hasSuffix($0) || $0.hasSuffix(frame.file) } ?? false
            }
            return Finding(
                kind: .crashed, test: culprit.id, file: frame?.file ?? culprit.file,
                line: frame?.line ?? culprit.line,
                message: "\(culprit.name) crashed its test process (\(runs)): \(why)"
                    + (frame == nil ? "" : ", in its own code") + collateral + beside)
        }
        let byID = Dictionary(observations.tests.map { ($0.id, $0) }) { first, _ in first }
        let running = first.process.inFlight.compactMap { byID[$0] }
        // Of the tests running, those whose files use what the crashed thread ran (URLSession for a crash
        // in URLSessionTask.cancel()) first.
        let (using, used) = CrashCulprit.suspects(
            first.process, crash, among: observations.tests, typeNames: analysis.typeNames)
        let suspects = using.isEmpty ? running : using
        let shown = suspects.prefix(5).map(\.name).joined(separator: ", ")
        let more = suspects.count > 5 ? " and \(suspects.count - 5) more" : ""
        let testFrame = crash.frames.first { frame in
            observations.tests.contains { $0.file.map { frame.file.hasSuffix($0) } ?? false }
        }
        let culpritText: String
        if running.isEmpty {
            culpritText = ""
        } else if using.isEmpty {
            culpritText =
                "; no frame of the crashed thread is in a test, so the test that caused it is one of the \(running.count) running: \(shown)\(more)"
        } else {
            culpritText =
                "; no frame of the crashed thread is in a test; of the \(running.count) tests running, likely one that uses \(used.sorted().joined(separator: ", ")), which the crashed thread ran: \(shown)\(more)"
        }
        return Finding(
            kind: .crashed, test: nil, file: testFrame?.file, line: testFrame?.line,
            message:
                "The \(first.process.library.rawValue) process of \(runs) crashed: \(why)"
                + culpritText + (running.isEmpty ? "" : " (their outcomes in that run are not judged)"))
    }
}

extension Observations {
    /// These observations with what a crash explains taken out: the tests a crash found running (its
    /// collateral, and its culprit, which the crash finding names) did not finish in that run, so their
    /// outcome there is `notRun`, as for a test the process never reached. So is a test a suite run killed at
    /// its time limit was at when the run as a whole ran out of time (``unfinishedOnlyForTime()``).
    func withoutCrashCollateral() -> Observations {
        var explained = self
        for recorded in processes where recorded.process.crash != nil {
            for test in recorded.process.inFlight { explained.setOutcome(.notRun, of: test, in: recorded.run) }
        }
        for (test, run) in unfinishedOnlyForTime() { explained.setOutcome(.notRun, of: test, in: run) }
        return explained
    }

    /// Sets `test`'s outcome in run `kind`, when that run is held and the test has a result there.
    mutating func setOutcome(_ outcome: TestOutcome, of test: TestID, in kind: RunKind) {
        let runs = runShare.runs
        switch kind {
        case .suite(let index):
            if let position = runs.compactMap(\.suiteIndex).firstIndex(of: index), position < suiteRuns.count {
                suiteRuns[position].results[test]?.outcome = outcome
            }
        case .parallel(let index):
            if let position = runs.compactMap(\.parallelIndex).firstIndex(of: index), position < parallelRuns.count {
                parallelRuns[position].results[test]?.outcome = outcome
            }
        case .half(let index):
            if let position = runs.compactMap(\.halfIndex).firstIndex(of: index), position < randomHalves.count {
                randomHalves[position].results[test]?.outcome = outcome
            }
        case .alone(let id):
            // The processes that run a test alone again have its alone run's name: a crash of one of them is no
            // outcome of the first, which is changed only when it crashed itself.
            if id == test, alone[test]?.outcome == .crashed { alone[test]?.outcome = outcome }
        }
    }
}
