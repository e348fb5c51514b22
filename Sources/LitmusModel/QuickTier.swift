import Foundation

/// `litmus audit --quick [--spread K]`: the per-change tier. It runs the whole suite once, the Swift
/// Testing tests once in parallel and one random half, and runs alone only a share of the tests (plus
/// those that failed in this audit's runs and, with `--since`, those the change may touch), so that
/// `spread` quick audits with consecutive seeds run every test alone once.
///
/// The tests are dealt into `spread` shares by the rule `--shard` deals them with
/// (``Shard/share(of:by:)``: round robin over the sorted ids), which does not depend on the seed; the
/// seed picks the share: share `seed % spread` (from 0). With random seeds nothing guarantees that `spread`
/// audits pick `spread` different shares. `--share S` pins the share (the replay line of a quick audit
/// names it: with a history, the share was the history's choice, which the seed alone does not bring back).
public struct QuickTier: Codable, Sendable, Hashable {
    /// How many quick audits spread the alone runs over (`--spread`, default 5).
    public var spread: Int
    /// The share to run alone, from 1 (`--share`), whatever the seed or a history would pick; `nil`: theirs.
    public var share: Int?

    /// The default of `--spread`.
    public static let defaultSpread = 5

    /// A quick tier spreading the alone runs over `spread` audits, running share `share` (from 1) alone
    /// when given.
    public init(spread: Int = QuickTier.defaultSpread, share: Int? = nil) {
        self.spread = spread
        self.share = share
    }

    /// Why `spread` cannot be a spread (`must be at least 1 (it is 0)`), or `nil`.
    public static func problem(spread: Int) -> String? {
        spread < 1 ? "must be at least 1 (it is \(spread))" : nil
    }

    /// Why `share` cannot be a share of `spread` (`must be from 1 to 5 (it is 6)`), or `nil`.
    public static func problem(share: Int, spread: Int) -> String? {
        (1...max(1, spread)).contains(share) ? nil : "must be from 1 to \(max(1, spread)) (it is \(share))"
    }

    /// The share (from 0) an audit with `seed` runs alone: `seed % spread`.
    public func shareIndex(seed: UInt64) -> Int { Int(seed % UInt64(max(1, spread))) }

    /// The share (from 0) of `ids` whose tests ran alone least recently, by `lastAlone` (when each test
    /// last ran alone, from a history): the share holding the test that ran alone longest ago, a test
    /// that never did counting as oldest; on a tie, the first from `seed`'s share on (so with no history,
    /// the seed's). So `spread` quick audits into one history run every test alone.
    public func leastRecentShare(of ids: [TestID], lastAlone: [TestID: Date], seed: UInt64) -> Int {
        let count = max(1, spread)
        let start = shareIndex(seed: seed)
        var best: (index: Int, oldest: Date)?
        for step in 0..<count {
            let index = (start + step) % count
            let tests = share(index, of: ids, by: \.self)
            guard let oldest = tests.map({ lastAlone[$0] ?? .distantPast }).min() else { continue }
            if let current = best, current.oldest <= oldest { continue }
            best = (index, oldest)
        }
        return best?.index ?? start
    }
    /// The items of share `index` (from 0) of `items`, dealt round robin over their sorted keys
    /// (``Shard/share(of:by:)``), in the order given.
    public func share<Item, Key: Hashable & Comparable>(_ index: Int, of items: [Item], by key: (Item) -> Key)
        -> [Item]
    {
        guard let shard = try? Shard(index: index + 1, count: max(1, spread)) else { return [] }
        return shard.share(of: items, by: key)
    }
}

/// What a quick audit ran alone, and why: the JSON report's `quick` object (absent in a full audit).
public struct QuickScope: Codable, Sendable, Hashable {
    /// The share run alone, from 1 (`seed % spread + 1`).
    public var share: Int
    /// How many shares the tests are dealt into (`--spread`).
    public var spread: Int
    /// How many tests the audit observed.
    public var tests: Int
    /// How many tests ran alone.
    public var ranAlone: Int
    /// How many of them are the share's.
    public var inShare: Int
    /// The tests that failed in this audit's suite run, parallel run or random half, sorted: each ran alone.
    public var failed: [TestID]
    /// How many ran alone only because they failed in this audit's runs.
    public var addedFailing: Int
    /// Whether the share was the one a history had run alone least recently (`true`), or the seed's (`nil`).
    public var fromHistory: Bool?
    /// Whether `--share` named the share (`true`), or the seed or a history picked it (`nil`).
    public var pinned: Bool?
    /// With `--since`: how many ran alone only because the change may touch them; `nil` without.
    public var addedSince: Int?
    /// Why every test ran alone (`--since` with no kept lines that hold), else `nil`.
    public var everyTestAloneBecause: String?

    /// Creates the value from every field.
    public init(
        share: Int, spread: Int, tests: Int, ranAlone: Int, inShare: Int, failed: [TestID], addedFailing: Int,
        addedSince: Int? = nil, everyTestAloneBecause: String? = nil, fromHistory: Bool? = nil, pinned: Bool? = nil
    ) {
        self.share = share
        self.spread = spread
        self.tests = tests
        self.ranAlone = ranAlone
        self.inShare = inShare
        self.failed = failed
        self.addedFailing = addedFailing
        self.addedSince = addedSince
        self.everyTestAloneBecause = everyTestAloneBecause
        self.fromHistory = fromHistory
        self.pinned = pinned
    }

    /// `share 2 of 5`.
    public var shareName: String { "share \(share) of \(spread)" }

    /// How many ran alone and why: `7 of 24 tests alone: 5 of share 2 of 5, 2 more that failed in this run`.
    public var aloneSentence: String {
        let picked =
            pinned == true ? " (--share)" : fromHistory == true ? " (the history's least recently alone)" : ""
        var why = ["\(inShare) of \(shareName)" + picked]
        if addedFailing > 0 { why.append("\(addedFailing) more that failed in this run") }
        if let addedSince, addedSince > 0 { why.append("\(addedSince) more that --since selects") }
        if let everyTestAloneBecause { why = ["every test: \(everyTestAloneBecause)"] }
        return "\(ranAlone) of \(tests) tests alone: \(why.joined(separator: ", "))"
    }

    /// The flags that run this share alone again: `--quick --share 2`, with `--spread K` when not the default.
    public var replayFlags: String {
        "--quick" + (spread == QuickTier.defaultSpread ? "" : " --spread \(spread)") + " --share \(share)"
    }

    /// The report's line under its header: `Quick audit (--quick): share 2 of 5 …`.
    public var sentence: String {
        "Quick audit (--quick): 1 suite run, 1 parallel run, at most 1 random half; \(aloneSentence); "
            + (fromHistory == true
                ? "the history picks the least recently run share next (every test alone in \(spread) audits)"
                : "the other shares run alone in the next audits (consecutive seeds cover every test in \(spread))")
    }
}
