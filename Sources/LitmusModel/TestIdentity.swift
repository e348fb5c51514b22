/// The test framework a test is written with.
public enum TestLibrary: String, Codable, Sendable, Hashable {
    /// XCTest (`XCTestCase` subclasses and their `test…` methods).
    case xctest = "XCTest"
    /// Swift Testing (`@Test` functions).
    case swiftTesting = "Swift Testing"
}

/// A test's identifier as its runner names it: `Module.Class/testMethod` for XCTest, the event stream's
/// `Module.Suite/function()/File.swift:line:column` for Swift Testing. The key by which the runs,
/// coverage, the static analysis's matches, mutation and the reports find one test; in JSON the text.
public struct TestID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringInterpolation
{
    /// The identifier's text.
    public var rawValue: String

    /// The identifier `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The identifier `text`.
    public init(_ text: String) { self.rawValue = text }

    /// The identifier of a literal.
    public init(stringLiteral text: String) { self.rawValue = text }

    /// The test module: what precedes the first dot (`LedgerTests` of `LedgerTests.Suite/f()`).
    public var module: String { String(rawValue.prefix { $0 != "." }) }

    /// What precedes the first `/`: `Module.Class` of an XCTest identifier, `Module.Suite` of a Swift
    /// Testing one (the whole identifier when it has no `/`).
    public var container: String { String(rawValue.prefix { $0 != "/" }) }

    /// What follows the last `/`: an XCTest test's method (`testA` of `Module.Class/testA`).
    public var lastComponent: String { rawValue.split(separator: "/").last.map(String.init) ?? rawValue }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders by the text.
    public static func < (left: TestID, right: TestID) -> Bool { left.rawValue < right.rawValue }

    /// Reads the text.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension TestID: CodingKeyRepresentable {
    /// The key of a dictionary by test: its text, so `[TestID: …]` is a JSON object as `[String: …]` was.
    public var codingKey: any CodingKey { Key(stringValue: rawValue) }

    /// The identifier a dictionary key holds.
    public init?<T: CodingKey>(codingKey: T) { self.init(codingKey.stringValue) }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// One test of the audited package, as its runner names it.
public struct TestIdentity: Hashable, Codable, Sendable {
    /// The framework that runs it.
    public var library: TestLibrary
    /// The runner's identifier (``TestID``).
    public var id: TestID
    /// The source file that declares it, when known.
    public var file: String?
    /// The line that declares it, when known.
    public var line: Int?
    /// Its Swift Testing tags, its suites' included, without the leading dot (`endToEnd`).
    public var tags: [String] = []

    /// Creates a test identity.
    public init(library: TestLibrary, id: TestID, file: String? = nil, line: Int? = nil, tags: [String] = []) {
        self.library = library
        self.id = id
        self.file = file
        self.line = line
        self.tags = tags
    }

    /// The identifier's text.
    private var text: String { id.rawValue }

    /// A short name for people: `Class.testMethod` or `Suite/function()`.
    public var name: String {
        switch library {
        case .xctest:
            return xctestOutputName ?? text
        case .swiftTesting:
            // Drop the module and the trailing source location: `Module.Suite/f()/File.swift:3:4`.
            var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 1, parts.last?.contains(".swift:") == true { parts.removeLast() }
            var joined = parts.joined(separator: "/")
            if let dot = joined.firstIndex(of: "."), joined[..<dot].allSatisfy({ $0 != "/" && $0 != "(" }) {
                joined = String(joined[joined.index(after: dot)...])
            }
            return joined
        }
    }

    /// The XCTest class, without its module (`ATests` for `Mod.ATests/testA`).
    public var xctestClass: String? {
        guard library == .xctest, let slash = text.firstIndex(of: "/") else { return nil }
        let qualified = text[..<slash]
        return qualified.split(separator: ".").last.map(String.init)
    }

    /// The name XCTest prints on Linux: `Class.method`.
    package var xctestOutputName: String? {
        guard let slash = text.firstIndex(of: "/"), let type = xctestClass else { return nil }
        return "\(type).\(text[text.index(after: slash)...])"
    }

    /// The XCTest class with its module (`Mod.ATests` for `Mod.ATests/testA`): two test targets may each
    /// declare a class of the same name.
    public var qualifiedXCTestClass: String? {
        guard library == .xctest, let slash = text.firstIndex(of: "/") else { return nil }
        return String(text[..<slash])
    }

    /// The name the static analysis gives it: `Module.Class.method`.
    package var qualifiedOutputName: String? {
        guard let slash = text.firstIndex(of: "/"), let type = qualifiedXCTestClass else { return nil }
        return "\(type).\(text[text.index(after: slash)...])"
    }

    /// The place to show a person: `file:line` when known.
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }
}

/// How one run of one test ended.
public enum TestOutcome: String, Codable, Sendable, Hashable {
    /// It ran and recorded no failure.
    case passed
    /// It ran and recorded a failure.
    case failed
    /// It was skipped (`XCTSkip`, a disabled trait).
    case skipped
    /// It started and its process died before it ended (a crash, `fatalError`, a timeout).
    case crashed
    /// It was asked for and never started.
    case notRun

    /// Whether the outcome counts as a failure of the test.
    public var isFailure: Bool { self == .failed || self == .crashed }
}

/// The result of one test in one process.
public struct TestResult: Hashable, Codable, Sendable {
    /// How it ended.
    public var outcome: TestOutcome
    /// Its duration in seconds, as its runner measured it.
    public var duration: Double
    /// The failure messages it recorded, each with its `file:line` when known.
    public var issues: [String]
    /// When it started and ended, in seconds on the run's clock (Swift Testing's event stream), so a run
    /// tells which tests ran at the same time; `nil` for XCTest.
    public var span: ClosedRange<Double>?
    /// Issues recorded with its test id after it ended (work it started that nothing waited for); they
    /// do not change its outcome.
    public var lateIssues: [RecordedIssue] = []
    /// The end of what it printed (at most 4 KiB), when it did not pass or skip: XCTest's tests only, whose
    /// output lies between their records; `nil` when it passed, printed nothing, or ran under Swift
    /// Testing (whose tests share one output).
    public var output: String?

    /// Creates a result.
    public init(
        outcome: TestOutcome, duration: Double, issues: [String] = [], span: ClosedRange<Double>? = nil,
        lateIssues: [RecordedIssue] = []
    ) {
        self.outcome = outcome
        self.duration = duration
        self.issues = issues
        self.span = span
        self.lateIssues = lateIssues
    }
}

/// An issue as Swift Testing's event stream records it: its message and where it was recorded.
public struct RecordedIssue: Hashable, Codable, Sendable {
    /// The message (`Expectation failed: …`).
    public var message: String
    /// The file of the check that recorded it, when known.
    public var file: String?
    /// Its line, when known.
    public var line: Int?

    /// Creates an issue.
    public init(message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }
}

extension TestID {
    /// A short name for people, as ``TestIdentity/name`` gives it, the framework told by the identifier's
    /// shape (Swift Testing's ends in its source location).
    public var shortName: String {
        let swiftTesting = rawValue.split(separator: "/").last?.contains(".swift:") == true
        return TestIdentity(library: swiftTesting ? .swiftTesting : .xctest, id: self).name
    }
}
