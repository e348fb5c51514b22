import Foundation

extension HAR {
    /// Reads the HAR file at `url`.
    ///
    /// - Throws: ``HARError/unreadable(_:reason:)`` when the file cannot be read, or
    ///   ``HARError/malformed(_:entry:field:reason:)`` naming the entry and the field that is wrong.
    public init(contentsOf url: URL) throws(HARError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, reason: Self.reason(error))
        }
        try self.init(data: data, file: url.path)
    }

    /// Reads a HAR from `data`; `file` names it in errors.
    ///
    /// - Throws: ``HARError/malformed(_:entry:field:reason:)`` naming the entry and the field that is wrong.
    public init(data: Data, file: String = "the HAR data") throws(HARError) {
        do {
            self = try JSONDecoder().decode(HAR.self, from: data)
        } catch let error as DecodingError {
            throw Self.malformed(error, data: data, file: file)
        } catch {
            throw .malformed(file, entry: nil, field: "", reason: Self.reason(error))
        }
    }

    /// The archive as pretty-printed JSON with sorted keys, so a re-recording diffs line by line.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, number, array or object: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Writes the archive to `url` atomically: into a temporary file beside it, then renamed over it,
    /// so a reader (or a test interrupted while writing) never sees half a file.
    public func write(to url: URL) throws(HARError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoded().write(to: url, options: .atomic)
        } catch {
            throw .unwritable(url.path, reason: Self.reason(error))
        }
    }

    /// Turns a decoding error into one naming the entry (its index, method and URL) and the field.
    private static func malformed(_ error: DecodingError, data: Data, file: String) -> HARError {
        let (path, reason): ([any CodingKey], String) =
            switch error {
            case .keyNotFound(let key, let context): (context.codingPath + [key], "is missing")
            case .typeMismatch(let type, let context): (context.codingPath, "is not \(Self.article(type))")
            case .valueNotFound(let type, let context): (context.codingPath, "is null, expected \(Self.article(type))")
            case .dataCorrupted(let context):
                (context.codingPath, context.codingPath.isEmpty ? "is not JSON" : context.debugDescription)
            @unknown default: ([], "\(error)")
            }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        guard keys.count >= 2, keys[0] == "log", keys[1] == "entries", keys.count >= 3,
            let index = path[2].intValue
        else {
            let field = keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
            return .malformed(file, entry: nil, field: field, reason: reason)
        }
        let field = keys.dropFirst(3).joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        return .malformed(
            file, entry: HARError.EntryName(index: index, request: requestLine(of: index, in: data)), field: field,
            reason: reason)
    }

    /// `GET https://…` of entry `index`, read loosely from the JSON, or nil when it has neither.
    private static func requestLine(of index: Int, in data: Data) -> String? {
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = (root?["log"] as? [String: Any])?["entries"] as? [Any]
        guard let entries, index < entries.count, let entry = entries[index] as? [String: Any] else { return nil }
        let request = entry["request"] as? [String: Any]
        let parts = [request?["method"] as? String, request?["url"] as? String].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "a \(type)"
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? (error as NSError).localizedDescription
    }
}

/// A HAR file could not be read, replayed or recorded. Each case names the file and the fix.
public enum HARError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read (`reason` says why).
    case unreadable(String, reason: String)
    /// The file is not a HAR: `field` of `entry` (or of the file, when `entry` is nil) is wrong.
    case malformed(String, entry: EntryName?, field: String, reason: String)
    /// Replay only was asked, and the file does not exist.
    case missingRecording(String)
    /// Recording was asked in code while `CI=true`: CI only records when its environment asks.
    case recordingInCI(String, mode: HARRecordMode)
    /// `LITMUS_HTTP_RECORD` holds a value that is not a mode.
    case unknownMode(String)
    /// Another recording of the same file is open (two tests recording one file).
    case fileInUse(String)
    /// The registry already records into another file (`recording`): its unmatched requests can go to one.
    case secondRecording(String, recording: String)
    /// The recording could not be written.
    case unwritable(String, reason: String)
    /// The recording is older than the replay's `expiresAfter:` limit (`age` is nil when no entry has a
    /// date), and the mode only replays or `isCI` (CI=true never re-records).
    case expired(String, age: HARAge?, limit: HARAge, isCI: Bool)

    /// An entry named by its position and, when it has them, its method and URL.
    public struct EntryName: Equatable, Sendable, CustomStringConvertible {
        /// The entry's index in `log.entries`, from 0.
        public var index: Int
        /// `GET https://…`, when the entry has a method or URL.
        public var request: String?

        /// Names entry `index`, whose request line is `request`.
        public init(index: Int, request: String?) {
            self.index = index
            self.request = request
        }

        /// `entry 2 (GET https://api.example.com/search)`.
        public var description: String {
            request.map { "entry \(index) (\($0))" } ?? "entry \(index)"
        }
    }

    /// Names the file and the fix.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "The HAR file \(file) could not be read (\(reason)). Check the path: a relative path is "
                + "resolved against the folder of the test file that names it."
        case .malformed(let file, let entry, let field, let reason):
            let place = [entry?.description, field.isEmpty ? nil : field].compactMap { $0 }.joined(separator: ", ")
            let what = place.isEmpty ? "" : " at \(place)"
            return "The HAR file \(file) is not a valid HAR 1.2 archive: the value\(what) \(reason). "
                + "Export it again from the browser's devtools (Network, Save all as HAR) or re-record it with "
                + "LITMUS_HTTP_RECORD=all."
        case .missingRecording(let file):
            return "There is no recording at \(file) and the mode is replay only. Record it once with "
                + "LITMUS_HTTP_RECORD=missing swift test (or mode: .recordIfMissing), review it, and commit it."
        case .recordingInCI(let file, let mode):
            return "Recording \(file) (mode \(mode.rawValue), set in code) was refused because CI=true: CI never "
                + "records by accident. Commit the recording made on your machine, or record on purpose by "
                + "setting LITMUS_HTTP_RECORD=\(mode.rawValue) in the CI job's environment."
        case .unknownMode(let value):
            return "LITMUS_HTTP_RECORD=\(value) is not a record mode. Use one of: "
                + HARRecordMode.allCases.map(\.rawValue).joined(separator: ", ") + "."
        case .fileInUse(let file):
            return "\(file) is already being recorded by another test. Give each test a recording of its own "
                + "(parallel tests never share one): name the file after the test."
        case .secondRecording(let file, let recording):
            return "\(file) cannot be recorded: this registry already records into \(recording), and a request "
                + "no stub answers goes to one recording. Record one file per test, or replay \(file) with "
                + "mode: .replayOnly."
        case .unwritable(let file, let reason):
            return "The recording \(file) could not be written (\(reason)). Check that its folder is writable."
        case .expired(let file, let age, let limit, let isCI):
            let state =
                age.map { "is \($0) old, older than its limit of \(limit)" }
                ?? "has no entry whose startedDateTime is a date, so nothing shows it is within its limit of \(limit)"
            let fix =
                isCI
                ? ", and CI=true never re-records. Re-record it on your machine with"
                : ". Re-record it with"
            return "The recording \(file) \(state) (expiresAfter:)\(fix) LITMUS_HTTP_RECORD=missing swift test "
                + "(an expired recording is recorded again, the others replay), review it, and commit it."
        }
    }
}
