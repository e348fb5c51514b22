#if os(Linux)
    import ArgumentParser
    import Foundation
    import Testing

    @testable import LitmusHARTool

    @Suite("litmus-har inspect: entries, matchers, redacted values and age; a file it cannot read exits 2")
    struct HARInspectCommandTests {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        /// 45 days and 3 hours after login.har's first entry (2026-11-23T00:00:00Z).
        let now = Date(timeIntervalSince1970: 1_795_392_000 + 45 * 86_400 + 3 * 3_600)

        @Test("A recording's report lists its entries, the matcher each becomes, its redacted values and its age")
        func report() throws {
            let file = fixtures.appendingPathComponent("login.har").path

            let output = try HARInspectCommand.report(of: file, now: now)

            #expect(
                output == """
                    \(file): 3 entries (made by Litmus 1.0)

                    Entries (method, status, response body, URL):
                      0  POST  201  42 bytes  https://api.example.com/login
                      1  GET   200  13 bytes  https://api.example.com/albums?q=phish
                      2  GET   200  19 bytes  https://api.example.com/albums?q=phish

                    Matching when replayed (HARMatching.standard: method, host, path, query, body):
                      0  method is POST && host is api.example.com && path is /login && query is exactly  \
                    && JSON body is {"password":"REDACTED","user":"ann"}
                      1  method is GET && host is api.example.com && path is /albums && query is exactly q=phish \
                    && body is ""
                      2  alike entry 1: answers after it, in recorded order

                    Redacted (values that read REDACTED):
                      0  request JSON field password
                      0  response header Set-Cookie
                      0  response JSON field token
                      1  request header Authorization
                      2  request header Authorization

                    Age: 45 days 3 hours (the oldest entry started 2026-11-23T00:00:00Z)

                    """)
        }

        @Test("A file that is not a HAR is refused, naming the file, the entry, the field and the fix")
        func corruptFile() {
            let file = fixtures.appendingPathComponent("corrupt.har").path

            let error = #expect(throws: HARInspectFailure.self) { try HARInspectCommand.report(of: file, now: now) }

            #expect(
                error?.description
                    == "The HAR file \(file) is not a valid HAR 1.2 archive: the value at entry 0 "
                    + "(GET https://api.example.com/a), response.status is not a whole number. Export it again from "
                    + "the browser's devtools (Network, Save all as HAR) or re-record it with LITMUS_HTTP_RECORD=all.")
        }

        @Test("A missing file is refused, naming the path and how to record it")
        func missingFile() {
            let file = fixtures.appendingPathComponent("none.har").path

            let error = #expect(throws: HARInspectFailure.self) { try HARInspectCommand.report(of: file, now: now) }

            #expect(error?.description.hasPrefix("The HAR file \(file) could not be read (") == true)
            #expect(
                error?.description.hasSuffix(
                    "Check the path (a relative one is read from the current folder), or record the file first with "
                        + "LITMUS_HTTP_RECORD=missing swift test.") == true)
        }

        @Test("litmus-har inspect exits 2 on a file it cannot read")
        func exitStatus() throws {
            var command = try HARCommand.parseAsRoot([
                "inspect", fixtures.appendingPathComponent("corrupt.har").path,
            ])

            #expect(throws: ExitCode(2)) { try command.run() }
        }
    }
#endif
