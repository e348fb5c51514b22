import Foundation

/// The built test bundle of the audited package (`<Package>PackageTests.xctest`), run directly: one
/// process per run, never `swift test`, outcomes read from structured output.
struct TestBinary: Sendable {
    /// The executable.
    var executable: URL
    /// The working directory of every test process: the package copy, as under `swift test`.
    var workingDirectory: URL
    /// A folder for output files and coverage profiles.
    var scratch: URL
    /// The time limit of one process, in seconds.
    var timeout: Double

    /// What one process run says about the tests asked of it.
    struct Run: Sendable {
        /// Results by test identifier.
        var results: [String: TestResult]
        /// Identifiers in the order the tests started.
        var order: [String]
        /// Swift Testing tests declared in the stream (discovery).
        var declared: [TestIdentity]
        /// Whether the process was killed at its time limit.
        var timedOut: Bool
    }

    /// Lists the XCTest tests (`--list-tests`).
    func listXCTests() async throws -> [TestIdentity] {
        let output = try await ChildProcess.run(
            executable, ["--list-tests"], in: workingDirectory, environment: profileEnvironment("list"),
            outputFile: scratch.appendingPathComponent("list-\(UUID().uuidString).txt"), timeout: timeout)
        return XCTestOutputParser().parseListing(output.output).map { TestIdentity(library: .xctest, id: $0) }
    }

    /// Runs XCTest tests in one process: `ids` (in the runner's own order) or all when `nil`.
    func runXCTests(_ ids: [String]?, known: [TestIdentity], profile: String) async throws -> Run {
        let arguments = ids.map { [$0.joined(separator: ",")] } ?? []
        let output = try await ChildProcess.run(
            executable, arguments, in: workingDirectory, environment: profileEnvironment(profile),
            outputFile: scratch.appendingPathComponent("xctest-\(UUID().uuidString).txt"), timeout: timeout)
        var byOutputName: [String: String] = [:]
        for test in known { if let name = test.xctestOutputName { byOutputName[name] = test.id } }
        var results: [String: TestResult] = [:]
        var order: [String] = []
        for entry in XCTestOutputParser().parse(output.output) {
            guard let id = byOutputName[entry.name] else { continue }
            results[id] = entry.result
            order.append(id)
        }
        return Run(results: results, order: order, declared: [], timedOut: output.timedOut)
    }

    /// Runs Swift Testing tests in one process, one at a time (`--no-parallel`, so the order is the
    /// same every run) unless `parallel`: `ids` (full event stream identifiers) or all when `nil`.
    func runSwiftTests(_ ids: [String]?, profile: String, parallel: Bool = false) async throws -> Run {
        let events = scratch.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        var arguments = ["--testing-library", "swift-testing"] + (parallel ? [] : ["--no-parallel"])
        arguments += ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        for id in ids ?? [] { arguments += ["--filter", "^" + NSRegularExpression.escapedPattern(for: id) + "$"] }
        let output = try await ChildProcess.run(
            executable, arguments, in: workingDirectory, environment: profileEnvironment(profile),
            outputFile: scratch.appendingPathComponent("swift-testing-\(UUID().uuidString).txt"), timeout: timeout)
        let stream = EventStreamParser().parse((try? Data(contentsOf: events)) ?? Data())
        try? FileManager.default.removeItem(at: events)
        return Run(results: stream.results, order: stream.startOrder, declared: stream.tests, timedOut: output.timedOut)
    }

    /// Runs `tests` in as few processes as their libraries need (XCTest and Swift Testing side by side).
    func run(_ tests: [TestIdentity], all: [TestIdentity], profile: String) async throws -> Run {
        let xctests = tests.filter { $0.library == .xctest }.map(\.id)
        let swiftTests = tests.filter { $0.library == .swiftTesting }.map(\.id)
        async let xctestRun: Run? = xctests.isEmpty ? nil : runXCTests(xctests, known: all, profile: profile + "-x")
        async let swiftRun: Run? = swiftTests.isEmpty ? nil : runSwiftTests(swiftTests, profile: profile + "-s")
        let runs = try await [xctestRun, swiftRun].compactMap { $0 }
        var merged = Run(results: [:], order: [], declared: [], timedOut: false)
        for run in runs {
            merged.results.merge(run.results) { $1 }
            merged.order += run.order
            merged.timedOut = merged.timedOut || run.timedOut
        }
        return merged
    }

    private func profileEnvironment(_ name: String) -> [String: String] {
        ["LLVM_PROFILE_FILE": scratch.appendingPathComponent("profiles/\(name)-%p.profraw").path]
    }
}
