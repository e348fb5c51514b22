import Foundation

/// Known flaky tests kept out of the thresholds: the file `.litmus-quarantine` in the audited package,
/// one test a line (its id as the JSON report gives it, or its name: a ``TestSelector``), with its reason
/// as a `# comment` after it or on the lines right above it. Quarantined tests still run and are
/// reported; their findings are marked `quarantined` and counted against no letter (Trunk-style quarantine).
public struct Quarantine: Sendable, Hashable, Codable {
    /// One quarantined test.
    public struct Entry: Sendable, Hashable, Codable {
        /// The test, as written: its id or its name (``TestSelector``). `test` in JSON.
        public var selector: TestSelector
        /// Why it is quarantined.
        public var reason: String
        /// Its line in the file.
        public var line: Int

        /// The test's id or name, as written.
        @available(*, deprecated, renamed: "selector", message: "a TestSelector: its text is `selector.text`")
        public var test: String {
            get { selector.text }
            set { selector = TestSelector(newValue) }
        }

        /// An entry for the test `selector` names, quarantined for `reason`, written at `line`.
        public init(selector: TestSelector, reason: String, line: Int) {
            self.selector = selector
            self.reason = reason
            self.line = line
        }

        /// An entry for `test` (an id or a name), quarantined for `reason`, written at `line`.
        @available(*, deprecated, renamed: "init(selector:reason:line:)")
        public init(test: String, reason: String, line: Int) {
            self.init(selector: TestSelector(test), reason: reason, line: line)
        }

        /// Whether it names `test`, by id or by name as its selector says.
        package func names(_ test: TestReport) -> Bool { selector.matches(test) }

        private enum CodingKeys: String, CodingKey {
            case selector = "test"
            case reason, line
        }
    }

    /// The file's name in the package.
    public static let fileName = ".litmus-quarantine"

    /// The entries, in the file's order.
    public var entries: [Entry] = []

    /// An empty quarantine.
    public init(entries: [Entry] = []) { self.entries = entries }

    /// The quarantine of the package at `package`: empty when it has no `.litmus-quarantine`.
    public static func load(package: URL) throws -> Quarantine {
        let url = package.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return Quarantine() }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw AuditError.badQuarantine(location: url.path, reason: "it is not UTF-8 text")
        }
        return try parse(text, path: url.path)
    }

    /// Parses the file's text; a line with more than one word before its `#`, or a test without a reason,
    /// is an error naming `path:line`.
    public static func parse(_ text: String, path: String) throws -> Quarantine {
        var entries: [Entry] = []
        var pendingReason: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let hash = raw.firstIndex(of: "#")
            let code = raw[..<(hash ?? raw.endIndex)].trimmingCharacters(in: .whitespaces)
            let comment = hash.map { raw[raw.index(after: $0)...].trimmingCharacters(in: .whitespaces) }
            if code.isEmpty {
                // Comment lines give the reason of the test on the next line; a blank line forgets them.
                if let comment, !comment.isEmpty {
                    pendingReason = pendingReason.map { $0 + " " + comment } ?? comment
                } else {
                    pendingReason = nil
                }
                continue
            }
            guard !code.contains(where: \.isWhitespace) else {
                throw AuditError.badQuarantine(
                    location: "\(path):\(number)",
                    reason: "\"\(code)\" is not one test id: write one test a line, its reason after `#`")
            }
            guard let reason = comment.flatMap({ $0.isEmpty ? nil : $0 }) ?? pendingReason else {
                throw AuditError.badQuarantine(
                    location: "\(path):\(number)",
                    reason: "\(code) has no reason: add `# why` after it or on the line above")
            }
            entries.append(Entry(selector: TestSelector(code), reason: reason, line: number))
            pendingReason = nil
        }
        return Quarantine(entries: entries)
    }

    /// The entry naming `test` (by id or name), if any.
    package func entry(for test: TestReport) -> Entry? { entries.first { $0.names(test) } }
}

/// What the report says of the quarantine: which tests it held, and which entries can go.
public struct QuarantineReport: Codable, Sendable, Hashable {
    /// The quarantined tests' ids (their findings are marked `quarantined` and count against no letter).
    public var tests: [TestID]
    /// Entries whose test no longer flips (no R or I finding, not failing on every run): remove them.
    public var noLongerFlipping: [Quarantine.Entry]
    /// Entries naming no test of the package.
    public var unknown: [Quarantine.Entry]

    /// Creates the value from every field.
    package init(tests: [TestID], noLongerFlipping: [Quarantine.Entry], unknown: [Quarantine.Entry]) {
        self.tests = tests
        self.noLongerFlipping = noLongerFlipping
        self.unknown = unknown
    }
}
