import Foundation
import LitmusAudit
import LitmusSupport

/// Runs some of the package's tests in one process of its test binary, with an environment of its own
/// (the active mutant, the coverage file): the audit's way of running, one library per process.
struct TestProcess: Sendable {
    /// The test binary.
    var executable: URL
    /// The working directory of every test process: the package copy, as under `swift test`.
    var workingDirectory: URL
    /// A folder for output files.
    var scratch: URL

    /// What one process said.
    struct Outcome: Sendable {
        /// Results by test identifier.
        var results: [String: TestResult]
        /// Whether it was killed at its time limit.
        var timedOut: Bool
        /// Its exit status.
        var status: Int32
        /// Its wall time, in seconds.
        var seconds: Double
    }

    /// Runs `tests` (all of one library) in one process.
    func run(_ tests: [TestIdentity], environment: [String: String], timeout: Double) async throws -> Outcome {
        let started = ContinuousClock.now
        let name = UUID().uuidString
        // A binary built with coverage (after an audit) writes its profile here, not into the package copy.
        let environment = environment.merging(
            ["LLVM_PROFILE_FILE": scratch.appendingPathComponent("profile-%4m.profraw").path]
        ) { given, _ in given }
        guard let library = tests.first?.library else {
            return Outcome(results: [:], timedOut: false, status: 0, seconds: 0)
        }
        switch library {
        case .xctest:
            let output = try await ChildProcess.run(
                executable, [tests.map(\.id).joined(separator: ",")], in: workingDirectory,
                environment: environment, outputFile: scratch.appendingPathComponent("x-\(name).txt"),
                timeout: timeout)
            var byOutputName: [String: String] = [:]
            for test in tests { if let name = test.xctestOutputName { byOutputName[name] = test.id } }
            var results: [String: TestResult] = [:]
            for entry in XCTestOutputParser().parse(output.output) {
                if let id = byOutputName[entry.name] { results[id] = entry.result }
            }
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent("x-\(name).txt"))
            return Outcome(
                results: results, timedOut: output.timedOut, status: output.status,
                seconds: (ContinuousClock.now - started).inSeconds)
        case .swiftTesting:
            let events = scratch.appendingPathComponent("events-\(name).jsonl")
            var arguments = ["--testing-library", "swift-testing", "--no-parallel"]
            arguments += ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
            for test in tests {
                arguments += ["--filter", "^" + NSRegularExpression.escapedPattern(for: test.id) + "$"]
            }
            let output = try await ChildProcess.run(
                executable, arguments, in: workingDirectory, environment: environment,
                outputFile: scratch.appendingPathComponent("s-\(name).txt"), timeout: timeout)
            let stream = EventStreamParser().parse((try? Data(contentsOf: events)) ?? Data())
            try? FileManager.default.removeItem(at: events)
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent("s-\(name).txt"))
            return Outcome(
                results: stream.results, timedOut: output.timedOut, status: output.status,
                seconds: (ContinuousClock.now - started).inSeconds)
        }
    }

    /// Lists every test: XCTest's by `--list-tests`, Swift Testing's from one run of them all.
    func discover(timeout: Double) async throws -> [TestIdentity] {
        let list = try await ChildProcess.run(
            executable, ["--list-tests"], in: workingDirectory,
            outputFile: scratch.appendingPathComponent("list.txt"), timeout: timeout)
        let xctests = XCTestOutputParser().parseListing(list.output).map {
            TestIdentity(library: .xctest, id: $0)
        }
        let events = scratch.appendingPathComponent("discover.jsonl")
        _ = try await ChildProcess.run(
            executable,
            [
                "--testing-library", "swift-testing", "--event-stream-output-path", events.path,
                "--event-stream-version", "0",
            ],
            in: workingDirectory, outputFile: scratch.appendingPathComponent("discover.txt"), timeout: timeout)
        let stream = EventStreamParser().parse((try? Data(contentsOf: events)) ?? Data())
        return xctests + stream.tests
    }
}
