import Foundation
import LitmusModel

/// Reads what an XCTest runner prints (swift-corelibs-xctest on Linux, Xcode's on Apple platforms) into
/// one result per test.
///
/// XCTest on Linux has no structured output of its own, so this reads only its fixed record lines, each
/// taken apart by position, never by a loose pattern:
/// `Test Case 'Class.test' started at …`, `Test Case 'Class.test' passed (0.001 seconds)` (or `failed`,
/// `skipped`), and failure lines `path:line: error: Class.test : message`. Apple's form
/// `Test Case '-[Module.Class test]' …` is read too. A test that started and never ended is `crashed`.
public struct XCTestOutputParser: Sendable {
    /// One test as the output names it, in the order it started.
    public struct Entry: Hashable, Sendable {
        /// The name XCTest prints, `Class.testMethod`: no ``TestID``, as it lacks the module (two test
        /// modules may each have the test); ``TestBinary`` maps it to one through the listing.
        package var outputName: String
        /// Its result.
        public var result: TestResult

        /// The name XCTest prints, `Class.testMethod`.
        @available(*, deprecated, message: "XCTest's printed name is no test id: TestBinary maps it to a TestID")
        public var name: String { outputName }
    }

    /// Creates a parser.
    public init() {}

    /// The tests named in `output`, in the order they started.
    public func parse(_ output: String) -> [Entry] {
        var entries: [Entry] = []
        var open: (name: String, issues: [String])?
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let record = testCaseRecord(line) {
                switch record.event {
                case "started":
                    if let unfinished = open {
                        entries.append(
                            Entry(
                                outputName: unfinished.name,
                                result: .init(outcome: .crashed, duration: 0, issues: unfinished.issues)))
                    }
                    open = (record.name, [])
                case "passed", "failed", "skipped":
                    let outcome: TestOutcome =
                        record.event == "passed" ? .passed : record.event == "failed" ? .failed : .skipped
                    let issues = open?.name == record.name ? open?.issues ?? [] : []
                    entries.append(
                        Entry(
                            outputName: record.name,
                            result: .init(outcome: outcome, duration: record.seconds ?? 0, issues: issues)))
                    open = nil
                default:
                    break
                }
            } else if let issue = failureRecord(line), open != nil, issue.test == open?.name {
                open?.issues.append(issue.message)
            }
        }
        if let unfinished = open {
            entries.append(
                Entry(
                    outputName: unfinished.name,
                    result: .init(outcome: .crashed, duration: 0, issues: unfinished.issues)))
        }
        return entries
    }

    /// `Test Case 'NAME' EVENT …` split into its parts; `nil` for any other line.
    private func testCaseRecord(_ line: Substring) -> (name: String, event: String, seconds: Double?)? {
        let prefix = "Test Case '"
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let quote = rest.range(of: "' ") else { return nil }
        let name = normalizedName(rest[..<quote.lowerBound])
        let tail = rest[quote.upperBound...]
        let event = tail.prefix { $0 != " " }
        var seconds: Double?
        if let open = tail.firstIndex(of: "("), let close = tail.range(of: " seconds)") {
            seconds = Double(tail[tail.index(after: open)..<close.lowerBound])
        }
        return (name, String(event), seconds)
    }

    /// `-[Module.Class test]` becomes `Class.test`; `Class.test` stays.
    private func normalizedName(_ raw: Substring) -> String {
        guard raw.hasPrefix("-["), raw.hasSuffix("]") else { return String(raw) }
        let inner = raw.dropFirst(2).dropLast()
        let parts = inner.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return String(inner) }
        let type = parts[0].split(separator: ".").last ?? parts[0]
        return "\(type).\(parts[1])"
    }

    /// `path:line: error: Class.test : message` split into the test and `path:line: message`.
    private func failureRecord(_ line: Substring) -> (test: String, message: String)? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        let location = line[..<marker.lowerBound]
        let rest = line[marker.upperBound...]
        guard let separator = rest.range(of: " : ") else { return nil }
        let test = normalizedName(rest[..<separator.lowerBound])
        return (test, "\(location): \(rest[separator.upperBound...])")
    }

    /// The test identifiers listed by `<binary> --list-tests`: lines `Module.Class/testMethod`.
    public func parseListing(_ output: String) -> [TestID] {
        output.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.contains(" "), let slash = trimmed.firstIndex(of: "/"), slash != trimmed.startIndex else {
                return nil
            }
            return TestID(trimmed)
        }
    }
}
