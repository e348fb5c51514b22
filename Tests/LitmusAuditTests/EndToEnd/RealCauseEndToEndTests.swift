import Foundation
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// Audits of fixtures that plant what real packages showed: a crash in a parallel run (swhitty/FlyingFox),
/// tests sharing a fixed folder across processes (JohnSundell/Files), a test that leaves a process running.
/// Each finding must name the cause, once.
@Suite("Auditing fixtures with the causes real packages showed", .tags(.endToEnd))
struct RealCauseEndToEndTests {
    @Test("A crash in a parallel run is one finding naming the test that crashed; the others are not flaky")
    func crashIsOneFinding() async throws {
        // When
        let audited = try await FixtureAudits.shared.audit("Crashing")
        let report = audited.report
        // Then
        let crashes = report.findings(.crashed)
        let crash = try #require(crashes.first)
        #expect(crashes.count == 1)
        #expect(crash.test?.rawValue.contains("closingNeedsTheLedgerAlone") == true)
        #expect(crash.location == "Tests/LedgerTests/LedgerTests.swift:23")
        #expect(crash.message.contains("the ledger was closed while in use"))
        #expect(report.findings(.flaky).isEmpty)
        #expect(report.findings(.failsOnlyWithOthers).isEmpty)
        #expect(audited.unchanged)
    }

    @Test(
        "A test over the budget in some runs only is timed again alone and is no slow test when it fits; one slow in every run still is"
    )
    func busyMachineIsNoSlowTest() async throws {
        // Given: the fixture's test is slow (400 ms) in the first two processes that run it, as ZIPFoundation's
        // unzip was in two suite runs of three beside other builds; its markers are in a folder named after
        // this process, which runs the audit
        let markers = "/tmp/litmus-busy-machine-\(getpid())"
        try? FileManager.default.removeItem(atPath: markers)
        defer { try? FileManager.default.removeItem(atPath: markers) }
        // When
        let audited = try await FixtureAudits.shared.audit("BusyMachine")
        let report = audited.report
        // Then
        #expect(
            report.findings(.slowTest).map(\.test?.rawValue) == ["TallyTests.TallyTests/testAlwaysSlow"],
            "\(report.findings(.slowTest).map(\.message))")
        // The slow-every-run test is timed again too when the machine was busy while its suite runs ran: its sleep
        // is then told from computing. A free core's estimate on it says its judged runs were busy, and then it was
        // timed again; without one it may still have been (busy suite runs, quiet runs alone, whose estimate is none),
        // so the count is one or two, and the sentence says which.
        let busy =
            report.tests.first { $0.id.rawValue == "TallyTests.TallyTests/testAlwaysSlow" }?
            .freeCoreMilliseconds != nil
        let retimed = try #require(report.conduct?.retimed)
        #expect(retimed == 2 || (!busy && retimed == 1), "retimed \(retimed), a free core's estimate: \(busy)")
        #expect(report.conduct?.withinBudgetWhenRetimed == 1)
        #expect(report.conduct?.sentence.contains("timed \(retimed == 2 ? "2 tests" : "1 test") again alone") == true)
        #expect(audited.unchanged)
    }

    @Test(
        "Tests sharing a fixed folder are named as failing beside another process (the folder with them when their failures name it), never blaming another test"
    )
    func sharedFolderIsNamed() async throws {
        // Given: two test processes at a time.
        var options = FixtureAudits.standard
        options.parallelism = 2
        // When
        let report = try await FixtureAudits.shared.audit("SharedFolder", options: options).report
        // Then: whichever tests collided in this audit are named with the folder: confirmed by the reruns
        // (failsBesideOtherProcesses), or, when a rerun beside the suite happened not to collide, as the
        // finding their failures make with the caveat naming the folder, or, when the failures' messages
        // name no path (a collision seen as a wrong count), saying it may share something outside its
        // process. No finding blames another test or time.
        let named = report.findings.filter { [.isolated, .repeatable].contains($0.letter) }
        #expect(!named.isEmpty)
        for finding in named {
            #expect(
                finding.message.contains("/tmp/litmus-shared-folder-fixture")
                    || finding.message.contains("it may share something outside its process"), "\(finding.message)")
            #expect(!finding.message.contains("which pollutes shared state"), "\(finding.message)")
        }
    }

    @Test(
        "A test that leaves a process running is named, with the port it listens on, and the process is ended; tests start with no signal blocked"
    )
    func leftoverIsNamed() async throws {
        // When
        let report = try await FixtureAudits.shared.audit("Leaky").report
        // Then
        let leftovers = report.findings(.leftProcessRunning)
        let named = leftovers.filter { $0.test == "HelperTests.HelperTests/testHelperStarts" }
        #expect(named.count == 1)
        #expect(named.first?.message.contains("sleep 300") == true)
        let server = leftovers.filter { $0.test == "HelperTests.HelperTests/testServerStarts" }
        #expect(server.count == 1)
        #expect(server.first?.message.contains("listening on 127.0.0.1:") == true, "\(server)")
        #expect(
            leftovers.allSatisfy {
                $0.test == nil || $0.test == "HelperTests.HelperTests/testHelperStarts"
                    || $0.test == "HelperTests.HelperTests/testServerStarts"
                    || $0.test == "HelperTests.HelperTests/testWorkerStarts"
            })
        #expect(report.failingTests.isEmpty, "testNothingIsBlocked failed: a test process started with signals blocked")
        let commands = try Self.runningCommands()
        #expect(!commands.contains("/bin/sleep\u{0}300\u{0}"), "a helper the audit should have ended still runs")
        #expect(!commands.contains { $0.contains("s.listen(); print(s.getsockname()") }, "a server still runs")
    }

    @Test(
        "A test that starts a process with an environment of its own (no tag) is named, and that process and what it started, in a session of its own too, are ended"
    )
    func untaggedLeftoverIsNamed() async throws {
        // When
        let report = try await FixtureAudits.shared.audit("Leaky").report
        // Then
        let named = report.findings(.leftProcessRunning).filter {
            $0.test == "HelperTests.HelperTests/testWorkerStarts"
        }
        #expect(named.count == 1, "\(report.findings(.leftProcessRunning))")
        #expect(named.first?.message.contains("sleep 30") == true, "\(named)")
        let commands = try Self.runningCommands()
        #expect(!commands.contains("sleep\u{0}305\u{0}"), "the sleep in a session of its own still runs")
        #expect(!commands.contains("sleep\u{0}306\u{0}"), "the worker's sleep still runs")
    }

    /// The command line of every process running now in the fixtures' kept folders (the working directory
    /// of the fixtures' tests and what they start), its arguments separated by NULs: not another
    /// checkout's audit of the same fixture, which may run on the same machine.
    private static func runningCommands() throws -> [String] {
        let kept = FixtureAudits.builds.root.path
        return try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid in
            let directory = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) ?? ""
            guard directory.hasPrefix(kept) else { return nil }
            return (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }

    @Test("A test that leaves a file in the package or in its temporary folder is named; nothing of them is left")
    func leftFilesAreNamed() async throws {
        // When
        let audited = try await FixtureAudits.shared.audit("Leaky")

        // Then: each planted leak is named with its place, and the test that cleans up is not
        let findings = audited.report.findings(.leftFiles)
        let report = findings.filter { $0.test == "HelperTests.HelperTests/testReportIsSaved" }
        #expect(report.count == 1)
        #expect(report.first?.message.contains("in the package `leaky-report.txt`") == true, "\(report)")
        let cache = findings.filter { $0.test == "HelperTests.HelperTests/testCacheIsWritten" }
        #expect(cache.count == 1)
        #expect(cache.first?.message.contains("in its temporary folder `leaky-cache.json`") == true, "\(cache)")
        #expect(findings.count == 2, "\(findings)")
        #expect(!(audited.report.notes ?? []).contains { $0.kind == .leftFiles }, "\(audited.report.notes ?? [])")
        // The package was not written to, and the audit's copy holds no leftover either
        #expect(audited.unchanged)
        let kept = try await FixtureAudits.kept("Leaky")
        defer { kept.release() }
        let copy = kept.buildFolder.appendingPathComponent("package/Leaky/leaky-report.txt")
        #expect(!FileManager.default.fileExists(atPath: copy.path))
    }
}
