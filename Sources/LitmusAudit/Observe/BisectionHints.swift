import LitmusSupport

/// The culprits bisection has found so far, offered to the requests after them as hints
/// (``Bisection/culprits(among:knownToReproduce:hints:reproduces:)``): a polluter that breaks many tests
/// is bisected once, and each other victim it breaks costs two runs instead of another ddmin.
struct BisectionHints {
    private struct Found {
        var wantFailure: Bool
        var culprits: [TestIdentity]
        /// How many requests it answered.
        var uses: Int
    }

    private var found: [Found] = []

    /// At most `limit` culprit sets found for the same behaviour (a failure, or a pass) whose every test
    /// ran before this victim, the most used first (then the first found), each in the request's order.
    func hints(for request: BisectionRequest, limit: Int = 2) -> [[TestIdentity]] {
        let before = Set(request.candidates.map(\.id))
        let usable = found.indices.filter { index in
            found[index].wantFailure == request.wantFailure
                && found[index].culprits.allSatisfy { before.contains($0.id) }
        }
        let ranked = usable.sorted { found[$0].uses != found[$1].uses ? found[$0].uses > found[$1].uses : $0 < $1 }
        return ranked.prefix(limit).map { index in
            let culprits = Set(found[index].culprits.map(\.id))
            return request.candidates.filter { culprits.contains($0.id) }
        }
    }

    /// Keeps what bisection answered `request`, for the requests after it.
    mutating func record(_ culprits: [TestIdentity], for request: BisectionRequest) {
        guard !culprits.isEmpty else { return }
        let named = Set(culprits.map(\.id))
        if let index = found.firstIndex(where: {
            $0.wantFailure == request.wantFailure && Set($0.culprits.map(\.id)) == named
        }) {
            found[index].uses += 1
        } else {
            found.append(Found(wantFailure: request.wantFailure, culprits: culprits, uses: 1))
        }
    }

    /// Answers `requests` `width` at a time, in rounds of `width`: each request is offered the culprits
    /// of the rounds before its own, so what it is offered does not depend on which process ended first.
    mutating func answer(
        _ requests: [BisectionRequest], width: Int,
        bisect: @escaping @Sendable (BisectionRequest, [[TestIdentity]]) async throws -> BisectionResult
    ) async throws -> [BisectionResult] {
        let size = max(1, width)
        var results: [BisectionResult] = []
        for start in stride(from: 0, to: requests.count, by: size) {
            let round = Array(requests[start..<min(start + size, requests.count)])
            let offered = round.map { hints(for: $0) }
            let answers = try await concurrentMap(Array(zip(round, offered)), width: size) { request, hints in
                try await bisect(request, hints)
            }
            for (request, answer) in zip(round, answers) { record(answer.culprits, for: request) }
            results += answers
        }
        return results
    }
}
