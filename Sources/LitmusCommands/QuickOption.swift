import ArgumentParser
import LitmusAudit

/// `--quick [--spread K] [--share S]`: the audit's per-change tier (``QuickTier``). One suite run, one parallel run,
/// at most one random half, and alone only a share of the tests (the seed picks it: `seed % K`), the
/// tests that failed in this audit's runs and, with `--since`, those the change may touch; K quick audits
/// with consecutive seeds run every test alone. The full audit stays the default.
public struct QuickOption: ParsableArguments {
    /// Whether the audit is quick.
    @Flag(
        name: .customLong("quick"),
        help: ArgumentHelp(
            "The per-change tier: 1 suite run, 1 parallel run, 1 random half, and alone only a share of the tests "
                + "(seed mod --spread) and those that failed (docs/audit.md)."))
    public var enabled = false

    /// How many quick audits the alone runs are spread over; `nil` when not given.
    @Option(
        name: .customLong("spread"),
        help: ArgumentHelp(
            "With --quick: deal the tests into this many shares, one run alone per audit "
                + "(default \(QuickTier.defaultSpread)).",
            valueName: "k"))
    public var spread: Int?

    /// The share to run alone, from 1; `nil` when not given (the history's or the seed's).
    @Option(
        name: .customLong("share"),
        help: ArgumentHelp(
            "With --quick: run this share alone (1 to --spread) instead of the history's or the seed's choice; "
                + "a quick audit's replay line names it.",
            valueName: "s"))
    public var share: Int?

    /// Creates the option (ArgumentParser fills it).
    public init() {}

    /// Refuses a spread below 1, and `--spread` without `--quick`, naming the flag (exit 64).
    public func validate() throws {
        if let spread {
            guard enabled else {
                throw ValidationError("--spread \(spread) needs --quick: it spreads the quick audits' alone runs.")
            }
            if let problem = QuickTier.problem(spread: spread) { throw ValidationError("--spread \(problem)") }
        }
        if let share {
            guard enabled else {
                throw ValidationError("--share \(share) needs --quick: it names the quick audit's share run alone.")
            }
            if let problem = QuickTier.problem(share: share, spread: spread ?? QuickTier.defaultSpread) {
                throw ValidationError("--share \(problem)")
            }
        }
    }

    /// The tier asked for, or `nil` for the full audit.
    public var tier: QuickTier? {
        enabled ? QuickTier(spread: spread ?? QuickTier.defaultSpread, share: share) : nil
    }

    /// Refuses `--quick` where a quick audit cannot work, naming both flags: a shard (a quick audit is
    /// already a share of the work) and mutation testing (it reads every test's lines alone).
    func refuse(shard: Bool, mutation: Bool) throws {
        guard enabled else { return }
        if shard {
            throw ValidationError("--quick runs a share of the alone runs already: drop --shard, or --quick.")
        }
        if mutation {
            throw ValidationError(
                "--quick runs only a share of the tests alone, and --mutation (or --min-mutation-score) reads every "
                    + "test's lines alone: run mutation in the full audit (drop --quick).")
        }
    }
}
