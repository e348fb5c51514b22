import Foundation
import LitmusSupport

/// The stage that measures each test's ``Footprints`` from one serial suite run whose processes the footprint
/// observer watched: which functions each test executed (the observer's log of changed counters, matched to
/// functions through the run's raw profile, and to their place in the sources through `llvm-cov export`), and
/// which ``StateAccess``es those functions hold (the sources' analysis, which the audit hands in). It decides
/// nothing about the tests.
struct FootprintStage: Sendable {
    /// `llvm-profdata`.
    var profdata: URL
    /// `llvm-cov`.
    var cov: URL
    /// The built test binary, whose profiles are read.
    var binary: TestBinary
    /// A folder for the merged profile and the exports.
    var logs: URL
    /// The accesses of the given source files (absolute paths, as the build compiled them), by file.
    var sites: @Sendable ([String]) async throws -> [String: [StateAccess]]

    /// Why footprints could not be measured.
    typealias Problem = FootprintProblem

    /// The footprints of the tests of `run` (one serial process per framework, each with its log and profiles).
    func measure(_ run: TestBinary.Run) async throws -> Result<FootprintRun, Problem> {
        do {
            return .success(try await footprints(of: run))
        } catch let problem as Problem {
            return .failure(problem)
        }
    }

    private func footprints(of run: TestBinary.Run) async throws -> FootprintRun {
        let written = run.footprints.sorted {
            ($0.library.rawValue, $0.file.path) < ($1.library.rawValue, $1.file.path)
        }
        let logs = try written.map { one in
            let (file, library) = (one.file, one.library)
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw Problem(reason: "the observer wrote no footprint in the \(library.rawValue) process")
            }
            do {
                return (try FootprintLog.read(text), library)
            } catch let error as FootprintLog.Unreadable {
                throw Problem(reason: "the \(library.rawValue) process's footprints cannot be read: \(error.reason)")
            }
        }
        guard !logs.isEmpty, let first = run.profiles.first else {
            throw Problem(reason: "the serial run wrote no footprint or no coverage profile")
        }
        let profile: RawProfile
        do {
            profile = try RawProfile.read(try Data(contentsOf: first))
        } catch let error as RawProfile.Unreadable {
            throw Problem(reason: "its coverage profile cannot be read: \(error.reason)")
        }
        guard logs.allSatisfy({ $0.0.counters == profile.counterCount }) else {
            throw Problem(reason: "the observer's counters do not match the coverage profile's")
        }
        let merged = logsFolder("footprint.profdata")
        try await merge(run.profiles, into: merged)
        let files = try await export(["-summary-only"], profile: merged, name: "footprint-files.json")
        let sources = try CoverageReader.files(fromExport: files, include: { $0 }).map(\.file).filter(
            Self.isTestsCode)
        let accesses = try await sites(sources).filter { !$0.value.isEmpty }
        let profiles = TestProfiles(template: profile, logs: logs.map(\.0))
        let tests = Set(run.results.keys).union(run.order)
        guard !accesses.isEmpty else {
            return FootprintRun(footprints: FunctionIndex.none.footprints(of: logs, tests: tests), profiles: profiles)
        }
        let functions = try FunctionMap.read(
            fromExport: try await export(
                ["-skip-expansions"] + accesses.keys.sorted(), profile: merged, name: "footprint-functions.json"))
        let index = FunctionIndex(profile: profile, functions: functions, accesses: accesses)
        return FootprintRun(footprints: index.footprints(of: logs, tests: tests), profiles: profiles)
    }

    private func logsFolder(_ name: String) -> URL { logs.appendingPathComponent(name) }

    /// Whether code of the source at `path` can run in a test: not the observer's own, nor the runner SwiftPM
    /// generates (`.derived/`), which run at every test's boundaries.
    static func isTestsCode(_ path: String) -> Bool {
        !path.contains("/\(FootprintObserver.target)/") && !path.contains(".derived/")
    }

    /// Merges `profiles` into one `.profdata`.
    private func merge(_ profiles: [URL], into output: URL) async throws {
        let result = try await ChildProcess.run(
            profdata, ["merge", "-sparse"] + profiles.map(\.path) + ["-o", output.path], in: logs,
            outputFile: output.appendingPathExtension("log"), timeout: binary.timeout)
        guard result.status == 0 else {
            throw Problem(
                reason: CoverageStage.failure(
                    "llvm-profdata merge", status: result.status, output: result.output, in: logs))
        }
    }

    /// `llvm-cov export` of the binary with `arguments`, its JSON.
    private func export(_ arguments: [String], profile: URL, name: String) async throws -> Data {
        let result = try await ChildProcess.run(
            cov,
            ["export"] + arguments.prefix { $0.hasPrefix("-") } + [
                "-instr-profile", profile.path, binary.executable.path,
            ]
                + arguments.drop { $0.hasPrefix("-") },
            in: logs, outputFile: logsFolder(name), timeout: binary.timeout)
        guard result.status == 0, let brace = result.output.firstIndex(of: "{") else {
            throw Problem(
                reason: CoverageStage.failure("llvm-cov export", status: result.status, output: result.output, in: logs)
            )
        }
        return Data(result.output[brace...].utf8)
    }
}

/// Which ``StateAccess``es each counter of the binary leads to: the accesses of the innermost function holding
/// them, by that function's counters.
struct FunctionIndex: Sendable {
    /// The accesses of the function each counter belongs to, by counter; `nil`: none.
    private var byCounter: [Int32]
    private var groups: [[StateAccess]] = []

    /// No access anywhere: every footprint is empty.
    static let none = FunctionIndex(byCounter: [])

    private init(byCounter: [Int32]) { self.byCounter = byCounter }

    init(profile: RawProfile, functions: FunctionMap, accesses: [String: [StateAccess]]) {
        byCounter = [Int32](repeating: -1, count: profile.counterCount)
        var counters: [UInt64: Range<Int>] = [:]
        for function in profile.functions { counters[function.nameHash] = function.counters }
        var group: [Range<Int>: Int] = [:]
        for (file, list) in accesses {
            for access in list {
                guard let function = functions.function(in: file, line: access.line, column: access.column),
                    let range = function.hashes.lazy.compactMap({ counters[$0] }).first, !range.isEmpty
                else { continue }
                if let known = group[range] {
                    groups[known].append(access)
                } else {
                    group[range] = groups.count
                    for counter in range { byCounter[counter] = Int32(groups.count) }
                    groups.append([access])
                }
            }
        }
    }

    /// The accesses of the functions whose counters changed in `counters`.
    func accesses(of counters: [ClosedRange<Int>]) -> [StateAccess] {
        var seen: Set<Int32> = []
        var found: [StateAccess] = []
        for range in counters {
            for counter in range where counter < byCounter.count {
                let group = byCounter[counter]
                if group >= 0, seen.insert(group).inserted { found += groups[Int(group)] }
            }
        }
        return found
    }

    /// The footprints the stretches of `logs` (each of one process, of the framework given) add up to, for the
    /// `tests` the run ran. A stretch the observer names by something else (a Swift Testing suite, whose start and
    /// end it is told of too: what runs between them and its tests, a suite trait's scope, its `init` of the suite)
    /// is code outside the tests, as a class's `setUp()` is: a test reading what it writes may need it to run first.
    func footprints(of logs: [(FootprintLog, TestLibrary)], tests known: Set<TestID>) -> Footprints {
        var tests: [TestID: [StateAccess]] = [:]
        var outside: [TestLibrary: [StateAccess]] = [:]
        for (log, library) in logs {
            for stretch in log.stretches {
                let found = accesses(of: stretch.counters)
                if let test = stretch.test.map({ TestID($0) }), known.contains(test) {
                    tests[test, default: []] += found
                } else {
                    outside[library, default: []] += found
                }
            }
        }
        return Footprints(tests: tests.mapValues(Footprints.merged), outside: outside.mapValues(Footprints.merged))
    }
}

/// What the footprint stage measured of one serial run: each test's footprint, and what writes each test's own
/// coverage profile as it ran there (``TestProfiles``).
struct FootprintRun: Sendable {
    /// Each test's footprint.
    var footprints: Footprints
    /// Each test's own profile.
    var profiles: TestProfiles
}

/// Each test's own coverage profile, as it ran in the serial run the footprint observer watched: the run's raw
/// profile trimmed to the functions the test executed, with their counters grown by as much as they grew while
/// it ran. The coverage stage reads it as it reads an alone run's profile (the counts of its checks, the lines
/// it executes), so a test that need not run alone still has them. What an earlier test of the run had already
/// set up once (a lazily set global) is not the test's own: its lines can be fewer than alone.
struct TestProfiles: Sendable {
    /// The run's raw profile.
    var template: RawProfile
    /// Each test's stretches.
    var stretches: [TestID: [FootprintLog.Stretch]] = [:]
    /// The function of each counter, by counter.
    private var functionOf: [Int32]

    init(template: RawProfile, logs: [FootprintLog]) {
        self.template = template
        functionOf = [Int32](repeating: -1, count: template.counterCount)
        for (index, function) in template.functions.enumerated() {
            for counter in function.counters { functionOf[counter] = Int32(index) }
        }
        for stretch in logs.flatMap(\.stretches) {
            if let test = stretch.test { stretches[TestID(test), default: []].append(stretch) }
        }
    }

    /// Whether the run saw `test` (a test the run did not see end has no stretch, so no profile).
    func has(_ test: TestID) -> Bool { stretches[test] != nil }

    /// Writes the profile of `tests` to `url`, their counters added up as llvm-profdata would merge their
    /// profiles (one profile for many tests is one input to merge, not one per test); whether any of them had
    /// one.
    func write(_ tests: some Sequence<TestID>, to url: URL) throws -> Bool {
        var growth: [Int: UInt64] = [:]
        var seen = false
        for stretch in tests.compactMap({ stretches[$0] }).joined() {
            seen = true
            for range in stretch.counters {
                for counter in range { growth[counter, default: 0] &+= stretch.larger[counter] ?? 1 }
            }
        }
        guard seen else { return false }
        let functions = Set(
            growth.keys.compactMap { counter in
                counter < functionOf.count && functionOf[counter] >= 0 ? Int(functionOf[counter]) : nil
            })
        try template.trimmed(to: functions.sorted()) { growth[$0] ?? 0 }.write(to: url)
        return true
    }
}
