import Foundation
import LitmusModel
import LitmusSupport

/// The built test bundle of the audited package (`<Package>PackageTests.xctest`), run directly: one
/// process per run, never `swift test`, outcomes read from structured output. The audit and mutation
/// testing both run their test processes through it.
package struct TestBinary: Sendable {
    /// The executable.
    package var executable: URL
    /// The working directory of every test process: the package copy, as under `swift test`.
    package var workingDirectory: URL
    /// A folder for output files and coverage profiles.
    package var scratch: URL
    /// The time limit of one process, in seconds.
    package var timeout: Double
    /// Variables set in every process's environment over this process's own (the package's test
    /// environment, mutation testing's `LITMUS_MUTANT`, `LITMUS_COVERAGE`); the coverage profile's
    /// `LLVM_PROFILE_FILE` is always its own.
    package var environment: [String: String] = [:]
    /// Whether each process's output file and coverage profiles stay in the scratch folder after its run
    /// (the audit reads the profiles). Mutation testing, which runs a process per mutant, keeps none:
    /// they are removed once read, and its runs list no profile.
    package var keepsFiles = true
    /// Where an alone run's own temporary folder goes (``runAlone(_:all:profile:)``); the scratch folder
    /// when `nil`.
    package var temporaryRoot: URL?

    /// A binary at `executable` run in `workingDirectory`, its files in `scratch`, each process limited
    /// to `timeout` seconds.
    package init(executable: URL, workingDirectory: URL, scratch: URL, timeout: Double, keepsFiles: Bool = true) {
        self.executable = executable
        self.workingDirectory = workingDirectory
        self.scratch = scratch
        self.timeout = timeout
        self.keepsFiles = keepsFiles
    }

    /// What one process run says about the tests asked of it.
    package struct Run: Sendable {
        /// Results by test identifier.
        package var results: [TestID: TestResult]
        /// Identifiers in the order the tests started.
        package var order: [TestID]
        /// Swift Testing tests declared in the stream (discovery).
        package var declared: [TestIdentity]
        /// The processes of this run killed at their time limit; empty when every one ended by itself.
        package var timeouts: [Timeout] = []
        /// The coverage profiles its processes wrote (`.profraw`), one per process and child process;
        /// none when the binary does not keep its files.
        package var profiles: [URL] = []
        /// The exit status of its process (or the signal that ended it); of several, the first not 0.
        package var status: Int32 = 0
        /// The wall time of its process, in seconds; of several, their times added.
        package var seconds: Double = 0
        /// The processor time its processes spent (``ChildProcessResult/processorSeconds``), added; `nil`
        /// when one could not be read.
        package var processorSeconds: Double? = 0
        /// Its processes, as they ended (XCTest's and Swift Testing's side by side, when both ran).
        package var processes: [TestProcess] = []
        /// What an alone run (``runAlone(_:all:profile:)``) left in the temporary folder it was given,
        /// relative to it; empty for other runs.
        package var leftInTemporaryFolder: [String] = []
        /// The files of the package's copy that changed while an alone run ran (its own doing, or that
        /// of a process beside it), relative to the package; empty for other runs.
        package var changedInPackage: [String] = []
        /// The footprint files its processes wrote (``FootprintObserver``), one per process asked for them, each
        /// with the process's framework.
        package var footprints: [FootprintObserver.File] = []

        /// Whether a process of this run was killed at its time limit.
        package var timedOut: Bool { !timeouts.isEmpty }
    }

    /// A process killed at its time limit, and the tests it left undone.
    package struct Timeout: Sendable, Hashable {
        /// The framework of the process.
        var library: TestLibrary
        /// The tests that had started and not ended.
        var unfinished: [TestID]
        /// The tests asked of it that never started.
        var notStarted: [TestID]
        /// The time limit it was killed at, in seconds.
        var limit: Double

        /// What a process asked for `asked` left undone, from the `results` it gave before it was killed at
        /// `limit` seconds.
        init(library: TestLibrary, asked: [TestID], results: [TestID: TestResult], limit: Double) {
            self.library = library
            unfinished = asked.filter { results[$0]?.outcome == .crashed }
            notStarted = asked.filter { results[$0] == nil }
            self.limit = limit
        }

        /// The record of this process in the report, as the run named `run`.
        package func record(as run: String, seed: UInt64? = nil) -> TimedOutRun {
            TimedOutRun(
                run: run, seed: seed, library: library, unfinished: unfinished, notStarted: notStarted,
                limitSeconds: limit)
        }
    }

    /// What `--list-tests` gave: the XCTest tests it listed, and how the process ended.
    package struct Listing: Sendable {
        /// The tests listed.
        package var tests: [TestIdentity]
        /// The exit status of the listing process: not 0 when the binary does not speak XCTest's
        /// protocol (a LinuxMain.swift that runs another framework ignores the flag and runs its checks).
        package var status: Int32
        /// The processor time the listing process spent: what any test process spends before its first test.
        package var processorSeconds: Double? = nil
    }

    /// The clock of every process's start and end (``TestProcess``): seconds since the first use.
    package static let clock = ContinuousClock.now

    /// Seconds on ``clock``.
    package static func now() -> Double { (ContinuousClock.now - clock).inSeconds }

    /// Lists the XCTest tests (`--list-tests`), with the listing's exit status.
    package func list() async throws -> Listing {
        let (output, _, _) = try await process(["--list-tests"], output: "list", profile: "list")
        let tests = XCTestOutputParser().parseListing(output.output).map { TestIdentity(library: .xctest, id: $0) }
        return Listing(tests: tests, status: output.status, processorSeconds: output.processorSeconds)
    }

    /// Lists the XCTest tests (`--list-tests`).
    func listXCTests() async throws -> [TestIdentity] { try await list().tests }

    /// Every test: XCTest's by `--list-tests`, Swift Testing's from one run of them all.
    package func discover() async throws -> [TestIdentity] {
        try await list().tests + runSwiftTests(nil, profile: "discover", parallel: true).declared
    }

    /// Runs the binary once with no argument, as `swift test` first runs it: its own entry point
    /// decides what runs. How it ended and what it printed.
    package func runAsSwiftTestWould() async throws -> ChildProcessResult {
        try await process([], output: "direct", profile: "direct").result
    }

    /// Runs XCTest tests in one process: `ids` (in the runner's own order) or all when `nil`; with `observer`,
    /// the footprint observer writes which code each test executed, or its processor time (``Run/footprints``).
    package func runXCTests(
        _ ids: [TestID]?, known: [TestIdentity], profile: String, observer: FootprintObserver.Watch? = nil
    ) async throws -> Run {
        let arguments = ids.map { [$0.map(\.rawValue).joined(separator: ",")] } ?? []
        let footprints = observer.map { (file: footprintFile(profile), watch: $0) }
        let (output, seconds, profiles) = try await process(
            arguments, output: "xctest", profile: profile, footprint: footprints)
        // XCTest prints `Class.method` without the module: two test targets may each have that test. The
        // runner runs them in the listing's order, so the n-th `Class.method` printed is the n-th listed.
        let asked = ids.map(Set.init)
        var byOutputName: [String: [TestID]] = [:]
        for test in known where asked?.contains(test.id) ?? true {
            if let name = test.xctestOutputName { byOutputName[name, default: []].append(test.id) }
        }
        var results: [TestID: TestResult] = [:]
        var order: [TestID] = []
        for entry in XCTestOutputParser().parse(output.output) {
            guard let id = byOutputName[entry.outputName]?.first else { continue }
            byOutputName[entry.outputName]?.removeFirst()
            results[id] = entry.result
            order.append(id)
        }
        try refuseLostOutput(output, started: order, results: results)
        let timeouts =
            output.timedOut
            ? [Timeout(library: .xctest, asked: ids ?? known.map(\.id), results: results, limit: timeout)] : []
        return Run(
            results: results, order: order, declared: [], timeouts: timeouts, profiles: profiles,
            status: output.status, seconds: seconds, processorSeconds: output.processorSeconds,
            processes: [Self.process(.xctest, output, seconds: seconds, order: order, results: results)],
            footprints: footprints.map { [FootprintObserver.File(file: $0.file, library: .xctest)] } ?? [])
    }

    /// Where a process named `profile` writes its footprints.
    private func footprintFile(_ profile: String) -> URL {
        scratch.appendingPathComponent("footprint-\(profile)-\(UUID().uuidString).txt")
    }

    /// The record of a process of `library` that ended as `output` says, after `seconds`, having started
    /// `order` with `results`: a crash when a signal ended it, or it exited while a test ran, whatever its
    /// status (a test that calls `exit(0)`, or closes the standard output XCTest reports on, leaves its
    /// test unended in a process that exits 0), and it was not killed at the time limit. A lost report on
    /// a full disk never gets here (``refuseLostOutput(_:started:results:silent:)``).
    static func process(
        _ library: TestLibrary, _ output: ChildProcessResult, seconds: Double, order: [TestID],
        results: [TestID: TestResult]
    ) -> TestProcess {
        let end = now()
        let inFlight = order.filter { results[$0]?.outcome == .crashed }
        let crashed = !output.timedOut && (output.signal != nil || !inFlight.isEmpty)
        return TestProcess(
            library: library, start: end - seconds, end: end, tests: order,
            crash: crashed
                ? ProcessCrash.read(output: output.output, signal: output.signal, status: output.status) : nil,
            inFlight: crashed ? inFlight : [], leftovers: output.leftovers,
            failed: order.filter { results[$0]?.outcome == .failed })
    }

    /// Runs Swift Testing tests in one process, one at a time (`--no-parallel`, so the order is the
    /// same every run) unless `parallel`: `ids` (full event stream identifiers) or all when `nil`, but those of
    /// `skipping` (`--skip`: a test added since they were named still runs); with `observer` (one at a time
    /// only), the footprint observer writes which code each test executed, or its processor time.
    package func runSwiftTests(
        _ ids: [TestID]?, skipping: [TestID] = [], profile: String, parallel: Bool = false,
        observer: FootprintObserver.Watch? = nil
    ) async throws -> Run {
        let events = scratch.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        var arguments = ["--testing-library", "swift-testing"] + (parallel ? [] : ["--no-parallel"])
        arguments += ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        for id in ids ?? [] {
            arguments += ["--filter", "^" + NSRegularExpression.escapedPattern(for: id.rawValue) + "$"]
        }
        for id in skipping {
            arguments += ["--skip", "^" + NSRegularExpression.escapedPattern(for: id.rawValue) + "$"]
        }
        let footprints = parallel ? nil : observer.map { (file: footprintFile(profile), watch: $0) }
        let (output, seconds, profiles) = try await process(
            arguments, output: "swift-testing", profile: profile, footprint: footprints)
        let stream = EventStreamParser().parse((try? Data(contentsOf: events)) ?? Data())
        try? FileManager.default.removeItem(at: events)
        try refuseLostOutput(output, started: stream.startOrder, results: stream.results, silent: stream.tests.isEmpty)
        let skipped = Set(skipping)
        let asked = ids ?? stream.tests.map(\.id).filter { !skipped.contains($0) }
        let timeouts =
            output.timedOut
            ? [Timeout(library: .swiftTesting, asked: asked, results: stream.results, limit: timeout)] : []
        return Run(
            results: stream.results, order: stream.startOrder, declared: stream.tests, timeouts: timeouts,
            profiles: profiles, status: output.status, seconds: seconds, processorSeconds: output.processorSeconds,
            processes: [
                Self.process(.swiftTesting, output, seconds: seconds, order: stream.startOrder, results: stream.results)
            ], footprints: footprints.map { [FootprintObserver.File(file: $0.file, library: .swiftTesting)] } ?? [])
    }

    /// Throws ``AuditError/diskFull(path:during:)`` when a process that exited 0 on its own left a test
    /// started and never ended (or, for Swift Testing, an event stream with no test in it), and the
    /// scratch folder takes no more data: its output was lost to a full disk, so the run measured nothing
    /// of those tests, which must not read as crashes of theirs. `silent`: the output names no test at all
    /// (an empty event stream).
    func refuseLostOutput(
        _ output: ChildProcessResult, started: [TestID], results: [TestID: TestResult], silent: Bool = false
    ) throws {
        guard output.status == 0, output.signal == nil, !output.timedOut else { return }
        let unfinished = started.contains { results[$0]?.outcome == .crashed }
        guard unfinished || silent, let reason = FileFault.unwritable(scratch) else { return }
        throw AuditError.diskFull(
            path: scratch.path, during: "the test runs (what a test process reported was lost: \(reason))")
    }

    /// Runs `tests` in as few processes as their libraries need (XCTest and Swift Testing side by side); with
    /// `observer`, each process with the footprint observer noting that (``Run/footprints``).
    package func run(
        _ tests: [TestIdentity], all: [TestIdentity], profile: String, observer: FootprintObserver.Watch? = nil
    ) async throws -> Run {
        let xctests = tests.filter { $0.library == .xctest }.map(\.id)
        let swiftTests = tests.filter { $0.library == .swiftTesting }.map(\.id)
        async let xctestRun: Run? =
            xctests.isEmpty ? nil : runXCTests(xctests, known: all, profile: profile + "-x", observer: observer)
        async let swiftRun: Run? =
            swiftTests.isEmpty ? nil : runSwiftTests(swiftTests, profile: profile + "-s", observer: observer)
        return Run(merging: try await [xctestRun, swiftRun].compactMap { $0 })
    }

    /// Runs `test` alone, as ``run(_:all:profile:)`` does, with a temporary folder of its own (`TMPDIR`,
    /// in the scratch folder), and notes what it left there (the folder is removed afterwards) and which
    /// files of the package's copy changed while it ran.
    package func runAlone(_ test: TestIdentity, all: [TestIdentity], profile: String) async throws -> Run {
        // A short name: a test's Unix socket in its temporary folder must fit in a socket's path.
        let folder = (temporaryRoot ?? scratch).appendingPathComponent(
            String(UInt32.random(in: 0...UInt32.max), radix: 36))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var binary = self
        binary.environment["TMPDIR"] = folder.path + "/"
        let before = PackageFiles.snapshot(of: workingDirectory)
        var run = try await binary.run([test], all: all, profile: profile)
        run.changedInPackage = PackageFiles.snapshot(of: workingDirectory).changes(since: before).map(\.path)
        run.leftInTemporaryFolder = PackageFiles.snapshot(of: folder).stamps.keys.sorted()
        return run
    }

    /// Runs `tests` as ``run(_:all:profile:)`` does, with `environment` set in their processes too and each
    /// process limited to `timeout` seconds: mutation testing's runs (the active mutant, the recording).
    package func run(
        _ tests: [TestIdentity], environment: [String: String], timeout: Double, profile: String
    ) async throws -> Run {
        var binary = self
        binary.environment.merge(environment) { $1 }
        binary.timeout = timeout
        return try await binary.run(tests, all: tests, profile: profile)
    }

    /// Runs one process with `arguments`, its output in a file named after `output` and its coverage
    /// profiles named after `profile`: how it ended, what it printed, its wall time, and the profiles
    /// it wrote when the binary keeps them (else its output file and profiles are removed).
    private func process(
        _ arguments: [String], output: String, profile: String,
        footprint: (file: URL, watch: FootprintObserver.Watch)? = nil
    ) async throws -> (result: ChildProcessResult, seconds: Double, profiles: [URL]) {
        let profiles = ProfileFiles(in: scratch, named: profile)
        let file = scratch.appendingPathComponent("\(output)-\(UUID().uuidString).txt")
        var variables = environment.merging(profiles.environment) { $1 }
        variables[FootprintObserver.environmentVariable] = footprint?.file.path
        variables[FootprintObserver.watchVariable] = footprint?.watch.value
        // Footprint variables this process inherited (an audit run inside an observed test) are never passed on.
        let unset = footprint == nil ? [FootprintObserver.environmentVariable, FootprintObserver.watchVariable] : []
        let started = ContinuousClock.now
        let result = try await ChildProcess.run(
            executable, arguments, in: workingDirectory,
            environment: variables, unsetting: ProfileFiles.inheritedState.union(unset),
            outputFile: file, timeout: timeout, tag: .next())
        let seconds = (ContinuousClock.now - started).inSeconds
        guard !keepsFiles else { return (result, seconds, profiles.written()) }
        try? FileManager.default.removeItem(at: file)
        for written in profiles.written() { try? FileManager.default.removeItem(at: written) }
        return (result, seconds, [])
    }
}

/// The coverage profiles of one test process: `profiles/<name>-<unique>-<pid>.profraw` in the scratch
/// folder, so a run knows its own files without a naming convention shared with its readers.
struct ProfileFiles: Sendable {
    /// The folder of every profile of the audit.
    var folder: URL
    /// The start of this process's file names.
    var prefix: String

    /// The profiles of a new process named `name` (`suite-1-x`), in `scratch/profiles`, which it creates.
    init(in scratch: URL, named name: String) {
        folder = scratch.appendingPathComponent("profiles")
        prefix = "\(name)-\(UUID().uuidString)-"
        // The runtime creates the folder only when it starts fresh (see `inheritedState`); `scratch`
        // exists unless an interruption deleted it, which this must not undo.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    /// The LLVM profile runtime's own state, kept in the environment: an instrumented process sets
    /// `__LLVM_PROFILE_RT_INIT_ONCE` when it starts, and its children inherit it. A test binary that
    /// finds it set skips creating its profile's folder and then cannot write the profile. When the
    /// audit itself runs inside an instrumented test process (the toolkit's own end-to-end tests under
    /// `litmus audit`), the test processes it starts would write no coverage; they never inherit it.
    static let inheritedState: Set<String> = ["__LLVM_PROFILE_RT_INIT_ONCE"]

    /// The environment that makes the instrumented binary (and any child it starts) write here.
    var environment: [String: String] {
        ["LLVM_PROFILE_FILE": folder.appendingPathComponent(prefix + "%p.profraw").path]
    }

    /// The profiles written so far.
    func written() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".profraw") }.sorted().map {
            folder.appendingPathComponent($0)
        }
    }
}

extension TestBinary.Run {
    /// One run made of the runs of its processes (XCTest and Swift Testing side by side): their
    /// results, their start orders one after the other, the Swift Testing tests each declared (once each), and
    /// every process that timed out.
    package init(merging runs: [TestBinary.Run]) {
        self.init(results: [:], order: [], declared: [])
        for run in runs {
            results.merge(run.results) { $1 }
            order += run.order
            timeouts += run.timeouts
            profiles += run.profiles
            footprints += run.footprints
            let known = Set(declared.map(\.id))
            declared += run.declared.filter { !known.contains($0.id) }
            if status == 0 { status = run.status }
            seconds += run.seconds
            processorSeconds = processorSeconds.flatMap { sum in run.processorSeconds.map { sum + $0 } }
            processes += run.processes
        }
    }
}
