import ArgumentParser
import Foundation
import LitmusAudit
import LitmusHistory
import LitmusModel

/// `--history PATH` and `--no-history` of `litmus audit` and `litmus mutate`: the history each run is
/// recorded in (docs/history.md), by default the package's beside the build cache. A history that cannot
/// be used never stops the run: it says which file and the fix on standard error, and reports as usual.
public struct HistoryOption: ParsableArguments {
    /// The history's file.
    @Option(
        name: .customLong("history"),
        help: ArgumentHelp(
            "Record this run in this history file (SQLite; created if missing). Default: the package's history "
                + "beside the build cache. litmus history reads it.",
            valueName: "path"))
    public var path: String?

    /// Records nothing.
    @Flag(name: .customLong("no-history"), help: "Record this run in no history.")
    public var disabled = false

    /// Creates the option (ArgumentParser fills it).
    public init() {}

    /// Refuses both flags at once.
    public func validate() throws {
        if disabled, let path {
            throw ValidationError("--no-history records nothing and --history \(path) names where to: give one.")
        }
    }

    /// The recorder for `package`'s runs, or `nil` with `--no-history` or when the default file cannot
    /// be found (said on standard error).
    func recorder(for package: URL, command: String) -> HistoryRecorder? {
        if disabled { return nil }
        if let path { return HistoryRecorder(file: URL(fileURLWithPath: path)) }
        do {
            return HistoryRecorder(file: try HistoryRecorder.defaultFile(for: package))
        } catch {
            warn("\(command): this run is recorded in no history: \(CommandFailure.message(for: error))")
            return nil
        }
    }

    /// When each test of `package` last ran alone, for a quick audit's share; `nil` (the seed's share)
    /// without a history or when it cannot be read (said).
    func lastRanAlone(for package: URL, command: String) -> [TestID: Date]? {
        guard let recorder = recorder(for: package, command: command) else { return nil }
        do {
            return try recorder.lastRanAlone()
        } catch {
            warn("\(command): \(message(error)) The seed picks the share run alone.")
            return nil
        }
    }

    /// Records `report`, an audit of `package`, and with `summarize` returns what the history now adds
    /// up to (for the HTML report's trend); a failure is said, never thrown, and returns `nil`.
    @discardableResult
    func record(_ report: AuditReport, package: URL, command: String, summarize: Bool = false) async
        -> HistorySummary?
    {
        guard let recorder = recorder(for: package, command: command) else { return nil }
        do {
            try await recorder.record(report, package: package)
        } catch {
            warn("\(command): \(message(error)) This run was not recorded; its report is complete.")
            return nil
        }
        guard summarize else { return nil }
        do {
            return try recorder.summary()
        } catch {
            warn("\(command): \(message(error)) The HTML report has no trend.")
            return nil
        }
    }

    /// Records a mutation run of `package`; a failure is said, never thrown.
    func recordMutation(score: Double, wallSeconds: Double, package: URL, command: String) async {
        guard let recorder = recorder(for: package, command: command) else { return }
        do {
            try await recorder.recordMutation(score: score, wallSeconds: wallSeconds, package: package)
        } catch {
            warn("\(command): \(message(error)) This run was not recorded; its report is complete.")
        }
    }

    private func message(_ error: any Error) -> String {
        (error as? HistoryError)?.description ?? CommandFailure.message(for: error)
    }

    private func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
