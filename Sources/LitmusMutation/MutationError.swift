import Foundation

/// Why `litmus mutate` could not finish.
public enum MutationError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The package does not build, before any mutant is in it.
    case buildFailed(path: String, errors: [String])
    /// The build left no `…PackageTests.xctest`.
    case noTestBinary(path: String)
    /// The sanity probe of a file did not make its covering test fail: the switch does not reach the tests.
    case probeSurvived(file: String, test: String)

    /// The message for the user, naming the input and the fix.
    public var description: String {
        switch self {
        case .buildFailed(let path, let errors):
            return "The package at \(path) does not build without mutants; fix these errors first "
                + "(swift build --build-tests):\n" + errors.joined(separator: "\n")
        case .noTestBinary(let path):
            return "The package at \(path) has no test target: add one (Tests/<Name>Tests) to test its mutants."
        case .probeSurvived(let file, let test):
            return "Sanity check failed: with the probe of \(file) switched on, \(test) (which reaches that file) "
                + "still passed, so LITMUS_MUTANT does not reach the tests and every mutant would survive. "
                + "Check that the tests run the scratch copy's build and that the environment reaches them."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}
