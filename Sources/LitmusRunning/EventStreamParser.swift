import Foundation
import LitmusModel

/// Reads Swift Testing's JSON Lines event stream (`--event-stream-output-path`, version 0) into the
/// tests it declares and one result per test function.
public struct EventStreamParser: Sendable {
    /// What one stream says.
    public struct Stream: Sendable {
        /// Every test function the stream declares, in declaration order, with its source location.
        public var tests: [TestIdentity]
        /// The result of every test function that was asked to run, keyed by its identifier.
        public var results: [TestID: TestResult]
        /// The identifiers of the test functions in the order they started.
        public var startOrder: [TestID]
    }

    /// Creates a parser.
    public init() {}

    /// Parses a whole stream. Lines that are not JSON records of the known shape are ignored, so a
    /// truncated last line (a process that died while writing) loses only that line.
    public func parse(_ data: Data) -> Stream {
        let decoder = JSONDecoder()
        var tests: [TestIdentity] = []
        var functions: Set<String> = []
        var started: [String: Double] = [:]
        var startOrder: [TestID] = []
        var lastInstant = 0.0
        var ended: [String: (Double, skipped: Bool)] = [:]
        var issues: [String: [String]] = [:]
        var lateIssues: [String: [RecordedIssue]] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            let payload = record.payload
            if record.kind == "test" {
                guard payload.kind == "function", let id = payload.id else { continue }
                functions.insert(id)
                tests.append(
                    TestIdentity(
                        library: .swiftTesting, id: TestID(id), file: payload.sourceLocation?.filePath,
                        line: payload.sourceLocation?.line,
                        // `.endToEnd`: a tag declared as a static member is written as it is spelled.
                        tags: (payload.tags ?? []).map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }))
                continue
            }
            guard record.kind == "event", let id = payload.testID, functions.contains(id) else { continue }
            let instant = payload.instant?.absolute ?? 0
            lastInstant = max(lastInstant, instant)
            switch payload.kind {
            case "testStarted":
                started[id] = instant
                startOrder.append(TestID(id))
            case "testEnded":
                ended[id] = (instant, false)
            case "testSkipped":
                ended[id] = (instant, true)
            case "issueRecorded":
                guard payload.issue?.isKnown != true, payload.issue?.severity != "warning" else { continue }
                let text = payload.messages?.first?.text ?? "Issue recorded"
                let source = payload.issue?.sourceLocation
                guard ended[id] == nil else {
                    // Recorded with the id of a test that had ended: by work it started and nobody awaited
                    // (a `Task { }` inherits its test); measured in EventStreamParserTests.
                    lateIssues[id, default: []].append(
                        RecordedIssue(message: text, file: source?.filePath ?? source?.fileID, line: source?.line))
                    continue
                }
                let location = source.map { "\($0.filePath ?? $0.fileID ?? "?"):\($0.line ?? 0): " }
                issues[id, default: []].append((location ?? "") + text)
            default:
                break
            }
        }
        var results: [TestID: TestResult] = [:]
        for id in functions {
            let recorded = issues[id] ?? []
            if let (end, skipped) = ended[id] {
                let outcome: TestOutcome = skipped ? .skipped : recorded.isEmpty ? .passed : .failed
                let start = min(started[id] ?? end, end)
                results[TestID(id)] = TestResult(
                    outcome: outcome, duration: end - start, issues: recorded, span: start...end,
                    lateIssues: lateIssues[id] ?? [])
            } else if let start = started[id] {
                results[TestID(id)] = TestResult(
                    outcome: .crashed, duration: 0, issues: recorded, span: start...max(start, lastInstant))
            }
        }
        return Stream(tests: tests, results: results, startOrder: startOrder)
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var sourceLocation: SourceLocation?
        var instant: Instant?
        var issue: Issue?
        var messages: [Message]?
        var tags: [String]?

        enum CodingKeys: String, CodingKey {
            case kind, id, testID, sourceLocation, instant, issue, messages
            case tags = "_tags"
        }
    }

    private struct SourceLocation: Decodable {
        var filePath: String?
        var fileID: String?
        var line: Int?

        enum CodingKeys: String, CodingKey {
            case filePath = "_filePath"
            case fileID
            case line
        }
    }

    private struct Instant: Decodable {
        var absolute: Double
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
        var severity: String?
        var sourceLocation: SourceLocation?
    }

    private struct Message: Decodable {
        var text: String
    }
}
