import Foundation

/// Decides whether a stub answers a request: a `Sendable` value with a readable description,
/// composable with `&&`, `||` and `!`.
///
/// ```swift
/// let matcher: RequestMatcher = .method("GET") && .host("api.example.com") && .path("/albums")
/// ```
///
/// Every matcher can also say what differed, which is how an unmatched request's issue names the
/// closest stub and the difference.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// What the matcher accepts, in words: `method is GET && path is /albums`.
    public let description: String
    /// `&&` or `||` when this matcher combines two others, so descriptions parenthesize only where needed.
    private let combinator: String?
    /// The fast yes/no, short-circuiting and building no text: what stubs are matched with.
    private let test: @Sendable (RecordedRequest) -> Bool
    /// The full verdict with differences and score: what unmatched-request issues are built from.
    private let judge: @Sendable (RecordedRequest) -> MatchOutcome

    /// A matcher from a closure, for anything the built-in matchers do not cover.
    ///
    /// - Parameters:
    ///   - description: what the closure accepts, shown in issues (`"has a valid signature"`).
    ///   - predicate: returns `true` for the requests to accept.
    public init(_ description: String, _ predicate: @escaping @Sendable (RecordedRequest) -> Bool) {
        self.init(description: description) { request in
            predicate(request) ? nil : "expected the request to satisfy \"\(description)\""
        }
    }

    /// A single condition: `mismatch` returns nil when the request satisfies it, or what differed.
    /// `weight` says how much it counts when picking the closest stub: where a request goes (host, path)
    /// counts double, so a request to /albums with the wrong method is closest to the /albums stub.
    /// `test`, when given, must agree with `mismatch` and skips building its text.
    init(
        description: String, weight: Double = 1, test: (@Sendable (RecordedRequest) -> Bool)? = nil,
        mismatch: @escaping @Sendable (RecordedRequest) -> String?
    ) {
        self.description = description
        self.combinator = nil
        self.test = test ?? { mismatch($0) == nil }
        self.judge = { request in
            if let difference = mismatch(request) {
                return MatchOutcome(isMatch: false, differences: [difference], satisfied: 0, total: weight)
            }
            return MatchOutcome(isMatch: true, differences: [], satisfied: weight, total: weight)
        }
    }

    private init(
        description: String, combinator: String?, test: @escaping @Sendable (RecordedRequest) -> Bool,
        judge: @escaping @Sendable (RecordedRequest) -> MatchOutcome
    ) {
        self.description = description
        self.combinator = combinator
        self.test = test
        self.judge = judge
    }

    /// Whether `request` satisfies this matcher.
    public func matches(_ request: RecordedRequest) -> Bool {
        test(request)
    }

    /// What differed between `request` and this matcher, one line per unmet condition; empty on a match.
    public func differences(from request: RecordedRequest) -> [String] {
        judge(request).differences
    }

    func outcome(for request: RecordedRequest) -> MatchOutcome {
        judge(request)
    }

    /// Accepts every request: a catch-all stub.
    public static let any = RequestMatcher(description: "any request", test: { _ in true }, mismatch: { _ in nil })

    /// Both matchers must accept the request.
    public static func && (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        let description = "\(lhs.parenthesized(in: "&&")) && \(rhs.parenthesized(in: "&&"))"
        return RequestMatcher(
            description: description, combinator: "&&", test: { lhs.test($0) && rhs.test($0) },
            judge: {
                let left = lhs.judge($0)
                let right = rhs.judge($0)
                return MatchOutcome(
                    isMatch: left.isMatch && right.isMatch,
                    differences: left.differences + right.differences,
                    satisfied: left.satisfied + right.satisfied,
                    total: left.total + right.total
                )
            })
    }

    /// Either matcher may accept the request.
    public static func || (lhs: RequestMatcher, rhs: RequestMatcher) -> RequestMatcher {
        let description = "\(lhs.parenthesized(in: "||")) || \(rhs.parenthesized(in: "||"))"
        return RequestMatcher(
            description: description, combinator: "||", test: { lhs.test($0) || rhs.test($0) },
            judge: {
                let left = lhs.judge($0)
                let right = rhs.judge($0)
                if left.isMatch || right.isMatch {
                    let total = max(left.total, right.total)
                    return MatchOutcome(isMatch: true, differences: [], satisfied: total, total: total)
                }
                let closer = left.score >= right.score ? left : right
                return MatchOutcome(
                    isMatch: false,
                    differences: ["neither \(lhs) nor \(rhs): " + closer.differences.joined(separator: "; ")],
                    satisfied: closer.score * closer.total,
                    total: closer.total
                )
            })
    }

    /// Accepts exactly the requests `matcher` rejects.
    public static prefix func ! (matcher: RequestMatcher) -> RequestMatcher {
        RequestMatcher(
            description: "!(\(matcher))", test: { !matcher.test($0) },
            mismatch: { request in
                matcher.judge(request).isMatch ? "expected the request not to match \(matcher)" : nil
            })
    }

    /// This matcher judging `transform(request)` instead of the request: replay matches a request as
    /// it would have been recorded, redacted.
    func applying(_ transform: @escaping @Sendable (RecordedRequest) -> RecordedRequest) -> RequestMatcher {
        let test = self.test
        let judge = self.judge
        return RequestMatcher(
            description: description, combinator: combinator, test: { test(transform($0)) },
            judge: { judge(transform($0)) })
    }

    /// The description as an operand of `combinator`: a different combination gets parentheses.
    private func parenthesized(in combinator: String) -> String {
        guard let own = self.combinator, own != combinator else { return description }
        return "(\(description))"
    }
}

/// How a request fared against a matcher: whether it matched, what differed, and how many of the
/// matcher's conditions it met (the closest stub is the one meeting the largest share).
struct MatchOutcome: Sendable {
    var isMatch: Bool
    var differences: [String]
    var satisfied: Double
    var total: Double

    init(isMatch: Bool, differences: [String], satisfied: Double, total: Double) {
        self.isMatch = isMatch
        self.differences = differences
        self.satisfied = satisfied
        self.total = total
    }

    /// The share of conditions met, from 0 to 1.
    var score: Double { total == 0 ? 1 : satisfied / total }
}
