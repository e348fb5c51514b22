import Foundation

/// The audit never passes on nothing: when no test was observed, or the test binary rejected
/// `--list-tests` (it does not speak XCTest's or Swift Testing's protocol), this says so, with what the
/// binary did when run once as `swift test` would.
enum NoTestsJudge {
    /// The unobserved suite, if the observations show one.
    static func unobserved(_ observations: Observations) -> UnobservedSuite? {
        guard let direct = observations.directRun else { return nil }
        let reason: String
        if observations.listingStatus != 0 && !observations.tests.isEmpty {
            reason =
                "The test binary rejected --list-tests (exit status \(observations.listingStatus)): no XCTest test "
                + "could be listed, so only the Swift Testing tests (\(observations.tests.count)) were judged. A "
                + "LinuxMain.swift that runs another framework does this: write the tests with XCTest or Swift Testing "
                + "(or run that framework from inside them) so each test can be seen."
        } else if observations.listingStatus != 0 {
            reason =
                "The test binary rejected --list-tests (exit status \(observations.listingStatus)): it does not speak "
                + "XCTest's or Swift Testing's protocol, so no test could be run alone, repeated or judged. A "
                + "LinuxMain.swift that runs another framework does this: write the tests with XCTest or Swift Testing "
                + "(or run that framework from inside them) so each test can be seen."
        } else {
            reason =
                "No test was observed: --list-tests lists no XCTest test and Swift Testing declares none. Add tests "
                + "the runner discovers (XCTestCase subclasses with test… methods, @Test functions)."
        }
        return UnobservedSuite(
            reason: reason, exitStatus: direct.timedOut ? -1 : direct.status, failures: failures(in: direct.output),
            lastLines: Array(direct.output.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(10)))
    }

    /// The lines that report a failure: a cross mark, or a word of failure not preceded by "0".
    static func failures(in lines: [String]) -> [String] {
        lines.filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if ["✗", "✘", "×", "✖"].contains(where: { trimmed.hasPrefix($0) }) { return true }
            let lower = trimmed.lowercased()
            guard lower.contains("fail") || lower.contains("error") else { return false }
            return lower.range(of: #"\b0 (failed|failures?|errors?)\b"#, options: .regularExpression) == nil
        }
    }
}
