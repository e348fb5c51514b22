import Foundation
import GRDB

/// Why a history file cannot be used, naming the file and the fix. An audit or mutation run that meets
/// one still reports, without recording its run; `litmus history` exits 2.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// The file is damaged or not an SQLite database at all.
    case corrupt(file: String, reason: String)
    /// An SQLite database, of something other than a history.
    case notAHistory(file: String, reason: String)
    /// Written by a newer litmus, with a schema this one does not know.
    case newer(file: String)
    /// It cannot be opened or written (permissions, a full disk, a missing folder).
    case unusable(file: String, reason: String)
    /// Given to `litmus history` and missing.
    case missing(file: String)

    /// The file concerned.
    public var file: String {
        switch self {
        case .corrupt(let file, _), .notAHistory(let file, _), .newer(let file), .unusable(let file, _),
            .missing(let file):
            file
        }
    }

    /// One paragraph: what is wrong with which file, and the fix.
    public var description: String {
        switch self {
        case .corrupt(let file, let reason):
            "The history \(file) cannot be read: \(reason). Fix: move it aside (mv \(file) \(file).broken); "
                + "the next run starts a new history there. Runs are not recorded until then."
        case .notAHistory(let file, let reason):
            "The file \(file) is not a litmus history: \(reason). Fix: give --history a file of its own "
                + "(a new path is created)."
        case .newer(let file):
            "The history \(file) was written by a newer litmus (its schema has migrations this one does not know). "
                + "Fix: run the newer litmus, or give --history another file."
        case .unusable(let file, let reason):
            "The history \(file) cannot be used: \(reason). Fix: give --history a file in a folder you can write "
                + "to, or free space there."
        case .missing(let file):
            "There is no history at \(file). Fix: run litmus audit (it records each run there), or give the "
                + "file --history named."
        }
    }

    /// The error for a database error on `file`.
    static func from(_ error: DatabaseError, file: String) -> HistoryError {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            .corrupt(file: file, reason: error.message ?? "\(error.resultCode)")
        default:
            .unusable(file: file, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
