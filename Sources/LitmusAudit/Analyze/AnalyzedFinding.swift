import Foundation

/// A finding of the static analysis before the audit ties it to the test the runner names
/// (``SelfValidatingJudge``): the analysis names its test its own way (`Module.Class.method` for XCTest,
/// `Suite/function` for Swift Testing, a helper's or a closure's name), which is no ``TestID``.
public struct AnalyzedFinding: Sendable, Hashable, Codable {
    /// The finding, naming no test yet.
    public var finding: Finding
    /// The analysis's name for the test (or function) it is in.
    public var testName: String?
    /// The runner's identifier of that test, where the sources tell it (an XCTest method:
    /// `Module.Class/method`), for a test the runner never ran; `nil` for a Swift Testing test (its
    /// identifier holds the place the runner reports) or a helper.
    public var testID: TestID?
    /// Whether it is a note: a remark that fails no letter (a test the package builds only for a platform or
    /// a condition its CI never builds, by its own choice), reported in the report's `notes`.
    public var isNote = false

    /// Its kind.
    public var kind: FindingKind { finding.kind }
    /// Its file.
    public var file: String? { finding.file }
    /// Its line.
    public var line: Int? { finding.line }
    /// What was found.
    public var message: String { finding.message }

    /// A finding of `kind` in the test the analysis calls `testName`, at `file` and `line`.
    init(kind: FindingKind, testName: String?, file: String?, line: Int?, message: String) {
        finding = Finding(kind: kind, file: file, line: line, message: message)
        self.testName = testName
    }

    /// A finding of the never-run family, of `cause`'s kind and fix, in the test the analysis calls `testName`.
    init(cause: NeverRunCause, testName: String?, file: String?, line: Int?, message: String) {
        finding = Finding(cause: cause, file: file, line: line, message: message)
        self.testName = testName
    }

    /// Reads the finding's keys, `test` holding the analysis's name: the shape shard partials have always
    /// had (`note` absent: a finding).
    public init(from decoder: any Decoder) throws {
        finding = try Finding(from: decoder)
        testName = finding.test?.rawValue
        finding.test = nil
        let container = try decoder.container(keyedBy: Keys.self)
        testID = try container.decodeIfPresent(TestID.self, forKey: .testID)
        isNote = try container.decodeIfPresent(Bool.self, forKey: .note) ?? false
    }

    /// Writes the finding's keys, `test` holding the analysis's name, `testID` when known, and `note` when
    /// it is one.
    public func encode(to encoder: any Encoder) throws {
        var named = finding
        named.test = testName.map(TestID.init(rawValue:))
        try named.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(testID, forKey: .testID)
        if isNote { try container.encode(true, forKey: .note) }
    }

    private enum Keys: String, CodingKey { case testID, note }
}
