import ArgumentParser
import Foundation
import LitmusAudit
import LitmusMutation
import LitmusReport
import LitmusSupport

/// The one mapping from an error that stopped a command to what the user sees: `litmus VERB: message` on
/// standard error and exit status 2, which means "could not run" for every command (1 means thresholds
/// not met, 3 an audit with a timed-out test process). An `ExitCode` the command chose passes through.
enum CommandFailure {
    /// The sentence that explains `error`, naming the input and the fix where the error knows them.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as ChildProcessError:
            return AuditError.cannotRun(executable: error.executable, reason: error.reason).description
        case let error as MutationError: return error.description
        case let error as AuditError: return error.description
        case let error as MergeError: return error.description
        case let error as ReportFileError: return error.description
        case let error as LocalizedError: return error.errorDescription ?? "\(error)"
        default: return "\(error)"
        }
    }

    /// Says why `command` stopped and exits 2 (by throwing `ExitCode(2)`), or rethrows an `ExitCode`.
    static func exit(_ error: any Error, command: String, leadingNewline: Bool = false) -> any Error {
        if let exit = error as? ExitCode { return exit }
        let line = "\(leadingNewline ? "\n" : "")\(command): \(message(for: error))\n"
        FileHandle.standardError.write(Data(line.utf8))
        return ExitCode(2)
    }
}

/// `--min-mutation-score` of `litmus mutate` and `litmus merge`, checked before any work by the same rule
/// as the audit's threshold of that name (``AuditThresholds/minMutationScore``).
struct MinimumScoreOption: ParsableArguments {
    /// The least acceptable score, in percent.
    @Option(name: .long, help: "Exit 1 when the mutation score (percent) is under this.")
    var minMutationScore: Double?

    func validate() throws {
        guard let minMutationScore else { return }
        var thresholds = AuditThresholds()
        thresholds.minMutationScore = minMutationScore
        if let problem = AuditThresholds.minMutationScore.problem(thresholds) {
            throw ValidationError("--min-mutation-score \(problem)")
        }
    }
}
