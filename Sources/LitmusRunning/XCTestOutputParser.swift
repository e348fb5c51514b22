import Foundation
import LitmusModel
import LitmusSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what an XCTest runner prints (swift-corelibs-xctest on Linux, Xcode's on Apple platforms) into
/// one result per test.
///
/// XCTest on Linux has no structured output of its own, so this reads only its fixed record lines, each
/// taken apart by position, never by a loose pattern:
/// `Test Case 'Class.test' started at …`, `Test Case 'Class.test' passed (0.001 seconds)` (or `failed`,
/// `skipped`), and failure lines `path:line: error: Class.test : message`. Apple's form
/// `Test Case '-[Module.Class test]' …` is read too. A test that started and never ended is `crashed`; one
/// started again while it runs (a child process it spawned, running it in the same output) is still the
/// one test.
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

    /// The most a test's ``TestResult/output`` keeps of what it printed: its last 4 KiB.
    public static let outputTail = 4096

    /// The tests named in `output`, in the order they started.
    ///
    /// One pass over the output's bytes (a test may print megabytes): only a line holding a record is
    /// read as text; any other line a test prints is kept in its bounded tail (``outputTail``), for the
    /// test's result when it did not pass. A record is found after text the test printed without a line
    /// end (XCTest prints to the same stream, so `print(x, terminator: "")` runs into its next record)
    /// when it ends the test that is running; any other text in a line is the test's own.
    public func parse(_ output: String) -> [Entry] {
        var text = output
        return text.withUTF8 { bytes in
            var reader = Reader()
            var start = 0
            while start < bytes.count {
                let end = Self.lineEnd(in: bytes, from: start)
                var line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
                reader.read(line, parser: self)
                start = end + 1
            }
            return reader.finish()
        }
    }

    /// The entries of one output as they are read, with the open test's issues and printed tail.
    private struct Reader {
        var entries: [Entry] = []
        var open: (name: String, issues: [String])?
        var printed = OutputTail(limit: XCTestOutputParser.outputTail)

        /// Reads one line (without its line end): a record, a failure of the running test, or its output.
        mutating func read(_ line: UnsafeBufferPointer<UInt8>, parser: XCTestOutputParser) {
            if let marker = ByteSearch.firstIndex(of: XCTestOutputParser.recordMarker, in: line),
                let record = parser.testCaseRecord(Self.text(UnsafeBufferPointer(rebasing: line[marker...]))),
                marker == 0 || (record.name == open?.name && record.event != "started")
            {
                if marker > 0 { printed.append(UnsafeBufferPointer(rebasing: line[..<marker])) }
                switch record.event {
                case "started":
                    // The running test started again before it ended: a child process it spawned runs it in
                    // the same output (OpenCombine 0.14.0's `assertCrashes` runs the test again in a child that
                    // is meant to crash, and the test passes when it does). The test is still running: only
                    // the parent's own end, or none, decides it.
                    if open?.name == record.name {
                        printed.append(line)
                        break
                    }
                    if let unfinished = open { end(unfinished, outcome: .crashed, seconds: 0) }
                    open = (record.name, [])
                    printed = OutputTail(limit: XCTestOutputParser.outputTail)
                case "passed", "failed", "skipped":
                    let outcome: TestOutcome =
                        record.event == "passed" ? .passed : record.event == "failed" ? .failed : .skipped
                    let issues = open?.name == record.name ? open?.issues ?? [] : []
                    end((record.name, issues), outcome: outcome, seconds: record.seconds ?? 0)
                default:
                    if open != nil { printed.append(line) }
                }
            } else if ByteSearch.firstIndex(of: XCTestOutputParser.errorMarker, in: line) != nil,
                let issue = parser.failureRecord(Substring(Self.text(line))), open != nil, issue.test == open?.name
            {
                open?.issues.append(issue.message)
            } else if open != nil {
                printed.append(line)
            }
        }

        /// Ends `test` with `outcome`; what it printed is kept when it did not pass. A second end of the test
        /// that ended last, with no test started between, is the parent's after its child's: it replaces it.
        mutating func end(_ test: (name: String, issues: [String]), outcome: TestOutcome, seconds: Double) {
            var result = TestResult(outcome: outcome, duration: seconds, issues: test.issues)
            if outcome != .passed, outcome != .skipped { result.output = printed.text }
            if open == nil, let last = entries.last, last.outputName == test.name {
                result.issues = last.result.issues + result.issues
                entries[entries.count - 1] = Entry(outputName: test.name, result: result)
            } else {
                entries.append(Entry(outputName: test.name, result: result))
            }
            open = nil
            printed = OutputTail(limit: XCTestOutputParser.outputTail)
        }

        /// The entries, a test still running at the end of the output ended as crashed.
        mutating func finish() -> [Entry] {
            if let unfinished = open { end(unfinished, outcome: .crashed, seconds: 0) }
            return entries
        }

        static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    }

    /// What starts a record: `Test Case '`.
    static let recordMarker = Array("Test Case '".utf8)
    /// What a failure line holds: `: error: `.
    static let errorMarker = Array(": error: ".utf8)

    /// The index of the line feed ending the line at `start`, or the end of `bytes`.
    static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `Test Case 'NAME' EVENT …` split into its parts; `nil` for any other line.
    private func testCaseRecord(_ line: String) -> (name: String, event: String, seconds: Double?)? {
        let prefix = "Test Case '"
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let quote = rest.range(of: "' ") else { return nil }
        let name = normalizedName(rest[..<quote.lowerBound])
        let tail = rest[quote.upperBound...]
        // Apple's runner ends its `started.` with a full stop.
        var event = tail.prefix { $0 != " " }
        if event.hasSuffix(".") { event = event.dropLast() }
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
