import ExamplesWeb
import Foundation
import LitmusUI

/// Measures LitmusUI: the first launch (chromedriver and Chromium starting), per-action latency of
/// tap, query and typeText, and the wall time of seed 000's UI suite run by the test binary.
///
///     swift build --build-tests && swift run UIBenchmark [path to LitmusPackageTests.xctest]
@main
enum UIBenchmark {
    static let clock = ContinuousClock()

    static func main() async throws {
        let calculator = XCUIApplication(
            launcher: AppLauncher { _, _ in
                let server = try await ExamplesServer().start()
                return LaunchedApp(url: server.url(ofScreen: "calculator")) { await server.stop() }
            })
        let firstLaunch = try await clock.measure { try await calculator.launch() }
        print("first launch, browser start included: \(milliseconds(firstLaunch))")
        let terminate = try await clock.measure { try await calculator.terminate() }
        print("terminate (server stopped, window reset): \(milliseconds(terminate))")
        let relaunch = try await clock.measure { try await calculator.launch() }
        print("launch with a warm browser:           \(milliseconds(relaunch))")

        try await report("tap (form post, page reload)", times: 40) { try await calculator.buttons["7"].tap() }
        try await report("query: buttons.count", times: 40) { _ = try await calculator.buttons.count }
        try await report("query: staticTexts[…].exists", times: 40) { _ = try await calculator.staticTexts["7"].exists }
        try await report("read: staticTexts.element.label", times: 40) {
            _ = try await calculator.staticTexts.element.label
        }
        try await calculator.terminate()

        let html = "<!doctype html><title>Field</title><input id=field>"
        let form = XCUIApplication(url: URL(string: "data:text/html;base64," + Data(html.utf8).base64EncodedString())!)
        try await form.launch()
        try await report("typeText (one character)", times: 40) { try await form.textFields["field"].typeText("a") }
        try await form.terminate()

        let binary = CommandLine.arguments.dropFirst().first ?? ".build/debug/LitmusPackageTests.xctest"
        if FileManager.default.isExecutableFile(atPath: binary) {
            let suite = try clock.measure { try runSuite(binary) }
            print("seed 000 UI suite (6 tests, own process, browser start included): \(milliseconds(suite))")
        } else {
            print("seed 000 UI suite: not measured, \(binary) not found (run swift build --build-tests)")
        }
    }

    private static func report(_ name: String, times: Int, _ action: @Sendable () async throws -> Void) async throws {
        var samples: [Duration] = []
        for _ in 0..<times {
            samples.append(try await clock.measure { try await action() })
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p90 = samples[samples.count * 9 / 10]
        print(
            "\(name.padding(toLength: 38, withPad: " ", startingAt: 0)) median \(milliseconds(median)), p90 \(milliseconds(p90)) (n=\(times))"
        )
    }

    /// Runs the seed 000 UI tests in the test binary and waits for it (posix_spawn and waitpid:
    /// Foundation's Process missed this child's exit here once).
    private static func runSuite(_ binary: String) throws {
        let arguments = [binary, "CalculatorUITests.MainScreenUITests,CalculatorUITests.CalculationUITests"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, nil, nil, argv, environ) == 0 else { throw SuiteFailure(status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else { throw SuiteFailure(status: status) }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.1f ms", value)
    }
}

/// The seed 000 UI suite failed while being timed.
struct SuiteFailure: Error, CustomStringConvertible {
    /// The wait status of the test binary.
    let status: Int32

    var description: String {
        "The seed 000 UI suite failed (wait status \(status)); run `swift test --filter CalculatorUITests` to see why."
    }
}
