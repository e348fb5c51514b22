import Foundation
import LitmusJSON
import Testing

@testable import LitmusUI

/// The trace file as a page: one self-contained HTML file, its data safe inside it.
@Suite("A trace is one self-contained HTML page")
struct TraceDocumentTests {
    private func document(console text: String = "ready", title: String = "a test") -> TraceDocument {
        let recorder = TraceRecorder(mode: .failure, test: title, name: "aTest()", url: "http://127.0.0.1:1/")
        recorder.record(
            recorder.begin(), "launch", detail: "http://127.0.0.1:1/",
            page: ["dom": "<!doctype html><html><body><button>7</button></body></html>"])
        recorder.receive(
            "Runtime.consoleAPICalled", ["type": "log", "args": [["type": "string", "value": .string(text)]]])
        return recorder.document()
    }

    @Test("The page's policy lets it request nothing: no network, no script but its own")
    func contentSecurityPolicy() {
        let sut = document().html

        #expect(sut.contains(#"content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline"#))
        #expect(!sut.contains("src=\"http"))
        #expect(!sut.contains("href=\"http"))
    }

    @Test("A message holding </script> cannot end the trace's data early; the data reads back as written")
    func scriptEndInData() throws {
        let sut = document(console: "</script><script>alert(1)</script>").html

        #expect(try traceData(in: sut)["console"].array?.first?["text"] == "</script><script>alert(1)</script>")
    }

    @Test("The step's DOM is kept as a text, for the viewer's sandboxed frame")
    func domInData() throws {
        let sut = document().html

        #expect(try traceData(in: sut)["doms"] == ["<!doctype html><html><body><button>7</button></body></html>"])
        #expect(sut.contains(#"<iframe id="dom" sandbox="""#))
    }

    @Test("The test's name in the title is escaped")
    func titleEscaped() {
        let sut = document(title: "a <b> & \"c\"").html

        #expect(sut.contains("<title>UI trace: a &lt;b&gt; &amp; &quot;c&quot;</title>"))
    }
}
