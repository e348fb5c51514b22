import Foundation

/// The report as JSON for tools: the `AuditReport` value itself, keys sorted, indented; docs/audit.md
/// documents the schema.
public struct JSONReport: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The JSON document.
    public func render(_ report: AuditReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(report)
    }
}
