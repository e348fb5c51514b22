/// Finds the test that makes another behave differently, by bisection over the tests that ran before it.
///
/// `reproduces(subset)` runs `subset` followed by the victim in one process and says whether the
/// victim shows the behaviour again (fails, or passes, as it did in the suite). Halving keeps the
/// half that still reproduces; when neither half does alone, the culprits are spread over both and the
/// smallest set found so far is returned.
public enum Bisection {
    /// The smallest set of `candidates` found that still reproduces; one test when a single culprit exists.
    /// Returns an empty array when the whole `candidates` set does not reproduce either.
    public static func culprits<Candidate: Sendable>(
        among candidates: [Candidate], reproduces: ([Candidate]) async throws -> Bool
    ) async throws -> [Candidate] {
        guard !candidates.isEmpty, try await reproduces(candidates) else { return [] }
        var current = candidates
        while current.count > 1 {
            let middle = current.count / 2
            let first = Array(current[..<middle])
            let second = Array(current[middle...])
            if try await reproduces(second) {
                current = second
            } else if try await reproduces(first) {
                current = first
            } else {
                break
            }
        }
        return current
    }
}
