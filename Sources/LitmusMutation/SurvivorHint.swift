import LitmusModel

/// What a surviving (or uncovered) mutant needs: the check that would kill it, derived from its operator
/// and the code around it, and the covering test that came closest, the one that ran the mutated code
/// most often.
public struct SurvivorHint: Sendable, Hashable {
    /// The check that would kill the mutant, or why none can be derived.
    public var check: String
    /// The covering test that ran the mutated code most often, when counts were taken.
    public var closestTest: TestID?
    /// How often `closestTest` ran the mutated code.
    public var executions: Int?

    /// Creates a hint.
    public init(check: String, closestTest: TestID? = nil, executions: Int? = nil) {
        self.check = check
        self.closestTest = closestTest
        self.executions = executions
    }

    /// The hint in one paragraph: the check, then the closest test.
    public var text: String {
        guard let closestTest, let executions else { return check }
        let times = executions == 1 ? "once" : "\(executions) times"
        return check + " Closest test: \(closestTest.shortName) (ran this code \(times) and still passed)."
    }

    /// The covering test that ran the mutant's code most often (ties: the first in `covering`'s order),
    /// from the counts each test's alone run recorded; `nil` when no count is known or all are zero.
    static func closest(to mutant: Int, among covering: [Coverage]) -> (test: TestID, executions: Int)? {
        var best: (test: TestID, executions: Int)?
        for test in covering {
            guard let count = test.hits?[mutant], count > 0 else { continue }
            if best == nil || count > best!.executions { best = (test.test.id, count) }
        }
        return best
    }
}

extension MutantResult {
    /// Whether no test noticed the mutant although it compiled: survived, or reached by no test.
    var isUndetected: Bool { status == .survived || status == .noCoverage }
}
