import Foundation

/// Why `litmus mutate` could not finish once the package built. A package that does not build, or has no
/// test target, is `AuditError.buildFailed` / `.noTestBinary`, as for the audit.
public enum MutationError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The sanity probe of a file did not make its covering test fail: the switch does not reach the tests.
    case probeSurvived(file: String, test: String)

    /// The message for the user, naming the input and the fix.
    public var description: String {
        switch self {
        case .probeSurvived(let file, let test):
            return "Sanity check failed: with the probe of \(file) switched on, \(test) (which reaches that file) "
                + "still passed, so LITMUS_MUTANT does not reach the tests and every mutant would survive. "
                + "Check that the tests run the scratch copy's build and that the environment reaches them."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
