import Foundation
import LitmusAudit
import Testing

@testable import LitmusReport

@Suite("The HTML report page")
struct HTMLReportTests {
    @Test("A </script> in a test name is embedded escaped, so it cannot end the script element")
    func scriptEndEscaped() {
        let sut = HTMLReport(auditJSON: Data(#"{"name":"a</script><b>&c"}"#.utf8))

        // When
        let page = sut.render()

        // Then
        #expect(embedded("audit-data", in: page) == #"{"name":"a\u003c/script\u003e\u003cb\u003e\u0026c"}"#)
    }

    @Test("The escaped JSON reads back as the same value, line and paragraph separators included")
    func escapedJSONReadsBack() throws {
        let original = "x</script>\u{2028}y\u{2029}<!--z"
        let json = try JSONSerialization.data(withJSONObject: ["name": original])
        let sut = HTMLReport(auditJSON: json)

        // When
        let text = try #require(embedded("audit-data", in: sut.render()))
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]

        // Then
        #expect(!text.contains("\u{2028}"))
        #expect(decoded == ["name": "x</script>\u{2028}y\u{2029}<!--z"])
    }

    @Test("The page embeds the audit report it was given: the Examples' 158 tests and seed")
    func auditEmbedded() throws {
        let sut = HTMLReport(auditJSON: try resource("examples-audit.json"))

        // When
        let text = try #require(embedded("audit-data", in: sut.render()))
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(text.utf8))

        // Then
        #expect(report.tests.count == 158)
        #expect(report.seed == 708_000)
    }

    @Test("The page embeds the mutation report it was given")
    func mutationEmbedded() throws {
        let sut = HTMLReport(auditJSON: nil, mutationJSON: try resource("cashregister-mutation.json"))

        // When
        let text = try #require(embedded("mutation-data", in: sut.render()))
        let report = try JSONDecoder().decode(StrykerReport.self, from: Data(text.utf8))

        // Then
        #expect(report.files["CashRegister/Sources/CashRegister/CashRegister.swift"]?.mutants.count == 20)
    }

    @Test("A report that is not given is embedded as null")
    func absentReportsAreNull() {
        let sut = HTMLReport(auditJSON: nil, mutationJSON: nil)

        // When
        let page = sut.render()

        // Then
        #expect(embedded("audit-data", in: page) == "null")
        #expect(embedded("mutation-data", in: page) == "null")
    }

    @Test("An audit with no tests, findings or coverage is read and embedded")
    func emptyAudit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.json")
        try Data(emptyAuditJSON.utf8).write(to: file)

        // When
        let sut = HTMLReport(auditJSON: try ReportFile.audit(at: file.path))
        let text = try #require(embedded("audit-data", in: sut.render()))
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(text.utf8))

        // Then
        #expect(report.package == "/empty")
        #expect(report.tests.isEmpty)
    }

    @Test("The page is self-contained: its script and style are inline and it loads nothing")
    func selfContained() {
        let page = HTMLReport(auditJSON: nil).render()

        // Then
        #expect(!page.contains("<link"))
        #expect(!page.contains(" src="))
        #expect(!page.contains("{{"))
        #expect(page.contains("<style>/* The HTML report's styles"))
        #expect(page.contains("<script>// The HTML report's script"))
        #expect(page.contains("<script>// The HTML report's building blocks"))
    }

    @Test("The page's own script and style hold nothing that would end their element early")
    func resourcesCannotEndTheirElement() {
        let script = String(decoding: PackageResources.report_js + PackageResources.report_table_js, as: UTF8.self)
            .lowercased()
        let style = String(decoding: PackageResources.report_css, as: UTF8.self).lowercased()

        // Then
        #expect(!script.contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!style.contains("</style"))
    }

    @Test("Text inserted for one marker is never read as another")
    func markersFilledOnce() {
        let sut = HTMLReport.fill("<a>{{A}}</a><b>{{B}}</b>", with: ["A": "{{B}}", "B": "b"])

        // Then
        #expect(sut == "<a>{{B}}</a><b>b</b>")
    }
}
