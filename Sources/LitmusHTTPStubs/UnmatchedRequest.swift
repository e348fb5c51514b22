import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request no stub matched, with the stub that came closest and what differed from it.
public struct UnmatchedRequest: Sendable, CustomStringConvertible {
    /// The request as it was sent.
    public let request: RecordedRequest
    /// The stub meeting the largest share of its conditions, or nil when none was registered.
    public let closestStub: Stub?
    /// What differed between the request and the closest stub, one line per unmet condition.
    public let differences: [String]

    init(request: RecordedRequest, candidates: [(Stub, RequestMatcher)]) {
        self.request = request
        var best: (stub: Stub, outcome: MatchOutcome)?
        for (stub, matcher) in candidates.reversed() {
            let outcome = matcher.outcome(for: request)
            if best == nil || outcome.score > best!.outcome.score {
                best = (stub, outcome)
            }
        }
        self.closestStub = best?.stub
        self.differences = best?.outcome.differences ?? []
    }

    /// The issue text: the request, the closest stub and what differed, and how to fix it.
    public var description: String {
        var lines = ["No stub matches \(request)."]
        if let closestStub {
            lines.append("Closest stub: \(closestStub)")
            lines += differences.map { "  - \($0)" }
        } else {
            lines.append("No stubs are registered in this HTTPStubs.")
        }
        if let file = closestStub?.recording {
            lines.append(
                "The recording \(file) does not hold this request. Record it with LITMUS_HTTP_RECORD=new "
                    + "(or mode: .recordNew), or fix the request if the recording is right.")
        }
        lines.append(
            "Add a stub for it, or allow it to reach the network with allowPassThrough(_:). "
                + "Litmus failed it with URLError(.resourceUnavailable).")
        return lines.joined(separator: "\n")
    }

    /// The error the client receives: `URLError(.resourceUnavailable)` carrying ``description``.
    package var error: URLError {
        URLError(
            .resourceUnavailable,
            userInfo: [
                NSLocalizedDescriptionKey: description,
                NSURLErrorFailingURLErrorKey: request.url,
            ])
    }
}
