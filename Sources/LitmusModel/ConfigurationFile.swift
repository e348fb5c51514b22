import Foundation
import LitmusJSON
import LitmusSupport

/// Reading a configuration file (`.litmus-audit.json`, `--config FILE`) before it is decoded: why it
/// cannot be read at all, and what in it does not fit its settings.
enum ConfigurationFile {
    /// The file's bytes; a missing file, a folder or an unreadable file is
    /// ``AuditError/badConfiguration(path:reason:)`` saying which.
    static func contents(of url: URL) throws(AuditError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .badConfiguration(path: url.path, reason: "there is no such file")
        }
        guard !isFolder.boolValue else {
            throw .badConfiguration(path: url.path, reason: "it is a folder, not a JSON file")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .badConfiguration(path: url.path, reason: FileFault.reason(error))
        }
    }

    /// What in `data` does not fit `shape` (``ConfigurationCheck``); text that is not JSON is
    /// ``AuditError/badConfiguration(path:reason:)`` with where the JSON breaks.
    static func problems(in data: Data, at url: URL, shape: ConfigurationShape) throws(AuditError)
        -> [ConfigurationProblem]
    {
        guard let value = JSONValue(data) else {
            throw .badConfiguration(path: url.path, reason: "it is not valid JSON (\(syntaxError(in: data)))")
        }
        return ConfigurationCheck.problems(in: value, shape: shape)
    }

    /// Where `data` stops being JSON, as Foundation's parser says it, with a character offset turned into
    /// a line and column: `invalid value at line 2, column 9`.
    static func syntaxError(in data: Data) -> String {
        let said: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "unexpected text"
        } catch {
            said = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "unexpected text"
        }
        let text = said.hasSuffix(".") ? String(said.dropLast()) : said
        guard let marker = text.range(of: " around character "), let offset = Int(text[marker.upperBound...]) else {
            return text.prefix(1).lowercased() + text.dropFirst()
        }
        let before = String(decoding: data.prefix(offset), as: UTF8.self)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let place = "line \(lines.count), column \((lines.last?.count ?? 0) + 1)"
        return text[..<marker.lowerBound].prefix(1).lowercased() + text[..<marker.lowerBound].dropFirst()
            + " at \(place)"
    }
}
