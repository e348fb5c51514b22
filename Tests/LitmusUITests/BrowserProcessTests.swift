import Foundation
import Synchronization
import Testing

@testable import LitmusUI

@Suite("The browser is found, started and never left behind", .uiTrace)
struct BrowserProcessTests {
    @Test("Without chromedriver and Chromium the error says how to install them")
    func missingBrowser() throws {
        let error = #expect(throws: LitmusUIError.self) {
            try BrowserInstallation.find(in: ["PATH": "/nonexistent"])
        }
        #expect(error == .browserNotFound(missing: ["chromedriver", "chromium"], searched: "/nonexistent"))
        #expect(error?.description.contains("sudo apt-get install -y chromium chromium-driver") == true)
        #expect(error?.description.contains("LITMUS_SKIP_UI=1") == true)
    }

    @Test("LITMUS_CHROMEDRIVER naming a missing file is reported by that path")
    func missingOverride() throws {
        let error = #expect(throws: LitmusUIError.self) {
            try BrowserInstallation.find(in: ["PATH": "/usr/bin", "LITMUS_CHROMEDRIVER": "/opt/none/chromedriver"])
        }
        #expect(error?.description.contains("/opt/none/chromedriver was not found") == true)
    }

    @Test("A navigation chromedriver timed out on is tried once more; a second timeout or another error is thrown")
    func navigationRetriedOnce() async throws {
        let timeout = WebDriverError(
            code: "timeout", message: "Timed out receiving message from renderer: 56.759", command: "POST /url")
        for failures in [0, 1, 2] {
            let tries = Mutex(0)
            var succeeded = true
            do {
                try await BrowserSession.retryingOnceOnTimeout {
                    let attempt = tries.withLock {
                        $0 += 1
                        return $0
                    }
                    if attempt <= failures { throw timeout }
                }
            } catch {
                succeeded = false
            }
            #expect(tries.withLock { $0 } == min(failures + 1, 2))
            #expect(succeeded == (failures < 2), "\(failures) timeouts")
        }
        let other = WebDriverError(code: "unknown error", message: "net::ERR_FILE_NOT_FOUND", command: "POST /url")
        let tries = Mutex(0)
        await #expect(throws: WebDriverError.self) {
            try await BrowserSession.retryingOnceOnTimeout {
                tries.withLock { $0 += 1 }
                throw other
            }
        }
        #expect(tries.withLock { $0 } == 1)
    }

    @Test("Using an app before launch fails, saying to launch it")
    func notLaunched() async throws {
        // litmus:ignore trapInTest a literal URL, which always parses
        let sut = XCUIApplication(url: URL(string: "about:blank")!)
        await #expect(throws: LitmusUIError.notLaunched) { try await sut.buttons.count }
        #expect(sut.state == .notRunning)
    }

    @Test(
        "launchArguments and launchEnvironment reach the launcher; terminate stops the app", .tags(.endToEnd),
        .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
    func launchConfiguration() async throws {
        let received = Mutex<([String], [String: String])?>(nil)
        let terminated = Mutex(false)
        let sut = XCUIApplication(
            launcher: AppLauncher { arguments, environment in
                received.withLock { $0 = (arguments, environment) }
                // litmus:ignore trapInTest a literal URL, which always parses
                return LaunchedApp(url: URL(string: "about:blank")!) { terminated.withLock { $0 = true } }
            })
        sut.launchArguments = ["-reset"]
        sut.launchEnvironment = ["MODE": "test"]
        try await sut.launch()
        #expect(sut.state == .runningForeground)
        try await sut.terminate()
        #expect(received.withLock { $0?.0 } == ["-reset"])
        #expect(received.withLock { $0?.1 } == ["MODE": "test"])
        #expect(terminated.withLock { $0 })
        #expect(sut.state == .notRunning)
    }

    @Test(
        "run terminates the app after its body, also when the body throws, and rethrows that error", .tags(.endToEnd),
        .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
    func runTerminates() async throws {
        struct JourneyFailed: Error {}
        let terminations = Mutex(0)
        let sut = XCUIApplication(
            launcher: AppLauncher { _, _ in
                // litmus:ignore trapInTest a literal URL, which always parses
                LaunchedApp(url: URL(string: "about:blank")!) { terminations.withLock { $0 += 1 } }
            })
        let state = try await sut.run { app in app.state }
        #expect(state == .runningForeground)
        #expect(terminations.withLock { $0 } == 1)
        await #expect(throws: JourneyFailed.self) {
            try await sut.run { _ in throw JourneyFailed() }
        }
        #expect(terminations.withLock { $0 } == 2)
        #expect(sut.state == .notRunning)
    }

    @Test(
        "When this process lets go of chromedriver (as when it dies), chromedriver and every Chromium are killed",
        .tags(.endToEnd), .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
    func noSurvivors() async throws {
        let installation = try BrowserInstallation.find()
        let sut = try await ChromeDriverProcess.start(installation)
        let session = try await BrowserSession.create(on: sut.client, chromium: installation.chromium)
        let devTools = try #require(session.devTools)
        let group = sut.driverProcessID
        #expect(livingProcesses(inSession: group).count >= 2)  // chromedriver and Chromium

        sut.releaseLifeline()  // what the kernel does when the test process is killed

        let deadline = ContinuousClock.now + .seconds(120)
        while !livingProcesses(inSession: group).isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))  // poll interval: the kill is asynchronous
        }
        #expect(livingProcesses(inSession: group).isEmpty)
        while FileManager.default.fileExists(atPath: sut.temporaryFolder) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(!FileManager.default.fileExists(atPath: sut.temporaryFolder))
        // The DevTools socket closed with Chromium: a call fails at once instead of waiting.
        let error = await #expect(throws: DevToolsError.self) {
            try await devTools.call("Runtime.evaluate", ["expression": "1"], timeout: .seconds(120))
        }
        if case .closed = error {} else { Issue.record("not closed: \(String(describing: error))") }
        await sut.stop()
    }
}

/// Process ids of the living (not zombie) processes in session `session`, read from /proc.
func livingProcesses(inSession session: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
        guard let pid = pid_t(entry),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": state ppid pgrp session …
        let fields = stat[stat.index(end, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 3, fields[0] != "Z", pid_t(fields[3]) == session else { return nil }
        return pid
    }
}
