import Foundation
import LitmusModel

/// Reads the JSON reports the HTML report is built from, and refuses what is not one.
public enum ReportFile {
    /// The bytes of the audit report at `path`, after checking that they decode as one.
    public static func audit(at path: String) throws(ReportFileError) -> Data {
        let data = try read(path, as: .audit)
        do {
            _ = try JSONDecoder().decode(AuditReport.self, from: data)
        } catch {
            throw .corrupt(path: path, kind: .audit, reason: otherKind(data, than: .audit) ?? reason(error))
        }
        return data
    }

    /// The bytes of the mutation report at `path`, after checking that they decode as Stryker's
    /// schema version 2.
    public static func mutation(at path: String) throws(ReportFileError) -> Data {
        let data = try read(path, as: .mutation)
        let report: StrykerReport
        do {
            report = try JSONDecoder().decode(StrykerReport.self, from: data)
        } catch {
            throw .corrupt(path: path, kind: .mutation, reason: otherKind(data, than: .mutation) ?? reason(error))
        }
        guard report.schemaVersion.hasPrefix("2") else {
            throw .corrupt(
                path: path, kind: .mutation,
                reason: "schemaVersion is \"\(report.schemaVersion)\", and only version 2 is read")
        }
        return data
    }

    private static func read(_ path: String, as kind: ReportKind) throws(ReportFileError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw .unreadable(path: path, kind: kind, reason: missing ? "no such file" : error.localizedDescription)
        }
    }

    /// What else the JSON is, when it is another report Litmus writes: a shard's partial report (merge
    /// the shards first), or the other kind (pass it in the other place); `nil` when it is neither.
    private static func otherKind(_ data: Data, than kind: ReportKind) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        if object["litmus"] != nil {
            return "it is one shard's partial report: litmus merge the --json of every shard, and pass the merged "
                + "report's --json"
        }
        if kind == .audit, object["schemaVersion"] is String, object["files"] != nil {
            return "it is a mutation report (Stryker's schema): pass it with --mutation"
        }
        if kind == .mutation, object["verdicts"] != nil, object["tests"] != nil {
            return "it is an audit report: pass it as the first argument, not with --mutation"
        }
        return nil
    }

    /// Decoding errors in a few words: what is wrong and where.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(place(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing at \(place(context.codingPath))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is not of the expected type (\(type))"
        @unknown default:
            return "\(error)"
        }
    }
}
