import Foundation

/// What a replay does with the network: replay only (the default), or record.
///
/// The environment variable `LITMUS_HTTP_RECORD` overrides the mode given in code, so everything can be
/// re-recorded without editing a test (`LITMUS_HTTP_RECORD=all swift test`). With `CI=true` a mode given
/// in code that would record is refused (`.recordIfMissing` with the file committed only replays): CI
/// records only when its own environment sets `LITMUS_HTTP_RECORD`.
public enum HARRecordMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Replay the file; a request it does not hold fails closed, naming the nearest recorded entry.
    /// A missing file is an error.
    case replayOnly = "replay"
    /// Record every request when the file does not exist; replay only when it does.
    case recordIfMissing = "missing"
    /// Replay what the file holds and record the requests it does not, keeping the rest.
    case recordNew = "new"
    /// Ignore the file and record every request again.
    case recordAll = "all"

    /// The environment variable naming the mode (`replay`, `missing`, `new` or `all`).
    public static let environmentVariable = "LITMUS_HTTP_RECORD"

    /// `.recordAll`, …, as written in Swift.
    public var description: String {
        switch self {
        case .replayOnly: ".replayOnly"
        case .recordIfMissing: ".recordIfMissing"
        case .recordNew: ".recordNew"
        case .recordAll: ".recordAll"
        }
    }

    /// The mode that applies: the environment's `LITMUS_HTTP_RECORD` if set, else `requested`, else
    /// replay only; `isFromEnvironment` says which.
    ///
    /// - Throws: ``HARError/unknownMode(_:)`` for a value that is no mode.
    static func effective(
        requested: HARRecordMode?, environment: [String: String]
    ) throws(HARError) -> (mode: HARRecordMode, isFromEnvironment: Bool) {
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = HARRecordMode(rawValue: value.lowercased()) else { throw .unknownMode(value) }
            return (mode, true)
        }
        return (requested ?? .replayOnly, false)
    }

    /// Whether `environment` is a CI run (`CI` set to anything but empty, `0`, `false` or `no`).
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }
}
