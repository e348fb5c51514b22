import Foundation

/// Known flaky tests kept out of the thresholds: the file `.litmus-quarantine` in the audited package,
/// one test a line (its id as the JSON report gives it, or its name), with its reason as a `# comment`
/// after it or on the lines right above it. Quarantined tests still run and are reported; their findings are
/// marked `quarantined` and counted against no letter (Trunk-style quarantine).
public struct Quarantine: Sendable, Hashable, Codable {
    /// One quarantined test.
    public struct Entry: Sendable, Hashable, Codable {
        /// The test's id or name, as written.
        public var test: String
        /// Why it is quarantined.
        public var reason: String
        /// Its line in the file.
        public var line: Int

        /// Whether it names `test`, by id or name.
        func names(_ test: TestReport) -> Bool { self.test == test.id || self.test == test.name }
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
            entries.append(Entry(test: code, reason: reason, line: number))
            pendingReason = nil
        }
        return Quarantine(entries: entries)
    }

    /// The entry naming `test` (by id or name), if any.
    func entry(for test: TestReport) -> Entry? { entries.first { $0.names(test) } }
}

/// What the report says of the quarantine: which tests it held, and which entries can go.
public struct QuarantineReport: Codable, Sendable, Hashable {
    /// The quarantined tests' ids (their findings are marked `quarantined` and count against no letter).
    public var tests: [String]
    /// Entries whose test no longer flips (no R or I finding, not failing on every run): remove them.
    public var noLongerFlipping: [Quarantine.Entry]
    /// Entries naming no test of the package.
    public var unknown: [Quarantine.Entry]
}

extension ReportAssembly {
    /// `findings` with those of quarantined tests marked, and what the report says of the quarantine;
    /// `nil` for an empty quarantine.
    static func quarantine(
        _ quarantine: Quarantine, tests: [TestReport], findings: [Finding], failingTests: [String]
    ) -> (findings: [Finding], report: QuarantineReport?) {
        guard !quarantine.entries.isEmpty else { return (findings, nil) }
        var held: [String: Quarantine.Entry] = [:]
        for test in tests { if let entry = quarantine.entry(for: test) { held[test.id] = entry } }
        let marked = findings.map { finding in
            var marked = finding
            if let test = finding.test, held[test] != nil { marked.quarantined = true }
            return marked
        }
        let unstable = Set(
            findings.filter { $0.letter == .repeatable || $0.letter == .isolated }.compactMap(\.test) + failingTests)
        let used = Set(held.values)
        return (
            marked,
            QuarantineReport(
                tests: held.keys.sorted(),
                noLongerFlipping: held.filter { !unstable.contains($0.key) }.values.sorted { $0.line < $1.line },
                unknown: quarantine.entries.filter { !used.contains($0) })
        )
    }
}
