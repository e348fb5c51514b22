/// The whole-suite runs of an audit (suite runs, parallel runs, random halves), how many of each the
/// whole audit makes, and which of them one record holds, by index counted from 1.
///
/// An unsharded audit holds them all. A shard (`--shard i/n`) runs suite run 1 (it discovers the Swift
/// Testing tests and gives the order alone runs and bisection candidates are compared with), and the rest
/// are dealt among the shards round robin over one fixed list: suite runs 2...runs, then parallel runs
/// 1...P, then random halves 1...H; the item at position `k` of that list belongs to shard `k % n + 1`.
/// So each runs exactly once over all shards, and a shard's suite runs depend on `runs` and `n` alone
/// (they are known before the parallel runs' and halves' counts are).
struct RunShare: Sendable, Hashable, Codable {
    /// How many suite runs the whole audit makes (`runs`).
    var suiteRunCount: Int
    /// How many parallel runs the whole audit makes (`runs`, or 0 without Swift Testing tests).
    var parallelRunCount: Int
    /// How many random halves the whole audit makes.
    var randomHalfCount: Int
    /// The suite runs held, ascending.
    var suite: [Int]
    /// The parallel runs held, ascending.
    var parallel: [Int]
    /// The random halves held, ascending.
    var halves: [Int]

    /// One of the whole-suite runs.
    enum Run: Sendable, Hashable {
        case suite(Int)
        case parallel(Int)
        case half(Int)

        /// The index of a suite run, else `nil`.
        var suiteIndex: Int? {
            guard case .suite(let index) = self else { return nil }
            return index
        }
        /// The index of a parallel run, else `nil`.
        var parallelIndex: Int? {
            guard case .parallel(let index) = self else { return nil }
            return index
        }
        /// The index of a random half, else `nil`.
        var halfIndex: Int? {
            guard case .half(let index) = self else { return nil }
            return index
        }
    }

    /// The runs of `shard` (every run when `nil`) of an audit of `suiteRuns` suite runs, `parallelRuns`
    /// parallel runs and `randomHalves` random halves.
    init(shard: Shard?, suiteRuns: Int, parallelRuns: Int, randomHalves: Int) {
        suiteRunCount = suiteRuns
        parallelRunCount = parallelRuns
        randomHalfCount = randomHalves
        let dealt = Array(Self.runs(suite: suiteRuns, parallel: parallelRuns, halves: randomHalves).dropFirst())
        let mine = shard.map { $0.share(of: Array(dealt.indices), by: \.self).map { dealt[$0] } } ?? dealt
        suite = (suiteRuns > 0 ? [1] : []) + mine.compactMap(\.suiteIndex)
        parallel = mine.compactMap(\.parallelIndex)
        halves = mine.compactMap(\.halfIndex)
    }

    /// Every run this record holds.
    var runs: [Run] { suite.map(Run.suite) + parallel.map(Run.parallel) + halves.map(Run.half) }

    /// Every run of the whole audit.
    var allRuns: [Run] { Self.runs(suite: suiteRunCount, parallel: parallelRunCount, halves: randomHalfCount) }

    /// Suite runs 1...`suite`, parallel runs 1...`parallel`, random halves 1...`halves`.
    private static func runs(suite: Int, parallel: Int, halves: Int) -> [Run] {
        let suiteRuns: [Run] = (0..<suite).map { Run.suite($0 + 1) }
        let parallelRuns: [Run] = (0..<parallel).map { Run.parallel($0 + 1) }
        let randomHalves: [Run] = (0..<halves).map { Run.half($0 + 1) }
        return suiteRuns + parallelRuns + randomHalves
    }

    /// The name of `run` in the report (a killed process's `run`, a late issue's place).
    func name(of run: Run) -> String {
        switch run {
        case .suite(let index): Self.suiteRunName(index, of: suiteRunCount)
        case .parallel(let index): Self.parallelRunName(index, of: parallelRunCount)
        case .half(let index): Self.randomHalfName(index, of: randomHalfCount)
        }
    }

    /// `suite run 2 of 3`.
    static func suiteRunName(_ index: Int, of count: Int) -> String { "suite run \(index) of \(count)" }
    /// `parallel suite run 2 of 3`.
    static func parallelRunName(_ index: Int, of count: Int) -> String { "parallel suite run \(index) of \(count)" }
    /// `T.testA alone`: the run of one test alone in a fresh process.
    static func aloneRunName(_ test: TestIdentity) -> String { "\(test.name) alone" }
    /// `random half 1 of 2`.
    static func randomHalfName(_ index: Int, of count: Int) -> String { "random half \(index) of \(count)" }
}
