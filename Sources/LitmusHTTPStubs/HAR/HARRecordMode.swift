import Foundation

/// What a replay does with the network: replay only (the default), or record.
///
/// The environment variable `LITMUS_HTTP_RECORD` overrides the mode given in code, so everything can be
/// re-recorded without editing a test (`LITMUS_HTTP_RECORD=all swift test`). With `CI=true` a recording
/// mode given in code is refused: CI records only when its own environment sets `LITMUS_HTTP_RECORD`.
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
    /// replay only.
    ///
    /// - Throws: ``HARError/unknownMode(_:)`` for a value that is no mode, and
    ///   ``HARError/recordingInCI(_:mode:)`` when `requested` records while `CI=true` and the environment
    ///   did not ask for it.
    static func effective(
        requested: HARRecordMode?, file: String, environment: [String: String]
    ) throws(HARError) -> HARRecordMode {
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = HARRecordMode(rawValue: value.lowercased()) else { throw .unknownMode(value) }
            return mode
        }
        let mode = requested ?? .replayOnly
        if mode != .replayOnly, isCI(environment) {
            throw .recordingInCI(file, mode: mode)
        }
        return mode
    }

    private static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }
}
