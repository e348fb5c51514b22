import Foundation

/// A shard's partial audit report: the `litmus` key of the JSON `litmus audit --shard i/n --json` writes.
public struct AuditPartial: Sendable, Codable {
    /// The shard, commit and package.
    public var header: PartialHeader
    /// The shard's runs, before judging.
    var record: AuditRecord

    /// The JSON of the partial report, `{"litmus": …}`.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(["litmus": self])
    }

    /// The report an unsharded audit with the same seed would have made, from the partial JSON of every
    /// shard (by the file each came from): the shards' observations merged, then judged once, each
    /// bisection answered by the shard that ran it. Its times are the longest shard's. Throws a
    /// ``MergeError`` naming the file when a shard is missing or given twice, is from another commit,
    /// package or seed, or is not a shard's report.
    public static func merge(_ files: [(file: String, data: Data)]) async throws -> AuditReport {
        var partials: [(file: String, partial: AuditPartial)] = []
        for (file, data) in files {
            guard let decoded = try? JSONDecoder().decode([String: AuditPartial].self, from: data),
                let partial = decoded["litmus"]
            else {
                throw MergeError.corrupt(file: file, reason: "not the partial report of litmus audit --shard")
            }
            partials.append((file, partial))
        }
        try PartialHeader.check(partials.map { ($0.file, $0.partial.header) })
        let record = try AuditRecord.merging(partials.map { ($0.file, $0.partial.header.shard, $0.partial.record) })
        return try await record.report(bisect: record.replay, wallSeconds: record.wallSeconds)
    }
}
