/// Finds the tests that make another behave differently, by bisection over the tests that ran before it.
///
/// `reproduces(subset)` runs `subset` followed by the victim in one process and says whether the
/// victim shows the behaviour again (fails, or passes, as it did in the suite). It is delta debugging
/// (ddmin): keep a chunk that still reproduces, else drop a chunk whose complement still does, else cut
/// finer. One culprit is found in about 2·log2(n) runs; culprits that act only together are all kept.
public enum Bisection {
    /// The smallest set of `candidates` found that still reproduces, in their order; one test when a
    /// single culprit exists. Empty when the whole `candidates` set does not reproduce either; with
    /// `knownToReproduce` (the caller saw it reproduce already) that first run is skipped. Empty too when
    /// the victim reproduces with no candidate before it: ddmin never tries the empty set, so without that
    /// last run a victim that behaves the same whatever runs first would name an arbitrary test (two
    /// processes sharing a folder made a test fail "alone" once; every sequential run passed, and the
    /// first candidate was named as the test it needed).
    ///
    /// `hints` (subsets of `candidates`, in their order: the culprits found for other victims) are tried
    /// first, one run each: the first that reproduces is where ddmin goes on, and no run of all the
    /// candidates is needed to confirm. A polluter that breaks many tests is then bisected once, and each
    /// other victim it breaks costs two runs (the hint, and nothing before the victim).
    public static func culprits<Candidate: Sendable>(
        among candidates: [Candidate], knownToReproduce: Bool = false, hints: [[Candidate]] = [],
        reproduces: ([Candidate]) async throws -> Bool
    ) async throws -> [Candidate] {
        guard !candidates.isEmpty else { return [] }
        var current = candidates
        if let hint = try await firstReproducing(hints.filter { !$0.isEmpty }, reproduces) {
            current = hint
        } else if !knownToReproduce {
            guard try await reproduces(candidates) else { return [] }
        }
        var granularity = 2
        while current.count > 1 {
            let chunks = split(current, into: granularity)
            if let chunk = try await firstReproducing(chunks, reproduces) {
                current = chunk
                granularity = 2
                continue
            }
            if chunks.count > 2 {
                let complements = chunks.indices.map { index in
                    chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                }
                if let complement = try await firstReproducing(complements, reproduces) {
                    current = complement
                    granularity = max(2, granularity - 1)
                    continue
                }
            }
            guard granularity < current.count else { break }
            granularity = min(current.count, granularity * 2)
        }
        return try await reproduces([]) ? [] : current
    }

    private static func firstReproducing<Candidate>(
        _ subsets: [[Candidate]], _ reproduces: ([Candidate]) async throws -> Bool
    ) async throws -> [Candidate]? {
        for subset in subsets where try await reproduces(subset) { return subset }
        return nil
    }

    /// `items` cut into `count` nearly equal consecutive chunks.
    private static func split<Candidate>(_ items: [Candidate], into count: Int) -> [[Candidate]] {
        let size = (items.count + count - 1) / count
        return stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
    }
}
