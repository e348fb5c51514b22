import Foundation
import LitmusSupport
import Testing

@testable import LitmusUI

// Linux only: the checks read /proc, and the child is found by its session and process group there.
#if os(Linux)
    import Glibc

    /// The environment variable that makes this test binary, run again as a child process, launch a
    /// browser and wait to be interrupted (see ``InterruptionTests/child()``).
    private let childVariable = "LITMUS_UI_INTERRUPTION_CHILD"

    @Suite(
        "An interrupted test process leaves no chromedriver or Chromium behind", .tags(.endToEnd),
        .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
    struct InterruptionTests {
        @Test(
            "A test process killed while its app runs leaves none of its browser processes and no folder",
            .enabled(if: ProcessInfo.processInfo.environment[childVariable] == nil, "this is the child process"),
            arguments: [SIGKILL, SIGINT])
        func interruptedTestProcess(signal: Int32) async throws {
            let child = try InterruptedChild.start()
            defer { child.close() }
            let launched = try await child.launchedBrowser()
            #expect(livingProcesses(inSession: launched.driver).count >= 2)  // chromedriver and Chromium
            #expect(FileManager.default.fileExists(atPath: launched.folder))

            kill(-child.processID, signal)  // the child's process group, as a terminal's Ctrl-C does
            await ChildProcess.reap(child.processID)

            // Nothing here is this process's child to wait for, and /proc sends no notice: poll it.
            let deadline = ContinuousClock.now + .seconds(120)
            // Chromium's crash handlers leave its session (they double-fork) and end by themselves when
            // it dies; they are found by the folder in their command line.
            while isLiving(launched.watchdog) || !livingProcesses(inSession: launched.driver).isEmpty
                || !livingProcesses(mentioning: launched.folder).isEmpty
                || FileManager.default.fileExists(atPath: launched.folder), ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(10))  // poll interval
            }
            #expect(
                livingProcesses(inSession: launched.driver).isEmpty, "chromedriver's session outlived the test process")
            #expect(
                livingProcesses(mentioning: launched.folder).isEmpty, "a process using \(launched.folder) outlived it")
            #expect(!isLiving(launched.watchdog), "the watchdog outlived the test process")
            #expect(!FileManager.default.fileExists(atPath: launched.folder), "\(launched.folder) was left behind")
        }

        /// The child: launches an app through LitmusUI, reports its browser processes on standard output,
        /// and waits until standard input ends (its parent kills it before that).
        @Test(
            "(child process of the interruption test: runs only when started by it)",
            .enabled(if: ProcessInfo.processInfo.environment[childVariable] == "1", "runs only as a child process"))
        func child() async throws {
            let app = page("<button>Waiting</button>")
            try await app.launch()
            let driver = try #require(await Browser.shared.currentDriver)
            let report =
                "litmus-ui-child \(driver.driverProcessID) \(driver.watchdogProcessID) \(driver.temporaryFolder)\n"
            FileHandle.standardOutput.write(Data(report.utf8))
            await Self.endOfInput()
            try await app.terminate()
        }

        private static func endOfInput() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    var byte: UInt8 = 0
                    while read(0, &byte, 1) == 1 {}
                    continuation.resume()
                }
            }
        }
    }

    /// This test binary started again, in a process group of its own, running only ``InterruptionTests/child()``.
    private struct InterruptedChild {
        let processID: pid_t
        private let input: Int32
        private let output: Int32

        /// What the child reported once its app was launched.
        struct Launched {
            let driver: pid_t
            let watchdog: pid_t
            let folder: String
        }

        static func start() throws -> InterruptedChild {
            let input = try ChildProcess.pipe()
            let output = try ChildProcess.pipe()
            let binary = Bundle.main.executablePath ?? CommandLine.arguments[0]
            let processID = try ChildProcess.spawnInNewGroup(
                [binary, "--testing-library", "swift-testing", "--filter", "InterruptionTests/child"],
                standardInput: input.read, standardOutput: output.write, extraEnvironment: [childVariable: "1"])
            Glibc.close(input.read)
            Glibc.close(output.write)
            return InterruptedChild(processID: processID, input: input.write, output: output.read)
        }

        /// Reads the child's output until its report line; fails if the child ends without one.
        func launchedBrowser() async throws -> Launched {
            let output = output
            let lines = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
                Thread.detachNewThread {
                    var lines: [String] = []
                    var line: [UInt8] = []
                    var byte: UInt8 = 0
                    while read(output, &byte, 1) == 1 {
                        guard byte == UInt8(ascii: "\n") else {
                            line.append(byte)
                            continue
                        }
                        lines.append(String(decoding: line, as: UTF8.self))
                        line = []
                        if lines.last!.hasPrefix("litmus-ui-child ") { break }
                    }
                    continuation.resume(returning: lines)  // the report, or everything until the child ended
                }
            }
            let fields = lines.last?.split(separator: " ", maxSplits: 3).map(String.init) ?? []
            guard fields.count == 4, fields[0] == "litmus-ui-child", let driver = pid_t(fields[1]),
                let watchdog = pid_t(fields[2])
            else {
                Issue.record(
                    Comment(
                        rawValue: "The child test process did not launch a browser. Its output:\n"
                            + lines.joined(separator: "\n")))
                throw CancellationError()
            }
            return Launched(driver: driver, watchdog: watchdog, folder: fields[3])
        }

        func close() {
            Glibc.close(input)
            Glibc.close(output)
        }
    }

    /// The living processes whose command line mentions `text` (such as a unique folder).
    private func livingProcesses(mentioning text: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), pid != getpid(), isLiving(pid),
                let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: commandLine, as: UTF8.self).contains(text)
            else { return nil }
            return pid
        }
    }

    /// Whether process `pid` exists and is not a zombie.
    private func isLiving(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(end, offsetBy: 2)...].hasPrefix("Z")
    }
#endif
