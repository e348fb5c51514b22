import Foundation
import LitmusReport
import LitmusSupport
import Testing

@testable import LitmusAudit
@testable import LitmusRunning

/// The Hostile fixture audited: tests that fail with control characters, `]]>`, quotes and a 10 kB line in
/// their messages and print them with bytes that are not UTF-8, one that traps with them, a test that
/// prints 2 MB, and one that closes its standard output. Every report stays valid, each test's output is
/// kept to a bounded tail, and the closed output is one crash.
@Suite("Auditing hostile output", .tags(.endToEnd))
struct HostileOutputEndToEndTests {
    private static let closing = "EchoTests.ZClosedOutputTests/testClosesStandardOutput"
    private static let chatty = "EchoTests.HostileTextTests/testPrintsALot"
    private static let hostile = "EchoTests.HostileTextTests/testFailsWithHostileText"

    @Test("Its JUnit XML is read by Python's xml.etree, names and messages with their control characters shown")
    func junitParsesInPython() async throws {
        // Given
        let report = try await FixtureAudits.shared.audit("Hostile").report
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml")
        try Data(JUnitReport().render(report).utf8).write(to: junit)
        let script = """
            import sys, xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            for case in root.iter('testcase'):
                for failure in case.iter('failure'):
                    said = failure.get('message') + ' | ' + (failure.text or '')
                    print(case.get('name'), '|', said[:600].encode('unicode_escape').decode())
            """
        // When
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, junit.path], in: folder, timeout: 120)
        // Then
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(#"bell \\u{07} clear \\u{1B}[2J title \\u{1B}]0;owned\\u{07} ]]> "double""#))
    }

    @Test("Its terminal report shows control characters as text, its JSON and SARIF are valid UTF-8 JSON")
    func otherFormatsValid() async throws {
        // When
        let report = try await FixtureAudits.shared.audit("Hostile").report
        // Then
        let text = TerminalReport(colors: false).render(report)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        // The trap's finding quotes what it printed.
        #expect(text.contains(#"Fatal error: trapped: bell \u{07} clear \u{1B}[2J title \u{1B}]0;owned\u{07} ]]>"#))
        let json = try JSONReport().render(report)
        #expect(String(data: json, encoding: .utf8) != nil)
        #expect(try JSONDecoder().decode(AuditReport.self, from: json).tests.count == report.tests.count)
        _ = try JSONSerialization.jsonObject(with: try SARIFReport(audit: report, mutation: nil).json())
    }

    @Test("A test that closes its standard output is one crash finding, naming it")
    func closedOutputOneCrash() async throws {
        // When
        let report = try await FixtureAudits.shared.audit("Hostile").report
        // Then
        let naming = report.findings.filter {
            $0.test?.rawValue == Self.closing || $0.message.contains("testClosesStandardOutput")
        }
        #expect(naming.map(\.kind) == [.crashed], "\(naming.map(\.message))")
    }

    @Test("A failing test's output is kept to its last 4 KiB, with its last line; bytes not UTF-8 read as U+FFFD")
    func outputTailKept() async throws {
        // When
        let report = try await FixtureAudits.shared.audit("Hostile").report
        // Then
        let chatty = try #require(report.tests.first { $0.id.rawValue == Self.chatty }?.output)
        #expect(chatty.hasPrefix("["))
        #expect(chatty.hasSuffix("the chatty test's last line"))
        let keptLines: [Int] = chatty.split(separator: "\n").dropFirst().map { $0.utf8.count + 1 }
        #expect(keptLines.reduce(0, +) <= 4096)
        let hostile = try #require(report.tests.first { $0.id.rawValue == Self.hostile }?.output)
        #expect(hostile.hasSuffix("bad\u{FFFD}\u{FFFD}\u{FFFD}(!"))
    }
}
