import Foundation
import LitmusAudit
import Testing

@testable import LitmusReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A test can print any byte, and name itself nearly anything: every report format stays valid and shows
/// what was there. The fixture report's names and messages hold control characters (U+0001, U+0007,
/// U+001B, DEL, a C1 control, a noncharacter), `]]>`, quotes, a 10 kB line and bytes that are not UTF-8
/// (decoded as a process's output is, with replacement).
@Suite("Reports of hostile text: every format valid, every control character shown")
struct HostileTextReportTests {
    /// Bytes that are not UTF-8 between letters, as a test process's output is read.
    static let notUTF8 = String(decoding: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0xC3, 0x28, 0x21] as [UInt8], as: UTF8.self)
    static let name =
        "name \u{01} bell \u{07} clear \u{1B}[2J ]]> \"double\" 'single' <tag> & del \u{7F} c1 \u{85} \u{FFFE}"
    static let longLine = String(repeating: "0123456789", count: 1000)
    static let message = "title \u{1B}]0;owned\u{07} cr\r\nsecond line " + notUTF8 + " " + longLine

    /// An audit of one failing test with the hostile name and message, its finding, a note and what the
    /// binary printed when no test was observed.
    static func report() -> AuditReport {
        let id = TestID("M.Hostile/\(name)")
        let test = TestReport(
            id: id, name: name, library: .xctest, file: "Tests/M/Hostile.swift", line: 3,
            suiteOutcomes: [.failed, .passed], aloneOutcome: .failed, durationsMilliseconds: [1, 2],
            medianMilliseconds: 1.5, flipRate: 0.5, issues: [message], coveredLines: [:])
        return AuditReport(
            package: "/pkg/\u{1B}[31m", seed: 7, options: AuditOptions(), wallSeconds: 1, buildSeconds: 0,
            tests: [test],
            findings: [
                Finding(kind: .flaky, test: id, file: "Tests/M/Hostile.swift", line: 3, message: message),
                Finding(kind: .crashed, message: "crashed: \u{1B}[1A\u{1B}[2K" + notUTF8),
            ],
            verdicts: [Verdict(letter: .repeatable, passed: false, findings: 1, summary: "1 flaky test")],
            failingTests: [id], unmetThresholds: ["maxRepeatable 0, found 1"],
            unobservedSuite: UnobservedSuite(
                reason: "no test observed", exitStatus: 1, failures: [], lastLines: [message, "\u{1B}c reset"]))
    }

    /// Every scalar up to U+FFFF (surrogates aside) and a few above, in one name.
    static let everyCharacter = String(
        String.UnicodeScalarView(
            ((0...0xFFFF).filter { !(0xD800...0xDFFF).contains($0) } + [0x1F600, 0x10FFFF]).compactMap(
                Unicode.Scalar.init)))

    @Test("The JUnit XML parses, and names and messages read back with their control characters shown")
    func junitParses() throws {
        // When
        let sut = try XMLReading(JUnitReport().render(Self.report()))
        // Then
        try #require(sut.error == nil, "\(sut.error.map { "\($0)" } ?? "")")
        let shownName =
            #"name \u{01} bell \u{07} clear \u{1B}[2J ]]> "double" 'single' <tag> & del \u{7F} c1 \u{85} \u{FFFE}"#
        #expect(sut.attributes("testcase", "name").first == shownName)
        let failure = try #require(sut.attributes("failure", "message").first)
        #expect(failure.contains(#"title \u{1B}]0;owned\u{07} cr"# + "\r\nsecond line bad\u{FFFD}\u{FFFD}\u{FFFD}(!"))
        #expect(failure.hasSuffix(Self.longLine))
        #expect(sut.texts("failure").first?.contains(Self.longLine) == true)
    }

    @Test("The JUnit XML of a name holding every character parses")
    func junitEveryCharacter() throws {
        // Given
        var report = Self.report()
        report.tests[0].name = Self.everyCharacter
        // When
        let sut = try XMLReading(JUnitReport().render(report))
        // Then
        #expect(sut.error == nil)
        #expect(sut.attributes("testcase", "name").first?.contains("\u{1F600}") == true)
    }

    @Test("The terminal report shows every control character as text: only its own colours are escapes")
    func terminalShowsControls() {
        // When
        let sut = TerminalReport(colors: true).render(Self.report())
        // Then
        var uncoloured = sut
        for code in ["\u{1B}[31m", "\u{1B}[32m", "\u{1B}[0m"] {
            uncoloured = uncoloured.replacingOccurrences(of: code, with: "")
        }
        let controls = uncoloured.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
        #expect(sut.contains(#"clear \u{1B}[2J ]]>"#))
        #expect(sut.contains(#"title \u{1B}]0;owned\u{07} cr\u{0D}"#))
        #expect(sut.contains(#"\u{1B}c reset"#))
    }

    @Test("The history's text shows control characters as text too")
    func historyTextShowsControls() {
        // Given
        let summary = HistorySummary(
            file: "/h\u{1B}[2J.sqlite", runsInFile: 0, audits: 0, window: 20, tests: [], findings: [],
            quarantineAdvice: [], releasable: [], notYetAlone: [], trend: [], quarantineRate: 0.05, releaseAfter: 10)
        // When
        let sut = HistoryTerminalReport().render(summary)
        // Then
        #expect(sut.hasPrefix(#"History /h\u{1B}[2J.sqlite"#))
    }

    @Test("The JSON report is valid UTF-8 JSON and keeps every name and message exactly")
    func jsonKeepsText() throws {
        // When
        let sut = try JSONReport().render(Self.report())
        // Then
        #expect(String(data: sut, encoding: .utf8) != nil)
        let decoded = try JSONDecoder().decode(AuditReport.self, from: sut)
        #expect(decoded.tests.first?.name == Self.name)
        #expect(decoded.findings.first?.message == Self.message)
    }

    @Test("The SARIF log is valid JSON and keeps the message exactly")
    func sarifKeepsText() throws {
        // When
        let sut = try SARIFReport(audit: Self.report(), mutation: nil).json()
        // Then
        let log = try #require(try JSONSerialization.jsonObject(with: sut) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let texts = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(texts.contains { $0.contains(Self.message) })
    }

    @Test("The page embeds the report as JSON with no raw control character and no end of its element")
    func pageEmbedsSafely() throws {
        // When
        let sut = try HTMLReport(audit: Self.report()).render()
        // Then
        let json = try #require(embedded("audit-data", in: sut))
        let controls = json.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
        #expect(!json.contains("</"))
        let decoded = try JSONDecoder().decode(AuditReport.self, from: Data(json.utf8))
        #expect(decoded.tests.first?.name == Self.name)
    }

    @Test("GitHub's annotations are one line each, with control characters shown")
    func annotationsOneLine() {
        // When
        let sut = GitHubReport(audit: Self.report(), mutation: nil).annotations()
        // Then
        #expect(!sut.isEmpty)
        for line in sut {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(sut.contains { $0.contains(#"title \u{1B}]0;owned\u{07} cr%0D%0Asecond line"#) })
    }
}

/// An XML document read by Foundation's parser (libxml2 on Linux): its elements' attributes and text.
final class XMLReading: NSObject, XMLParserDelegate {
    private var elements: [(name: String, attributes: [String: String], text: String)] = []
    private var open: [Int] = []
    /// The parser's error, if the document is not well-formed.
    private(set) var error: (any Error)?

    init(_ document: String) throws {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        // On Linux `parse()` can return true with an error set: both are read.
        if !parser.parse() || parser.parserError != nil { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    /// The value of `attribute` on each `element`, in document order.
    func attributes(_ element: String, _ attribute: String) -> [String] {
        elements.filter { $0.name == element }.compactMap { $0.attributes[attribute] }
    }

    /// The text of each `element`, in document order.
    func texts(_ element: String) -> [String] {
        elements.filter { $0.name == element }.map(\.text)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append((elementName, attributes, ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        open.removeLast()
    }
}
