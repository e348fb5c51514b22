import ArgumentParser
import LitmusAudit

/// The audit's settings as flags. Each flag is one line, `@Option(AuditOptions.runs) var runs`, whose
/// name, help and parsing come from the setting's one description (``AuditSetting``); ``apply(to:)``
/// finds every such flag by itself, so adding one is that line and its ``AuditSetting``.
public struct AuditSettingFlags: ParsableArguments {
    @Option(AuditOptions.runs) var runs: AuditOverride<AuditOptions>?
    @Option(AuditOptions.budgetMilliseconds) var budgetMilliseconds: AuditOverride<AuditOptions>?
    @Option(AuditOptions.randomSubsets) var randomSubsets: AuditOverride<AuditOptions>?
    /// `--jobs`, shared with `litmus mutate`: it sets `parallelism` below.
    @OptionGroup var jobs: JobsOption
    @Option(AuditOptions.timeoutSeconds) var timeout: AuditOverride<AuditOptions>?
    @Option(AuditOptions.schedule) var schedule: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxFast) var maxFast: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxIsolated) var maxIsolated: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxRepeatable) var maxRepeatable: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxSelfValidating) var maxSelfValidating: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxFailingTests) var maxFailing: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.minLineCoverage) var minLineCoverage: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.minMutationScore) var minMutationScore: AuditOverride<AuditOptions>?
    @Option(AuditThresholds.maxHints) var maxHints: AuditOverride<AuditOptions>?

    /// Skips coverage: a switch, so a `@Flag` that ``apply(to:)`` reads by name.
    @Flag(name: .customLong("no-coverage"), help: "Do not measure coverage (faster).")
    var noCoverage = false

    /// Records each test's own lines: a switch, read by name like `--no-coverage`.
    @Flag(
        name: .customLong("test-lines"),
        help: "Record the source lines each test executes alone in the JSON (on with --since, --mutation, --html).")
    var testLines = false

    /// Reads footprints from the typed AST too: a switch, read by name like `--no-coverage`.
    @Flag(
        name: .customLong("static-footprints"),
        help: "Also read each test's footprint from the compiler's typed AST and report how it agrees with the run's.")
    var staticFootprints = false

    /// Creates the flags (ArgumentParser fills them).
    public init() {}

    /// Sets in `options` every setting given a flag; the others keep the configuration file's value.
    public func apply(to options: inout AuditOptions) {
        // ArgumentParser itself finds its arguments by reflection; reading them back the same way keeps
        // each flag to its one declaration above.
        for child in Mirror(reflecting: self).children {
            (child.value as? Option<AuditOverride<AuditOptions>?>)?.wrappedValue?.apply(to: &options)
        }
        if let count = jobs.count { options.parallelism = count }
        if noCoverage { options.coverage = false }
        if testLines { options.testLines = true }
        if staticFootprints { options.staticFootprints = true }
    }
}

extension Option {
    /// The flag of `setting`: its name, help text, and its value parsed as the setting's type.
    init(_ setting: AuditSetting<AuditOptions>) where Value == AuditOverride<AuditOptions>? {
        guard let flag = setting.flag else { preconditionFailure("\(setting.key) has no flag") }
        self.init(name: .customLong(flag), help: ArgumentHelp(setting.help, valueName: flag)) { text in
            guard let change = setting.override(parsing: text) else {
                throw ValidationError("--\(flag) takes \(setting.valueText), not \(text)")
            }
            return change
        }
    }

    /// The flag of a threshold, which sets it inside ``AuditOptions/thresholds``.
    init(_ setting: AuditSetting<AuditThresholds>) where Value == AuditOverride<AuditOptions>? {
        self.init(setting.within(\AuditOptions.thresholds))
    }
}
