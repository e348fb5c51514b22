import Foundation

/// A report file that cannot be turned into the HTML report; the message names the file and the fix.
public enum ReportFileError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, kind: ReportKind, reason: String)
    /// The file is not the JSON of its kind of report.
    case corrupt(path: String, kind: ReportKind, reason: String)
    /// Neither an audit nor a mutation report was given.
    case nothingToRender

    /// The message for people.
    public var description: String {
        switch self {
        case .unreadable(let path, let kind, let reason):
            return
                "cannot read the \(kind.noun) \(path) (\(reason)). Fix: pass the path of the file that \(kind.writer) wrote."
        case .corrupt(let path, let kind, let reason):
            return
                "\(path) is not \(kind.article) \(kind.noun) (\(reason)). Fix: write it again with \(kind.writer), "
                + "and pass it unchanged."
        case .nothingToRender:
            return "no report to render. Fix: pass an audit report (litmus audit --json), a mutation report "
                + "(--mutation, litmus mutate --json), or both."
        }
    }

    /// The same message, for `localizedDescription`.
    public var errorDescription: String? { description }
}

/// The kinds of JSON report the HTML report reads.
public enum ReportKind: String, Sendable, Equatable {
    /// `litmus audit --json` (schema version 1, docs/audit.md).
    case audit
    /// `litmus mutate --json` (Stryker's mutation-testing-report-schema, version 2).
    case mutation

    var noun: String { self == .audit ? "audit report (JSON)" : "mutation report (JSON, Stryker schema version 2)" }
    var article: String { self == .audit ? "an" : "a" }
    var writer: String { self == .audit ? "`litmus audit --json FILE`" : "`litmus mutate --json FILE`" }
}
