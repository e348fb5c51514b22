import Foundation
import LitmusSupport
import Synchronization

/// What the audit learnt by running a test again when every run it failed in had another test process
/// of the package running beside it (the audit runs `--jobs` processes at a time): two test processes
/// that share something outside themselves (a fixed folder in the home directory, a port, a file) fail
/// each other, which is neither the test's order nor flakiness of its own.
package struct InterferenceCheck: Sendable, Hashable, Codable {
    /// The runs the test failed in, each while another test process ran.
    package var failedIn: [RunKind]
    /// The runs whose processes ran beside those failures.
    package var beside: [RunKind]
    /// The runs of the test alone with no other test process running, and how many of them it passed.
    package var exclusiveRuns: Int
    package var exclusivePasses: Int
    /// How the failure came back when the test ran again beside another process (`beside a second copy
    /// of itself`), with that run's failure messages; `nil` when it did not.
    package var reproduced: String?
    package var reproducedIssues: [String] = []
    /// How many runs alone, one after the other, it took beside the suite to fail again.
    package var reproducedAfter: Int = 0
    /// When its failures named no path or address: its runs beside processes that only load the CPU and
    /// share nothing with it (as many as it took beside the suite, doubled, at least 5), and how many it
    /// failed. Failing there too is the machine's load; passing there is something the package's tests
    /// share with it.
    package var loadRuns: Int = 0
    package var loadFailures: Int = 0

    /// Passed every run with nothing beside it, and failed again beside another process.
    package var confirmed: Bool { exclusiveRuns > 0 && exclusivePasses == exclusiveRuns && reproduced != nil }
}

/// What failure messages say the test processes share, read by the reruns and by the judge alike.
extension InterferenceCheck {
    /// What the load runs ran beside, in the findings' words.
    static let loadName = "processes that only keep the CPU busy"

    /// Whether `issues` name an address or lock in use, something two processes cannot both hold.
    static func namesSharedAddress(_ issues: [String]) -> Bool {
        issues.contains { issue in
            ["in use", "EADDRINUSE", "already exists", "locked"].contains { issue.localizedCaseInsensitiveContains($0) }
        }
    }

    /// The absolute paths outside the package that failure messages name (`/root/.filesTest/file.txt`),
    /// at most `limit`: what the processes likely share.
    static func sharedPaths(in issues: [String], limit: Int = 2) -> [String] {
        var found: [String] = []
        for issue in issues {
            var rest = Substring(issue)
            while let slash = rest.firstIndex(of: "/") {
                let before = rest[..<slash].last
                rest = rest[slash...]
                let path = rest.prefix { !$0.isWhitespace && !"'\"`,;()[]".contains($0) }
                rest = rest.dropFirst(max(1, path.count))
                // A path starts the word (`"/root/…`, ` /tmp/…`), has two parts at least, and is no source
                // location of the package's own (`Tests/…/File.swift:12`).
                guard before == nil || before!.isWhitespace || "'\"`(".contains(before!) else { continue }
                let parts = path.split(separator: "/")
                guard parts.count >= 2, !path.contains(".swift:") else { continue }
                let trimmed = String(path.hasSuffix(".") || path.hasSuffix(":") ? path.dropLast() : path)
                if !found.contains(trimmed) { found.append(trimmed) }
                if found.count == limit { return found }
            }
        }
        return found
    }
}

extension Observations {
    /// `test`'s outcome in run `kind`, when that run is held and the test has a result there.
    func outcome(of test: TestID, in kind: RunKind) -> TestOutcome? {
        let runs = runShare.runs
        switch kind {
        case .suite(let index):
            guard let position = runs.compactMap(\.suiteIndex).firstIndex(of: index), position < suiteRuns.count
            else { return nil }
            return suiteRuns[position].results[test]?.outcome
        case .parallel(let index):
            guard let position = runs.compactMap(\.parallelIndex).firstIndex(of: index),
                position < parallelRuns.count
            else { return nil }
            return parallelRuns[position].results[test]?.outcome
        case .half(let index):
            guard let position = runs.compactMap(\.halfIndex).firstIndex(of: index), position < randomHalves.count
            else { return nil }
            return randomHalves[position].results[test]?.outcome
        case .alone(let id):
            return id == test ? alone[test]?.outcome : nil
        }
    }

    /// Whether `test` failed in `recorded`'s process: by the process's own record, else (a record from before
    /// it was kept) by its run's outcome. The run's outcome alone is not enough: the processes that timed a test
    /// again alone, with nothing beside them, share its alone run's name, and a failure of that alone run
    /// beside another process read as theirs made a test sharing a folder with the processes beside it look
    /// like it failed on its own (flaky, with no word of the process beside it).
    func failed(_ test: TestID, in recorded: RunProcess) -> Bool {
        if let failed = recorded.process.failed { return failed.contains(test) }
        return outcome(of: test, in: recorded.run) == .failed
    }

    /// The tests that failed at least once, and only in processes that had another test process running
    /// beside them, with those runs and the runs beside them: what ``InterferenceCheck`` runs again. A
    /// crash's collateral is not a failure here (``withoutCrashCollateral()``).
    func interferenceSuspects() -> [(test: TestIdentity, failedIn: [RunKind], beside: [RunKind])] {
        let observed = withoutCrashCollateral()
        return observed.tests.compactMap { test in
            var failedIn: [RunKind] = []
            var beside: [RunKind] = []
            for recorded in observed.processes where recorded.process.tests.contains(test.id) {
                guard observed.failed(test.id, in: recorded) else { continue }
                let others = observed.processes.filter { other in
                    other.process != recorded.process && other.process.overlaps(recorded.process)
                }
                // A failure with nothing beside it is the test's own: not a suspect.
                guard !others.isEmpty else { return nil }
                if !failedIn.contains(recorded.run) { failedIn.append(recorded.run) }
                for other in others where !beside.contains(other.run) { beside.append(other.run) }
            }
            return failedIn.isEmpty ? nil : (test, failedIn, beside)
        }
    }
}

extension RunStage {
    /// At most this many suspects are run again; the rest keep their other findings.
    static let interferenceLimit = 30

    /// Runs each test that failed only while another test process ran beside it (``Observations/
    /// interferenceSuspects()``) again: first alone with nothing beside it (`exclusiveRuns` times,
    /// stopping at a failure), one test at a time; then the tests that passed each of those, alone one
    /// after the other, over and over while the whole suite runs in another process, as `swift test
    /// --parallel` would run them beside it (up to `rounds` suite runs, until each failed once).
    func checkInterference(
        _ observations: inout Observations, xctests: [TestIdentity], exclusiveRuns: Int = 2, rounds: Int = 3
    ) async throws {
        guard width > 1 else { return }
        let suspects = Array(observations.interferenceSuspects().prefix(Self.interferenceLimit))
        guard !suspects.isEmpty else { return }
        progress(
            .phase(
                "Running \(suspects.count) test\(suspects.count == 1 ? "" : "s") again that failed only while another test process ran beside it"
            ))
        var checks: [TestID: InterferenceCheck] = [:]
        for (done, suspect) in suspects.enumerated() {
            var check = InterferenceCheck(
                failedIn: suspect.failedIn, beside: suspect.beside, exclusiveRuns: 0, exclusivePasses: 0)
            while check.exclusiveRuns < exclusiveRuns && check.exclusivePasses == check.exclusiveRuns {
                let run = try await binary.run([suspect.test], all: xctests, profile: "recheck")
                check.exclusiveRuns += 1
                if run.results[suspect.test.id]?.outcome == .passed { check.exclusivePasses += 1 }
            }
            checks[suspect.test.id] = check
            progress(.step(done: done + 1, total: suspects.count))
        }
        var pending = suspects.map(\.test).filter { test in
            checks[test.id].map { $0.exclusivePasses == $0.exclusiveRuns } ?? false
        }
        for round in 1...rounds where !pending.isEmpty {
            progress(.note("Running \(pending.count) of them beside the whole suite, round \(round) of \(rounds)"))
            for (test, issues, laps) in try await runBesideSuite(pending, all: observations.tests, xctests: xctests) {
                checks[test]?.reproduced = "beside the whole suite running in another process"
                checks[test]?.reproducedIssues = issues.map(paths.originalText)
                checks[test]?.reproducedAfter = laps
                pending.removeAll { $0.id == test }
            }
        }
        // A failure that names nothing shared may be the load alone: the differential runs it beside
        // processes that share nothing with it.
        for suspect in suspects {
            guard var check = checks[suspect.test.id], check.confirmed else { continue }
            let issues = check.reproducedIssues + observations.issues(of: suspect.test)
            guard InterferenceCheck.sharedPaths(in: issues).isEmpty, !InterferenceCheck.namesSharedAddress(issues)
            else { continue }
            progress(.note("Running \(suspect.test.name) beside \(InterferenceCheck.loadName)"))
            (check.loadRuns, check.loadFailures) = try await runBesideLoad(
                suspect.test, runs: min(20, max(5, 2 * check.reproducedAfter)), xctests: xctests)
            checks[suspect.test.id] = check
        }
        observations.interference.merge(checks) { _, new in new }
    }

    /// Runs `test` alone `runs` times, one after the other, while `width` processes that share nothing with
    /// it keep the CPU busy; how many runs there were, and how many it failed.
    private func runBesideLoad(_ test: TestIdentity, runs: Int, xctests: [TestIdentity]) async throws
        -> (runs: Int, failures: Int)
    {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let folder = FileManager.default.temporaryDirectory
        let burners = (0..<width).map { _ in
            Task {
                try await ChildProcess.run(shell, ["-c", "while :; do :; done"], in: folder, timeout: 3600)
            }
        }
        defer { for burner in burners { burner.cancel() } }
        var failures = 0
        for _ in 0..<runs {
            let run = try await binary.run([test], all: xctests, profile: "recheck")
            if run.results[test.id]?.outcome == .failed { failures += 1 }
        }
        for burner in burners {
            burner.cancel()
            _ = try? await burner.value
        }
        return (runs, failures)
    }

    /// Runs `tests` alone, one after the other and again, while `all` run in one other process; the tests
    /// that failed, with their failure messages and the lap they failed in. Each runs at least once.
    private func runBesideSuite(_ tests: [TestIdentity], all: [TestIdentity], xctests: [TestIdentity]) async throws
        -> [(TestID, [String], laps: Int)]
    {
        let binary = self.binary
        let suiteEnded = Mutex(false)
        let suite = Task {
            defer { suiteEnded.withLock { $0 = true } }
            return try await binary.run(all, all: xctests, profile: "recheck")
        }
        var failed: [(TestID, [String], laps: Int)] = []
        var pending = tests
        var index = 0
        var laps: [TestID: Int] = [:]
        // Each test once, then round and round while the suite still runs (at most 20 laps).
        while !pending.isEmpty && (index < tests.count || !suiteEnded.withLock({ $0 })) && index < tests.count * 20 {
            let test = pending[index % pending.count]
            index += 1
            let run = try await binary.run([test], all: xctests, profile: "recheck")
            laps[test.id, default: 0] += 1
            if let result = run.results[test.id], result.outcome == .failed {
                failed.append((test.id, result.issues, laps: laps[test.id, default: 1]))
                pending.removeAll { $0.id == test.id }
            }
        }
        _ = try await suite.value
        return failed
    }
}
