import ExampleLauncher
import Foundation
import LitmusUI

/// Measures LitmusUI: launch (the first, with chromedriver and Chromium starting, and warm ones),
/// per-action latency of tap, query and typeText, and the wall time of seed 000's UI suite run by
/// the test binary in its own process, with where that suite's time goes (the per-phase lines that
/// `LITMUS_UI_PHASES=1` makes LitmusUI write); the tap and the suite with UI traces off, on failure (the
/// default, recorded and thrown away) and on (written for every test), in turns, and their ratios.
///
///     cd Examples/Web && swift build --build-tests && .build/debug/UIBenchmark [runs of the suite, 3] [test binary]
@main
enum UIBenchmark {
    static let clock = ContinuousClock()

    /// The trace modes compared, in the order they take turns.
    static let modes: [UITraceMode] = [.off, .failure, .on]

    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let runs = arguments.first.flatMap(Int.init) ?? 3
        let binary = arguments.dropFirst().first ?? testBinary()
        // The traces written with `on` (here and by the suite) go to a folder of this run, deleted at the end.
        let traces = NSTemporaryDirectory() + "litmus-ui-benchmark-traces-\(getpid())"
        setenv("LITMUS_UI_ARTIFACTS", traces, 1)
        setenv("LITMUS_UI_BROWSERS", "3", 0)  // a window for each trace mode's calculator
        defer { try? FileManager.default.removeItem(atPath: traces) }
        print("load average at start: \(loadAverage())")

        let calculator = XCUIApplication.example("calculator")
        let firstLaunch = try await clock.measure { try await calculator.launch() }
        print("launch, first (chromedriver + Chromium start, server, page)   \(milliseconds(firstLaunch))")
        try await calculator.terminate()
        var launches: [Duration] = []
        var terminations: [Duration] = []
        for _ in 0..<20 {
            launches.append(try await clock.measure { try await calculator.launch() })
            terminations.append(try await clock.measure { try await calculator.terminate() })
        }
        print(line("launch, warm browser (server, page)", launches))
        print(line("terminate (server stopped, cookies cleared)", terminations))

        // One calculator per trace mode, all launched, tapped in short turns (8 taps each, 8 times): the load
        // of the machine (other builds) then falls on each mode alike, and the work a mode leaves running
        // (the screenshot `on` asks for after a tap) falls on that mode's next tap, not on another's.
        let calculators = modes.map { mode in
            let app = XCUIApplication.example("calculator")
            app.traceMode = mode
            return (mode, app)
        }
        for (_, app) in calculators { try await app.launch() }
        var taps: [UITraceMode: [Duration]] = [:]
        for _ in 0..<8 {
            for (mode, app) in calculators {
                for _ in 0..<8 {
                    taps[mode, default: []].append(try await clock.measure { try await app.buttons["7"].tap() })
                }
            }
        }
        for (_, app) in calculators { try await app.terminate() }
        for mode in modes { print(line("tap (fetch, body swap), LITMUS_UI_TRACE=\(mode)", taps[mode]!)) }
        print(ratios("tap median", taps))

        calculator.traceMode = .failure
        try await calculator.launch()
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

        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("seed 000 UI suite: not measured, \(binary) not found (run swift build --build-tests)")
            return
        }
        var suites: [UITraceMode: [Duration]] = [:]
        var phases: [String: [Double]] = [:]
        for _ in 0..<runs {
            for mode in modes {
                let (duration, trace) = try runSuite(binary, mode: mode)
                suites[mode, default: []].append(duration)
                if mode == .failure { phases.merge(trace) { $0 + $1 } }
            }
        }
        print(
            "seed 000 UI suite (\(suiteTestCount) tests, own process, browser start included), \(runs) runs per mode:")
        for mode in modes {
            print("  LITMUS_UI_TRACE=\(mode): " + suites[mode]!.map(milliseconds).joined(separator: ", "))
            print(line("  suite, LITMUS_UI_TRACE=\(mode)", suites[mode]!))
        }
        print(ratios("suite median", suites))
        print(
            "  where a suite's time goes (LITMUS_UI_TRACE=failure, LITMUS_UI_PHASES=1; per run: count, total; per action: median):"
        )
        for key in phases.keys.sorted() {
            let samples = phases[key]!.sorted()
            let perRun = samples.reduce(0, +) / Double(runs)
            print(
                "  \(key.padding(toLength: 24, withPad: " ", startingAt: 0)) \(samples.count / runs)×, "
                    + String(format: "%7.1f ms; median %.1f ms", perRun, samples[samples.count / 2]))
        }
        print("load average at end: \(loadAverage())")
    }

    private static func report(_ name: String, times: Int, _ action: @Sendable () async throws -> Void) async throws {
        var samples: [Duration] = []
        for _ in 0..<times {
            samples.append(try await clock.measure { try await action() })
        }
        print(line(name, samples))
    }

    /// The medians of `failure` and `on` as ratios of `off`'s: the cost of recording a trace.
    private static func ratios(_ name: String, _ samples: [UITraceMode: [Duration]]) -> String {
        func median(_ mode: UITraceMode) -> Double {
            let sorted = samples[mode, default: []].sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2] / .milliseconds(1)
        }
        return "\(name) with traces on failure / off: " + String(format: "%.3f", median(.failure) / median(.off))
            + "; on / off: " + String(format: "%.3f", median(.on) / median(.off))
    }

    private static func line(_ name: String, _ samples: [Duration]) -> String {
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        let p90 = sorted[sorted.count * 9 / 10]
        return "\(name.padding(toLength: 48, withPad: " ", startingAt: 0)) median \(milliseconds(median)), "
            + "p90 \(milliseconds(p90)) (n=\(samples.count))"
    }

    /// Runs the seed 000 UI tests in the test binary with `LITMUS_UI_PHASES=1` and `LITMUS_UI_TRACE=mode`,
    /// and waits for it (posix_spawn and waitpid: Foundation's Process missed this child's exit here once).
    /// Returns the wall time and, per action and phase (`tap.settle`, `launch` for the whole), the milliseconds.
    private static func runSuite(_ binary: String, mode: UITraceMode) throws -> (Duration, [String: [Double]]) {
        let traceFile = NSTemporaryDirectory() + "litmus-ui-benchmark-\(getpid()).trace"
        let outputFile = NSTemporaryDirectory() + "litmus-ui-benchmark-\(getpid()).out"
        defer {
            try? FileManager.default.removeItem(atPath: traceFile)
            try? FileManager.default.removeItem(atPath: outputFile)
        }
        let arguments = [binary, "CalculatorUITests.MainScreenUITests,CalculatorUITests.CalculationUITests"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.merging(
            ["LITMUS_UI_PHASES": "1", "LITMUS_UI_TRACE": mode.rawValue]
        ) { $1 }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, traceFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid: pid_t = 0
        let start = clock.now
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { throw SuiteFailure(status: -1) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let duration = clock.now - start
        let trace = (try? String(contentsOfFile: traceFile, encoding: .utf8)) ?? ""
        guard status == 0 else {
            FileHandle.standardError.write(Data(trace.utf8))
            throw SuiteFailure(status: status)
        }
        // A suite whose tests were skipped (LITMUS_SKIP_UI=1) or not found is fast and measures nothing.
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        let passed = output.split(separator: "\n").filter { $0.hasPrefix("Test Case '") && $0.contains("' passed (") }
        guard passed.count == suiteTestCount else {
            throw SuiteNotRun(passed: passed.count, output: String(output.suffix(2000)))
        }
        var phases: [String: [Double]] = [:]
        for line in trace.split(separator: "\n") where line.hasPrefix("litmus-ui-phases ") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            var total = 0.0
            for field in fields.dropFirst(2) {
                let parts = field.split(separator: "=")
                guard parts.count == 2, let value = Double(parts[1]) else { continue }
                phases["\(fields[1]).\(parts[0])", default: []].append(value)
                total += value
            }
            phases["\(fields[1])", default: []].append(total)
        }
        return (duration, phases)
    }

    /// The package's test binary in .build/debug (`…PackageTests.xctest`).
    private static func testBinary() -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ".build/debug")) ?? []
        let name =
            names.sorted().first { $0.hasSuffix("PackageTests.xctest") } ?? "LitmusExamplesWebPackageTests.xctest"
        return ".build/debug/" + name
    }

    /// The 1, 5 and 15 minute load averages (as `uptime` prints them), or "unknown".
    private static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: ", ")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = duration / .milliseconds(1)
        return String(format: "%.1f ms", value)
    }
}

/// The seed 000 UI suite's tests: MainScreenUITests and CalculationUITests.
let suiteTestCount = 6

/// The seed 000 UI suite exited 0 without passing each of its tests (skipped, or not found).
struct SuiteNotRun: Error, CustomStringConvertible {
    /// The tests that passed.
    let passed: Int
    /// The end of the suite's output.
    let output: String

    var description: String {
        "The seed 000 UI suite passed \(passed) of its \(suiteTestCount) tests, so its time measures nothing; "
            + "unset LITMUS_SKIP_UI and install Chromium (scripts/test does). Its output ended:\n\(output)"
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
