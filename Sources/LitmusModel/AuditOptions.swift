import Foundation

/// The limits an audit is held to; any unmet one makes `litmus audit` exit non-zero.
public struct AuditThresholds: AuditSettings, ConfigurationValue {
    /// Findings allowed against Fast.
    public var maxFast = 0
    /// Findings allowed against Isolated.
    public var maxIsolated = 0
    /// Findings allowed against Repeatable.
    public var maxRepeatable = 0
    /// Findings allowed against Self-validating.
    public var maxSelfValidating = 0
    /// The least line coverage of the sources, in percent.
    public var minLineCoverage = 0.0
    /// Tests allowed to fail on every run.
    public var maxFailingTests = 0
    /// The least mutation score, in percent; above 0 it makes the audit run mutation testing.
    public var minMutationScore = 0.0
    /// Hints allowed (readability smells, ``FindingKind/isHint``); -1: any number, hints never fail.
    public var maxHints = -1

    /// The defaults: no finding, no failing test, any coverage, any mutation score.
    public init() {}

    /// `--max-fast`, `maxFast`.
    public static let maxFast = AuditSetting<Self>(
        "maxFast", \.maxFast, flag: "max-fast", help: "Findings allowed against Fast", problem: atLeastZero)
    /// `--max-isolated`, `maxIsolated`.
    public static let maxIsolated = AuditSetting<Self>(
        "maxIsolated", \.maxIsolated, flag: "max-isolated", help: "Findings allowed against Isolated",
        problem: atLeastZero)
    /// `--max-repeatable`, `maxRepeatable`.
    public static let maxRepeatable = AuditSetting<Self>(
        "maxRepeatable", \.maxRepeatable, flag: "max-repeatable", help: "Findings allowed against Repeatable",
        problem: atLeastZero)
    /// `--max-self-validating`, `maxSelfValidating`.
    public static let maxSelfValidating = AuditSetting<Self>(
        "maxSelfValidating", \.maxSelfValidating, flag: "max-self-validating",
        help: "Findings allowed against Self-validating", problem: atLeastZero)
    /// `--min-line-coverage`, `minLineCoverage`.
    public static let minLineCoverage = AuditSetting<Self>(
        "minLineCoverage", \.minLineCoverage, flag: "min-line-coverage",
        help: "Least line coverage of the sources, in percent"
    ) {
        (0...100).contains($0) ? nil : "must be 0 to 100 (it is \($0))"
    }
    /// `--max-failing`, `maxFailingTests`.
    public static let maxFailingTests = AuditSetting<Self>(
        "maxFailingTests", \.maxFailingTests, flag: "max-failing", help: "Tests allowed to fail on every run",
        problem: atLeastZero)

    /// `--min-mutation-score`, `minMutationScore`.
    public static let minMutationScore = AuditSetting<Self>(
        "minMutationScore", \.minMutationScore, flag: "min-mutation-score",
        help: "Least mutation score, in percent; above 0 it turns --mutation on"
    ) {
        (0...100).contains($0) ? nil : "must be 0 to 100 (it is \($0))"
    }

    /// `--max-hints`, `maxHints`.
    public static let maxHints = AuditSetting<Self>(
        "maxHints", \.maxHints, flag: "max-hints", help: "Hints allowed (readability smells); -1: any",
        defaultText: "-1, any"
    ) {
        $0 < -1 ? "must be -1 (any) or more (it is \($0))" : nil
    }

    /// Every threshold: the configuration file's `thresholds` object holds their keys.
    public static let settings = [
        maxFast, maxIsolated, maxRepeatable, maxSelfValidating, minLineCoverage, maxFailingTests, minMutationScore,
        maxHints,
    ]

    /// Decodes thresholds, keeping defaults for missing keys.
    public init(from decoder: any Decoder) throws {
        self.init()
        try AuditSetting.decode(Self.settings, into: &self, from: decoder)
    }

    /// Why a threshold is out of range (`.maxFast must be 0 or more (it is -1)`, after the key
    /// `thresholds`), or `nil`.
    var problem: String? {
        Self.settings.lazy.compactMap { setting in setting.problem(self).map { ".\(setting.key) \($0)" } }.first
    }

    private static func atLeastZero(_ value: Int) -> String? { value < 0 ? "must be 0 or more (it is \(value))" : nil }
}

/// How an audit runs. A configuration file (`.litmus-audit.json` in the package, or `--config`) holds the
/// same keys; flags given on the command line win. Each setting is described once, as an
/// ``AuditSetting`` below (docs/ARCHITECTURE.md, "Adding an option to litmus audit").
public struct AuditOptions: AuditSettings {
    /// The configuration file a package may hold.
    public static let fileName = ".litmus-audit.json"

    /// Full-suite runs, for Repeatable and for durations.
    public var runs = 3
    /// The duration a test may take (its median), in milliseconds.
    public var budgetMilliseconds = 100.0
    /// Budgets of their own for some tests (an `endToEnd` tag, a class of browser tests), in place of
    /// `budgetMilliseconds`.
    public var budgets = DurationBudgets()
    /// Runs of a random half of the suite, whose choice follows from the seed.
    public var randomSubsets = 2
    /// Test processes run at once; 0 means one per core.
    public var parallelism = 0
    /// The time limit of one test process, in seconds.
    public var timeoutSeconds = 600.0
    /// Whether to measure coverage (llvm-cov), per file and per test.
    public var coverage = true
    /// Whether to record the source lines each test executes alone (`tests[].coveredLines`): one
    /// `llvm-cov export` per test. `--since`, `--mutation` and `--html` turn it on, as they read them.
    public var testLines = false
    /// Whether to read each test's footprint from the compiler's typed AST as well and report how it agrees with the
    /// run's (`isolation.staticFootprints`): a measurement; the run's footprints still choose the alone runs.
    public var staticFootprints = false
    /// How the test processes are scheduled after the build.
    public var schedule = AuditSchedule.fast
    /// How many of the slowest tests the report lists.
    public var slowestCount = 5
    /// The limits.
    public var thresholds = AuditThresholds()
    /// Hints off by default to report too (``FindingKind/optInHints``: `magicNumber`).
    public var extraHints: [String] = []
    /// The package's own functions that check, by the name they are called by (`assertRendered`): a test
    /// calling one asserts something, as one calling `XCTAssertEqual` does (file only, `checks`).
    public var checks: [String] = []
    /// `swift build` options the package's tests need, after the audit's own (`-Xswiftc -DNETWORK`,
    /// `--enable-test-discovery`): what its CI passes. The command line's `-- <options>` adds to them.
    public var buildArguments: [String] = []
    /// The configuration the tests are built in.
    public var configuration = SwiftBuildConfiguration.debug
    /// The package traits to enable; none: the package's default traits.
    public var traits: TraitList = []
    /// Variables set in every test process's environment (the build's environment is litmus's own).
    public var testEnvironment = TestEnvironment()
    /// `--quick`: the per-change tier (``QuickTier``); `nil`: the full audit. Not a setting of the
    /// configuration file: the JSON report's `options` hold it only in a quick audit.
    public var quick: QuickTier?

    /// The defaults.
    public init() {}

    /// These options as a quick audit runs them (``QuickTier``): one suite run (and so one parallel run),
    /// at most one random half, and a share of the tests alone.
    public func quickened(_ tier: QuickTier) -> AuditOptions {
        var options = self
        options.quick = tier
        options.runs = 1
        options.randomSubsets = min(options.randomSubsets, 1)
        return options
    }

    /// `--runs`, `runs`.
    public static let runs = AuditSetting<Self>(
        "runs", \.runs, flag: "runs", help: "How many times to run the whole suite"
    ) {
        $0 < 1 ? "must be at least 1 (it is \($0))" : nil
    }
    /// `--budget-ms`, `budgetMilliseconds`.
    public static let budgetMilliseconds = AuditSetting<Self>(
        "budgetMilliseconds", \.budgetMilliseconds, flag: "budget-ms",
        help: "The median duration a test may take, in ms"
    ) { $0 <= 0 ? "must be above 0 (it is \($0))" : nil }
    /// `budgets` (file only).
    public static let budgets = AuditSetting<Self>("budgets", \.budgets) { $0.problem }
    /// `--random-subsets`, `randomSubsets`.
    public static let randomSubsets = AuditSetting<Self>(
        "randomSubsets", \.randomSubsets, flag: "random-subsets", help: "How many random halves of the suite to run"
    ) {
        $0 < 0 ? "must be 0 or more (it is \($0))" : nil
    }
    /// `--jobs`, `parallelism`.
    public static let parallelism = AuditSetting<Self>(
        "parallelism", \.parallelism, flag: "jobs", help: "Test processes run at once", defaultText: "one per core"
    ) {
        $0 < 0 ? "must be 0 (one per core) or more (it is \($0))" : nil
    }
    /// `--timeout`, `timeoutSeconds`.
    public static let timeoutSeconds = AuditSetting<Self>(
        "timeoutSeconds", \.timeoutSeconds, flag: "timeout",
        help: "Seconds one test process may run before it is killed; a kill exits 3"
    ) {
        $0 <= 0 ? "must be above 0 (it is \($0))" : nil
    }
    /// `--schedule`, `schedule`.
    public static let schedule = AuditSetting<Self>(
        "schedule", \.schedule, flag: "schedule",
        help:
            "fast (independent runs share the cores; bisection skips known answers) or full (one phase after another)",
        valueText: "fast or full")
    /// `coverage` (the command's `--no-coverage` switch turns it off).
    public static let coverage = AuditSetting<Self>("coverage", \.coverage)
    /// `testLines` (the command's `--test-lines` switch turns it on).
    public static let testLines = AuditSetting<Self>("testLines", \.testLines)
    /// `staticFootprints` (the command's `--static-footprints` switch turns it on).
    public static let staticFootprints = AuditSetting<Self>("staticFootprints", \.staticFootprints)
    /// `slowestCount` (file only).
    public static let slowestCount = AuditSetting<Self>("slowestCount", \.slowestCount) {
        $0 < 0 ? "must be 0 or more (it is \($0))" : nil
    }
    /// `extraHints` (file only): hints off by default to report too.
    public static let extraHints = AuditSetting<Self>("extraHints", \.extraHints) { names in
        let known = FindingKind.optInHints.map(\.rawValue).sorted()
        return names.first { !known.contains($0) }.map {
            "names \($0), which is not a hint off by default (those are: \(known.joined(separator: ", ")))"
        }
    }

    /// `checks` (file only): the package's own checks, by function name.
    public static let checks = AuditSetting<Self>("checks", \.checks) { names in
        names.first { name in
            name.isEmpty || name.first?.isNumber == true || !name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }.map {
            "names `\($0)`, which is not a function's name: write each as it is called (`assertRendered`)"
        }
    }
    /// `buildArguments` (file; the command line's `-- <swift build options>` adds to them).
    public static let buildArguments = AuditSetting<Self>("buildArguments", \.buildArguments) {
        BuildArgumentRules.problem(arguments: $0)
    }
    /// `--configuration`, `configuration`.
    public static let configuration = AuditSetting<Self>(
        "configuration", \.configuration, flag: "configuration",
        help: "The configuration to build the tests in, as swift build -c", valueText: "debug or release")
    /// `--traits`, `traits`.
    public static let traits = AuditSetting<Self>(
        "traits", \.traits, flag: "traits",
        help: "The package traits to enable, comma-separated, as swift build --traits",
        defaultText: "the package's default traits", valueText: "trait names"
    ) { $0.problem }
    /// `testEnvironment` (file; `--test-env NAME=VALUE` on the command line).
    public static let testEnvironment = AuditSetting<Self>("testEnvironment", \.testEnvironment) {
        BuildArgumentRules.problem(environment: $0.variables)
    }

    /// The options of the audit's `swift build` besides its own: the configuration (when not debug), the
    /// traits, then ``buildArguments``.
    public var swiftBuildArguments: [String] {
        (configuration == .debug ? [] : ["-c", configuration.rawValue])
            + (traits.names.isEmpty ? [] : ["--traits", traits.description]) + buildArguments
    }

    /// Whether a finding of `kind` is reported: every kind but the opt-in hints not in ``extraHints``.
    public func reports(_ kind: FindingKind) -> Bool {
        !FindingKind.optInHints.contains(kind) || extraHints.contains(kind.rawValue)
    }

    /// `thresholds` (file: an object of ``AuditThresholds/settings``; each has a flag too).
    public static let thresholds = AuditSetting<Self>("thresholds", \.thresholds) { $0.problem }

    /// Every setting: the configuration file's decoder and ``validate()`` read this list.
    public static let settings = [
        runs, budgetMilliseconds, budgets, randomSubsets, parallelism, timeoutSeconds, schedule, coverage,
        testLines, staticFootprints, slowestCount, extraHints, checks, thresholds, buildArguments, configuration,
        traits, testEnvironment,
    ]

    /// Reads options from a JSON file; missing keys keep their defaults. A file that is missing or not
    /// JSON, a key no setting declares (with the nearest one), a value of the wrong kind and a value out of
    /// range are ``AuditError/badConfiguration(path:reason:)``, naming the file, the key path and what
    /// was expected.
    public static func load(from url: URL) throws(AuditError) -> AuditOptions {
        let data = try ConfigurationFile.contents(of: url)
        let problems = try ConfigurationFile.problems(in: data, at: url, shape: configurationShape)
        guard problems.isEmpty else {
            throw .badConfiguration(path: url.path, reason: problems.map(\.description).joined(separator: "; "))
        }
        var options: AuditOptions
        do {
            options = try JSONDecoder().decode(AuditOptions.self, from: data)
            options.quick = nil  // only `--quick` makes an audit quick
        } catch {
            throw .badConfiguration(path: url.path, reason: "\(error)")
        }
        do {
            try options.validate()
        } catch {
            guard case .badOption(let key, let reason) = error else { throw error }
            throw .badConfiguration(path: url.path, reason: "`\(key)` \(reason)")
        }
        return options
    }

    /// Throws ``AuditError/badOption(key:reason:)`` for the first value out of range.
    public func validate() throws(AuditError) {
        for setting in Self.settings {
            guard let reason = setting.problem(self) else { continue }
            // A setting holding settings (`thresholds`, `budgets`) starts its problem with the rest of the
            // key path: `.maxFast must be 0 or more`.
            guard reason.hasPrefix("."), let space = reason.firstIndex(of: " ") else {
                throw .badOption(key: setting.key, reason: reason)
            }
            throw .badOption(
                key: setting.key + reason[..<space], reason: String(reason[reason.index(after: space)...]))
        }
    }

    /// Decodes options, keeping defaults for missing keys; a report's `quick` too.
    public init(from decoder: any Decoder) throws {
        self.init()
        try AuditSetting.decode(Self.settings, into: &self, from: decoder)
        quick = try decoder.container(keyedBy: QuickKey.self).decodeIfPresent(QuickTier.self, forKey: .quick)
    }

    /// The key of ``quick``, which is no setting.
    private enum QuickKey: String, CodingKey { case quick }
}

/// Budgets of their own for some tests, in milliseconds: a test of an XCTest class named in `classes`
/// has that class's budget; else a Swift Testing test with tags named in `tags` has the largest of
/// theirs; else `budgetMilliseconds` holds. In `.litmus-audit.json`:
/// `"budgets": {"tags": {"endToEnd": 5000}, "classes": {"InterruptionTests": 3000}}`.
public struct DurationBudgets: Codable, Sendable, Hashable, ConfigurationValue {
    /// By Swift Testing tag, without the leading dot (`endToEnd`).
    public var tags: [String: Double] = [:]
    /// By XCTest class, without its module (`HTTPStubsXCTestTests`).
    public var classes: [String: Double] = [:]

    /// No budgets of their own.
    public init(tags: [String: Double] = [:], classes: [String: Double] = [:]) {
        self.tags = tags
        self.classes = classes
    }

    /// Its two keys, each an object of budgets by name.
    public static var configurationShape: ConfigurationShape {
        .object(CodingKeys.allCases.map { .init($0.rawValue, [String: Double].configurationShape) })
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case tags, classes }

    /// Decodes budgets; either key may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tags = try container.decodeIfPresent([String: Double].self, forKey: .tags) ?? [:]
        classes = try container.decodeIfPresent([String: Double].self, forKey: .classes) ?? [:]
    }

    /// The budget of `test` when it has one of its own, and what gives it (`tag endToEnd`).
    public func budget(of test: TestIdentity) -> (milliseconds: Double, source: String)? {
        if let type = test.xctestClass, let budget = classes[type] { return (budget, "class \(type)") }
        let tagged = test.tags.compactMap { tag in tags[tag].map { (milliseconds: $0, source: "tag \(tag)") } }
        return tagged.max { $0.milliseconds < $1.milliseconds }
    }

    /// Why a budget is out of range, or `nil`.
    var problem: String? {
        let all = tags.map { ("tags.\($0.key)", $0.value) } + classes.map { ("classes.\($0.key)", $0.value) }
        guard let bad = all.sorted(by: { $0.0 < $1.0 }).first(where: { $0.1 <= 0 }) else { return nil }
        return ".\(bad.0) must be above 0 (it is \(bad.1))"
    }
}
